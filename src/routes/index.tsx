import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';
import { i18n } from '../lib/i18n.ts';

export const Route = createFileRoute('/')({
  // Load the page's texts before it renders: no 'Loading…' flash, no footer jumping down (CLS).
  loader: () => i18n.loadNamespaces(['home', 'newsletter']),
  component: () => (
    <>
      <HomePage />
      <SubscribeBlock />
    </>
  ),
});
