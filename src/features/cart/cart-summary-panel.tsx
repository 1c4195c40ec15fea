import { useTranslation } from 'react-i18next';
import type { CartSummary } from '#contract/orders.ts';
import type { Language } from '../../lib/languages.ts';
import { CouponForm } from './coupon-form.tsx';
import { formatAmount } from '../../lib/money.ts';

interface CartSummaryPanelProps {
  summary: CartSummary;
  language: Language;
}

/** Subtotal, delivery, discount and total exactly as the server computed them, and the coupon box. */
export function CartSummaryPanel({ summary, language }: CartSummaryPanelProps) {
  const { t } = useTranslation('cart');
  const money = (amount: number) => formatAmount(amount, summary.currencyCode, language);
  const coupon = summary.couponInfo;
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t('summary.title')}</h2>
      <dl className="cart-summary__lines">
        <div>
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('summary.delivery')}</dt>
          <dd>{money(summary.deliveryCost)}</dd>
        </div>
        {summary.discount > 0 && (
          <div className="cart-summary__discount">
            <dt>{t('summary.discount', { code: coupon?.code ?? '', percent: coupon?.percentOff ?? 0 })}</dt>
            <dd>{money(-summary.discount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>{t('summary.total')}</dt>
          <dd>{money(summary.total)}</dd>
        </div>
      </dl>
      {summary.deliveryCost > 0 && <p className="cart-summary__note">{t('summary.deliveryNote')}</p>}
      <CouponForm orderId={summary.orderId} couponInfo={coupon} />
    </section>
  );
}
