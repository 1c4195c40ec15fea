import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: () => (
    <>
      <PageMeta page="privacy" />
      <LegalPage doc="privacy" />
    </>
  ),
});
