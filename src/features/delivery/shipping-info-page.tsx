import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FORMAT_EXTRA_DAYS } from '#contract/shop.ts';
import { countryName, sortedCountries } from '#src/lib/countries.ts';
import { useCountries } from '#src/lib/use-countries.ts';
import { formatAmount } from '#src/lib/money.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';
import './delivery.css';

/**
 * /delivery: where we deliver, what it costs in the visitor's market currency and how long it
 * takes, all from the server (the same prices the cart and checkout charge). The time is the
 * country's delivery time plus the printing days of the format.
 */
export function ShippingInfoPage() {
  const { t } = useTranslation('delivery');
  const { language } = useShopInfo();
  const { data: countries, isError, refetch } = useCountries(language);
  return (
    <article className="delivery-page" aria-labelledby="delivery-title">
      <h1 id="delivery-title">{t('title')}</h1>
      <p className="delivery-page__intro">{t('intro')}</p>
      <ul className="delivery-page__facts">
        <li>
          {t('facts.printing', {
            softcover: FORMAT_EXTRA_DAYS.softcover,
            hardcover: FORMAT_EXTRA_DAYS.hardcover,
          })}
        </li>
        <li>{t('facts.perOrder')}</li>
        <li>{t('facts.digital')}</li>
      </ul>
      <h2 id="delivery-table-title">{t('table.title')}</h2>
      {isError ? (
        <p role="alert">
          {t('failed')}{' '}
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : !countries ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <div className="delivery-page__table-wrap">
          <table className="delivery-page__table" aria-labelledby="delivery-table-title">
            <thead>
              <tr>
                <th scope="col">{t('table.country')}</th>
                <th scope="col">{t('table.cost')}</th>
                <th scope="col">{t('table.softcover')}</th>
                <th scope="col">{t('table.hardcover')}</th>
              </tr>
            </thead>
            <tbody>
              {sortedCountries(countries, language).map((country) => (
                <tr key={country.countryId}>
                  <th scope="row">{countryName(country, language)}</th>
                  <td data-label={t('table.cost')}>
                    {formatAmount(country.deliveryCost, country.currencyCode, language)}
                  </td>
                  <td data-label={t('table.softcover')}>
                    {t('table.days', { count: country.deliveryTime + FORMAT_EXTRA_DAYS.softcover })}
                  </td>
                  <td data-label={t('table.hardcover')}>
                    {t('table.days', { count: country.deliveryTime + FORMAT_EXTRA_DAYS.hardcover })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="delivery-page__more">
        {t('more')} <Link to="/faq">{t('faqLink')}</Link> ·{' '}
        <Link to="/contact-us">{t('contactLink')}</Link>
      </p>
    </article>
  );
}
