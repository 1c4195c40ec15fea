// The site's header and footer, which the builder's steps and checkout do not show (flow-paths.ts):
// a chunk of their own, so those pages do not load them (issue #48 item 3). site-frame-slots.tsx
// loads it for the pages that show them.
import { useLanguageChangeConfirmation } from '#src/features/cart/language-change.tsx';
import { useSiteFacts } from '#src/lib/site-facts.ts';
import { Header } from '#src/features/shell/header.tsx';

export { Footer } from '#src/features/shell/footer.tsx';

/**
 * The header with the cart's book count. Changing the language while the cart has books asks
 * first: each language has its own order and currency, so the cart is reset.
 */
export function SiteHeader() {
  const cartCount = useSiteFacts()?.cartCount ?? 0;
  const { confirmLanguageChange, dialog } = useLanguageChangeConfirmation(cartCount);
  return (
    <>
      <Header cartCount={cartCount} confirmLanguageChange={confirmLanguageChange} />
      {dialog}
    </>
  );
}
