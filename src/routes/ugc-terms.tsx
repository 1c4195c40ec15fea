import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/ugc-terms')({
  component: () => (
    <>
      <PageMeta page="ugc" />
      <LegalPage doc="ugc" />
    </>
  ),
});
