import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/about/about-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/about-us')({
  component: () => (
    <>
      <PageMeta page="about" />
      <AboutPage />
      <SubscribeBlock />
    </>
  ),
});
