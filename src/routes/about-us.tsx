import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '#src/features/about/about-page.tsx';
import { SubscribeBlock } from '#src/features/newsletter/subscribe-block.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/about-us')({
  // The page's texts are loaded before it renders (on the server too: they are in the first HTML).
  loader: ({ context }) => context.i18n.loadNamespaces(['about', 'newsletter']),
  component: () => (
    <PageWithMeta page="about">
      <AboutPage />
      <SubscribeBlock />
    </PageWithMeta>
  ),
});
