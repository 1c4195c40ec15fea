import { createFileRoute } from '@tanstack/react-router';
import { ShippingInfoPage } from '#src/features/delivery/shipping-info-page.tsx';
import { PageMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/delivery')({
  component: () => (
    <>
      <PageMeta page="delivery" />
      <ShippingInfoPage />
    </>
  ),
});
