import { countryInSentence } from '#book/typography.ts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartSummary } from '#contract/orders.ts';
import { isPrinted } from '#contract/digital.ts';
import { deliveryEstimateDays } from '#contract/shop.ts';
import { countryName, sortedCountries } from '#src/lib/countries.ts';
import { useCountries } from '#src/lib/use-countries.ts';
import { formatAmount } from '#src/lib/money.ts';
import type { Language } from '#src/lib/languages.ts';
import { CouponForm } from './coupon-form.tsx';

interface CartSummaryPanelProps {
  summary: CartSummary;
  language: Language;
  /** The delivery country the summary is priced for, and how to choose another. */
  countryId: number;
  onCountryChange: (countryId: number) => void;
}

/**
 * Subtotal, delivery, discount and total exactly as the server computed them for the chosen
 * delivery country (the market's country until the parent picks another), the delivery estimate
 * and the coupon box.
 */
export function CartSummaryPanel({
  summary,
  language,
  countryId,
  onCountryChange,
}: CartSummaryPanelProps) {
  const { t } = useTranslation('cart');
  const id = useId();
  const { data: countries } = useCountries(language);
  const money = (amount: number) => formatAmount(amount, summary.currencyCode, language);
  const coupon = summary.couponInfo;
  const country = countries?.find((entry) => entry.countryId === countryId);
  const estimate = country
    ? deliveryEstimateDays(
        country.deliveryTime,
        summary.items.map((item) => item.format),
      )
    : null;
  // PDFs only: nothing is shipped, so no country to ship to and no delivery line (#44 finding 8).
  const shipped = summary.items.some((item) => isPrinted(item.format));
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title">{t('summary.title')}</h2>
      {shipped && (
        <div className="cart-summary__country">
          <label htmlFor={`${id}-country`}>{t('summary.country')}</label>
          <select
            id={`${id}-country`}
            value={countryId}
            onChange={(event) => onCountryChange(Number(event.target.value))}
            disabled={!countries}
          >
            {countries ? (
              sortedCountries(countries, language).map((entry) => (
                <option key={entry.countryId} value={entry.countryId}>
                  {countryName(entry, language)}
                </option>
              ))
            ) : (
              <option value={countryId}>{t('loading')}</option>
            )}
          </select>
        </div>
      )}
      <dl className="cart-summary__lines">
        <div>
          <dt>{t('summary.subtotal')}</dt>
          <dd>{money(summary.subtotal)}</dd>
        </div>
        {shipped && (
          <div>
            <dt>
              {country
                ? t('summary.deliveryTo', {
                    country: countryInSentence(
                      country.countryCode,
                      countryName(country, language),
                      language,
                    ),
                  })
                : t('summary.delivery')}
            </dt>
            <dd>{money(summary.deliveryCost)}</dd>
          </div>
        )}
        {summary.discount > 0 && (
          <div className="cart-summary__discount">
            <dt>
              {t('summary.discount', {
                code: coupon?.code ?? '',
                percent: coupon?.percentOff ?? 0,
              })}
            </dt>
            <dd>{money(-summary.discount)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>{t('summary.total')}</dt>
          <dd>{money(summary.total)}</dd>
        </div>
      </dl>
      {estimate !== null && (
        <p className="cart-summary__note">{t('summary.estimate', { count: estimate })}</p>
      )}
      <CouponForm orderId={summary.orderId} couponInfo={coupon} />
    </section>
  );
}
