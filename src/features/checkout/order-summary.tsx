import { useTranslation } from 'react-i18next';
import type { Country } from '#contract/catalogue.ts';
import { deliveryEstimateDays } from '#contract/shop.ts';
import type { CartSummary } from '#contract/orders.ts';
import type { Language } from '#src/lib/languages.ts';
import { formatAmount } from '#src/lib/money.ts';
import { TotalsList } from '#src/ui/totals-list.tsx';

interface OrderSummaryProps {
  summary: CartSummary | undefined;
  country: Country | undefined;
  countryName: string;
  language: Language;
  allDigital: boolean;
  /** True while the server prices the newly chosen country. */
  updating: boolean;
}

/**
 * The order as the server prices it for the selected country (SPEC 'Checkout delivery'): the
 * books, subtotal, discount, delivery cost, total and the delivery estimate (the country's
 * delivery time plus the slowest format's extra days). A digital-only cart shows no delivery.
 */
export function OrderSummary({
  summary,
  country,
  countryName,
  language,
  allDigital,
  updating,
}: OrderSummaryProps) {
  const { t } = useTranslation('checkout');
  if (!summary) {
    return (
      <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
        <h2 id="checkout-summary-title">{t('summary.title')}</h2>
        <p className="loading" role="status">
          {t('summary.loading')}
        </p>
      </section>
    );
  }
  const money = (amount: number) => formatAmount(amount, summary.currencyCode, language);
  const days =
    allDigital || !country
      ? null
      : deliveryEstimateDays(
          country.deliveryTime,
          summary.items.map((item) => item.format),
        );
  const coupon = summary.couponInfo;
  return (
    <section
      className="card checkout-summary"
      aria-labelledby="checkout-summary-title"
      aria-busy={updating}
    >
      <h2 id="checkout-summary-title">{t('summary.title')}</h2>
      <ul className="checkout-summary__items">
        {summary.items.map((item) => (
          <li key={item.id}>
            <span>
              {t('summary.item', { title: item.title, name: item.childName })}
              <span className="checkout-summary__format">{t(`summary.format.${item.format}`)}</span>
            </span>
            <span>{money(item.price)}</span>
          </li>
        ))}
      </ul>
      <TotalsList
        lines={[
          { label: t('summary.subtotal'), amount: money(summary.subtotal) },
          ...(summary.discount > 0
            ? [
                {
                  label: t('summary.discount', {
                    code: coupon?.code ?? '',
                    percent: coupon?.percentOff ?? 0,
                  }),
                  amount: money(-summary.discount),
                  kind: 'discount' as const,
                },
              ]
            : []),
          ...(allDigital
            ? []
            : [
                {
                  label: t('summary.delivery', { country: countryName }),
                  amount: money(summary.deliveryCost),
                },
              ]),
          {
            label: t('summary.total'),
            amount: money(summary.total),
            kind: 'total' as const,
          },
        ]}
      />
      {days !== null && (
        <p className="checkout-summary__estimate">{t('summary.estimate', { count: days })}</p>
      )}
    </section>
  );
}
