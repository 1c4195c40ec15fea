import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/home-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';

export const Route = createFileRoute('/')({
  component: () => (
    <>
      <HomePage />
      <SubscribeBlock />
    </>
  ),
});
