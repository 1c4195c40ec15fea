import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '#src/features/contact/contact-page.tsx';
import { SubscribeBlock } from '#src/features/newsletter/subscribe-block.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/contact-us')({
  // The page's texts are loaded before it renders (on the server too: they are in the first HTML).
  loader: ({ context }) => context.i18n.loadNamespaces(['contact', 'newsletter']),
  component: () => (
    <PageWithMeta page="contact">
      <ContactPage />
      <SubscribeBlock />
    </PageWithMeta>
  ),
});
