import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/contact-page.tsx';
import { SubscribeBlock } from '../features/newsletter/subscribe-block.tsx';
import { PageMeta } from '../ui/page-meta.tsx';

export const Route = createFileRoute('/contact-us')({
  component: () => (
    <>
      <PageMeta page="contact" />
      <ContactPage />
      <SubscribeBlock />
    </>
  ),
});
