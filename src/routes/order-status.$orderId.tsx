import { createFileRoute } from '@tanstack/react-router';
import { LANGUAGES, type Language } from '#contract/markets.ts';
import { orderStatusQueryOptions } from '#src/features/order-status/api/order-status.ts';
import { isGiftKey } from '#src/features/order-status/gift-key.ts';
import { OrderStatusPage } from '#src/features/order-status/order-status-page.tsx';
import { preload } from '#src/lib/query-host.ts';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';

export const Route = createFileRoute('/order-status/$orderId')({
  // The language the visitor switched to on this page (else the page speaks the order's language).
  // `key`: the gift key of the buyer's gift link (order-gift.tsx).
  // `changed`: the place of a book whose change was just saved ("Change the book", issue #47).
  validateSearch: (search): { lang?: Language; key?: string; changed?: string } => {
    const lang = search.lang;
    const changed = String(search.changed ?? '');
    return {
      ...(typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)
        ? { lang: lang as Language }
        : {}),
      ...(isGiftKey(search.key) ? { key: search.key } : {}),
      ...(/^[1-9]\d{0,2}$/.test(changed) ? { changed } : {}),
    };
  },
  // The order as bought, in the server's page too (a link in the confirmation mail opens it).
  loader: async ({ context, params }) => {
    await Promise.all([
      context.i18n.loadNamespaces(['order-status']),
      preload(context.queryClient, orderStatusQueryOptions(params.orderId)),
    ]);
  },
  component: OrderStatus,
});

function OrderStatus() {
  const { orderId } = Route.useParams();
  const { lang, key, changed } = Route.useSearch();
  const language = useShopLanguage();
  return (
    <>
      <PageMeta page="orderStatus" />
      <OrderStatusPage
        key={orderId}
        orderId={orderId}
        language={language}
        chosenLanguage={lang}
        giftKey={key}
        changed={changed}
      />
    </>
  );
}
