import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartSummary } from './api/cart-summary.ts';
import { CartItemCard } from './cart-item-card.tsx';
import { CartSummaryPanel } from './cart-summary-panel.tsx';
import { englishPossessive } from '#book/grammar/english.ts';
import { declineLatvianName } from '#book/grammar/latvian.ts';
import { MAX_BOOKS_PER_ORDER } from '#contract/order-limits.ts';
import type { CartItem } from '#contract/orders.ts';
import { siblingDraftFromCartItem } from '#machines/purchase-payload.ts';
import { WALLET_METHODS } from '#contract/shop.ts';
import { CART_APPROVAL_KEY } from '#src/lib/open-order.ts';
import { keepSiblingDraft } from '#src/lib/sibling-draft.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';
import { session } from '#src/lib/storage.ts';
import { CheckoutActions } from './checkout-actions.tsx';
import { CheckoutBar } from './checkout-bar.tsx';
import { HrefLink } from './href-link.tsx';
import './cart.css';
import './cart-actions.css';

const PLUS_ICON = (
  <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

/**
 * 'Add one more book', or, when the cart holds the most books one order can (the server refuses
 * one more), the same action disabled with the reason beside it.
 */
function AddAnotherBook({ full, items }: { full: boolean; items: CartItem[] }) {
  const { t } = useTranslation('cart');
  const reason = useId();
  const navigate = useNavigate();
  if (!full) {
    // A sibling's book: start from the grown-ups of a book already in the cart (issue #33).
    const startFrom = (item: CartItem) => {
      // A book whose looks cannot be read starts fresh, as 'Add one more book' does.
      const draft = siblingDraftFromCartItem(item);
      if (draft) keepSiblingDraft(draft);
      void navigate({ to: '/personalizeTest/$bookName', params: { bookName: 'football_story' } });
    };
    return (
      <div className="cart__add-group">
        <HrefLink
          href="/personalizeTest/football_story"
          className="button button--secondary cart__add"
        >
          {PLUS_ICON}
          {t('addAnother')}
        </HrefLink>
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            className="button button--secondary cart__add"
            onClick={() => startFrom(item)}
          >
            {PLUS_ICON}
            {t('addSibling', { possessive: possessiveOf(item) })}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="cart__add cart__add--full">
      {/* aria-disabled, not disabled: it stays reachable by keyboard, with its reason read out. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled="true"
        aria-describedby={reason}
      >
        {PLUS_ICON}
        {t('addAnother')}
      </button>
      <p id={reason} className="cart__limit">
        {t('bookLimit', { max: MAX_BOOKS_PER_ORDER })}
      </p>
    </div>
  );
}

/** "Ella’s" in English, "Ellas" in Latvian (the child's name in the book's language forms). */
function possessiveOf(item: CartItem): string {
  if (item.language === 'lv')
    return declineLatvianName(item.childName, item.childGender === 'Girl' ? 'girl' : 'boy').gen;
  return englishPossessive(item.childName);
}

/** Where Checkout and the wallet button lead (the checkout issue builds that page). */
const CHECKOUT_PATH = '/checkout/delivery';

/** The approval kept for this session: the order and its books as they were approved. */
const approvalOf = (orderId: string, itemIds: string) => `${orderId}:${itemIds}`;

/**
 * The cart: the books of the current language's order, the summary with the coupon box, and the
 * approval that unlocks checkout (kept in session storage for these very books, so Back from
 * checkout finds it ticked). No order id, no books or an order the server no longer knows (404)
 * show an empty cart with the way to the book.
 */
export function CartPage() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const { language, orderId, summary, isLoading, isError, refetch, countryId, setCountryId } =
    useCartSummary();
  const wallets =
    useShopInfo().info?.paymentMethods.some((method) => WALLET_METHODS.includes(method)) ?? false;
  const [approved, setApprovedNow] = useState(false);
  const [removedNotice, setRemovedNotice] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const itemIds = summary?.items.map((item) => item.id).join(',');

  // Approval covers the books as they are now: a change of the books asks for it again.
  const [approvedFor, setApprovedFor] = useState(itemIds);
  if (approvedFor !== itemIds) {
    setApprovedFor(itemIds);
    setApprovedNow(false);
  }
  // Back from checkout: the books approved in this session are still approved (read after the
  // first render, which the server's page also shows unticked).
  useEffect(() => {
    if (orderId && itemIds && session.get(CART_APPROVAL_KEY) === approvalOf(orderId, itemIds))
      setApprovedNow(true);
  }, [orderId, itemIds]);
  const setApproved = (value: boolean) => {
    setApprovedNow(value);
    if (value && orderId && itemIds) session.set(CART_APPROVAL_KEY, approvalOf(orderId, itemIds));
    else session.remove(CART_APPROVAL_KEY);
  };

  useEffect(() => {
    if (removedNotice) heading.current?.focus();
  }, [removedNotice, itemIds]);

  if (!orderId || summary === null || (summary && summary.items.length === 0)) {
    return (
      <div className="cart cart--message cart--empty">
        <h1>{t('empty.title')}</h1>
        <p>{t('empty.text')}</p>
        <Link to="/YouCanDoIt" className="button button--primary">
          {t('empty.book')}
        </Link>
      </div>
    );
  }

  if (isError && !summary) {
    return (
      <div className="cart cart--message">
        <h1>{t('title')}</h1>
        <p role="alert">{t('failed')}</p>
        <button type="button" className="button button--secondary" onClick={refetch}>
          {t('retry')}
        </button>
      </div>
    );
  }

  if (isLoading || !summary) {
    return (
      <p className="loading" role="status">
        {t('loading')}
      </p>
    );
  }

  const goToCheckout = (wallet: boolean) => {
    void navigate({ href: wallet ? `${CHECKOUT_PATH}?method=wallet` : CHECKOUT_PATH });
  };

  return (
    <div className="cart">
      <div className="cart__main">
        <h1 ref={heading} tabIndex={-1}>
          {t('title')}
        </h1>
        <p className="visually-hidden" role="status">
          {removedNotice ? t('item.removed') : ''}
        </p>
        <h2 className="visually-hidden">{t('booksHeading')}</h2>
        <ul className="cart__items">
          {summary.items.map((item) => (
            <CartItemCard
              key={item.id}
              item={item}
              currency={summary.currencyCode}
              language={language}
              approved={approved}
              onRemoved={() => setRemovedNotice(true)}
            />
          ))}
        </ul>
        <AddAnotherBook full={summary.items.length >= MAX_BOOKS_PER_ORDER} items={summary.items} />
      </div>
      <div className="cart__side">
        <CartSummaryPanel
          summary={summary}
          language={language}
          countryId={countryId}
          onCountryChange={setCountryId}
        />
        <CheckoutActions
          approved={approved}
          onApprovedChange={setApproved}
          onCheckout={() => goToCheckout(false)}
          onWallet={wallets ? () => goToCheckout(true) : undefined}
        />
      </div>
      <CheckoutBar
        summary={summary}
        language={language}
        approved={approved}
        onCheckout={() => goToCheckout(false)}
      />
    </div>
  );
}
