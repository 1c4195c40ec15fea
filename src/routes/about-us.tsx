import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/about/about-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';
import { PageWithMeta } from '../ui/page-meta.tsx';

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
