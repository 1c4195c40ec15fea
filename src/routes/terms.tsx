import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '#src/features/legal/legal-page.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/terms')({
  // The page's texts are loaded before it renders (on the server too: they are in the first HTML).
  loader: ({ context }) => context.i18n.loadNamespaces(['legal']),
  component: () => (
    <PageWithMeta page="terms">
      <LegalPage doc="terms" />
    </PageWithMeta>
  ),
});
