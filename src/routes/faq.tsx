import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '#src/features/faq/faq-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/faq')({
  // The page's texts are loaded before it renders (on the server too: they are in the first HTML).
  loader: ({ context }) => context.i18n.loadNamespaces(['faq']),
  component: () => (
    <PageWithMeta page="faq">
      <FaqPage />
    </PageWithMeta>
  ),
});
