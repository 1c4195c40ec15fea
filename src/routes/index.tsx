import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';

export const Route = createFileRoute('/')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  loader: ({ context }) => context.i18n.loadNamespaces(['home', 'newsletter']),
  component: () => (
    <>
      <HomePage />
      <SubscribeBlock />
    </>
  ),
});
