import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartSummary } from '#contract/orders.ts';
import { formatAmount } from '#src/lib/money.ts';
import type { Language } from '#src/lib/languages.ts';
import { setBottomInset } from '#src/ui/bottom-inset.ts';

interface CheckoutBarProps {
  summary: CartSummary;
  language: Language;
  approved: boolean;
  onCheckout: () => void;
}

/**
 * On a phone the summary comes after every book, so a bar stays at the bottom of the screen with
 * the total and Checkout. Before the books are approved, Checkout takes the parent to the approval
 * box (and says so) instead of leaving; after, it goes to checkout. Hidden on wider screens, where
 * the summary sits beside the books. While shown, its height (with the hint) is room kept free at
 * the bottom of the window: the page's end and the back-to-top button stay above it.
 */
export function CheckoutBar({ summary, language, approved, onCheckout }: CheckoutBarProps) {
  const { t } = useTranslation('cart');
  const [asked, setAsked] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    // 0 while hidden (display: none on wider screens).
    const measure = () => setBottomInset(element.getBoundingClientRect().height, 'bar');
    measure();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      setBottomInset(0, 'bar');
    };
  }, []);
  const onClick = () => {
    if (approved) {
      onCheckout();
      return;
    }
    const box = document.querySelector<HTMLInputElement>('[data-approval]');
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    box?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'center' });
    box?.focus({ preventScroll: true });
    setAsked(true);
  };
  return (
    <div ref={bar} className="checkout-bar" role="region" aria-label={t('bar.label')}>
      <p className="checkout-bar__total">
        <span>{t('summary.total')}</span>{' '}
        <strong>{formatAmount(summary.total, summary.currencyCode, language)}</strong>
      </p>
      <button type="button" className="button button--primary" onClick={onClick}>
        {t('bar.checkout')}
      </button>
      <p className="checkout-bar__hint" role="status">
        {asked && !approved ? t('bar.approveFirst') : ''}
      </p>
    </div>
  );
}
