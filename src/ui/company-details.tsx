import { useTranslation } from 'react-i18next';
import { useShopInfo } from '#src/lib/shop-info.ts';

/**
 * The company behind the shop as the server's configuration names it (legal name, registration
 * and VAT numbers, address, phone, e-mail): in the footer of every page, the terms and the privacy
 * policy. While the details are the development examples, a note says so.
 */
export function CompanyDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const company = useShopInfo().info?.company;
  if (!company) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="company-details" aria-labelledby="company-details-title">
      <Heading id="company-details-title">{t('company.title')}</Heading>
      <dl>
        <dt>{t('company.legalName')}</dt>
        <dd>{company.legalName}</dd>
        <dt>{t('company.registrationNumber')}</dt>
        <dd>{company.registrationNumber}</dd>
        <dt>{t('company.vatNumber')}</dt>
        <dd>{company.vatNumber}</dd>
        <dt>{t('company.address')}</dt>
        <dd>{company.address}</dd>
        <dt>{t('company.phone')}</dt>
        <dd>
          <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
        </dd>
        <dt>{t('company.email')}</dt>
        <dd>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </dd>
      </dl>
      {company.placeholder && (
        <p className="company-details__placeholder">{t('company.placeholder')}</p>
      )}
    </section>
  );
}

/** One line for the footer: name, registration and VAT numbers, address, phone and e-mail. */
export function CompanyLine() {
  const { t } = useTranslation();
  const company = useShopInfo().info?.company;
  if (!company) return null;
  return (
    <address className="company-line">
      {company.legalName} · {t('company.registrationShort', { number: company.registrationNumber })}{' '}
      · {t('company.vatShort', { number: company.vatNumber })} · {company.address} ·{' '}
      <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a> ·{' '}
      <a href={`mailto:${company.email}`}>{company.email}</a>
      {company.placeholder && (
        <span className="company-line__placeholder"> ({t('company.placeholderShort')})</span>
      )}
    </address>
  );
}
