import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/terms')({
  component: () => (
    <>
      <PageMeta page="terms" />
      <LegalPage doc="terms" />
    </>
  ),
});
