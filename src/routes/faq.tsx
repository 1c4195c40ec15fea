import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/faq/faq-page.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/faq')({
  component: () => (
    <>
      <PageMeta page="faq" />
      <FaqPage />
    </>
  ),
});
