import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentIssues } from '#contract/admin-orders.ts';
import { formatMoney } from '#book/typography.ts';
import { formatDateTime } from './format.ts';

/** The dashboard's card of payment issues: automatic refunds (failed ones first), mismatches, chargebacks. */
export function PaymentIssuesCard({ issues }: { issues: PaymentIssues }) {
  const { t, i18n } = useTranslation('admin');
  const { automaticRefunds: refunds } = issues;
  const quiet = refunds.queued + refunds.failed + issues.mismatches + issues.chargebacks === 0;
  return (
    <article className="admin-card" aria-labelledby="payment-issues-title">
      <h2 id="payment-issues-title">{t('dashboard.paymentIssues.title')}</h2>
      <p className="admin-figure">
        <strong>{refunds.refunded}</strong> {t('dashboard.paymentIssues.refunded')}
      </p>
      {refunds.failed > 0 && (
        <p role="alert">{t('dashboard.paymentIssues.failed', { count: refunds.failed })}</p>
      )}
      {issues.mismatches > 0 && (
        <p role="alert">{t('dashboard.paymentIssues.mismatches', { count: issues.mismatches })}</p>
      )}
      {refunds.queued > 0 && (
        <p>{t('dashboard.paymentIssues.queued', { count: refunds.queued })}</p>
      )}
      {issues.chargebacks > 0 && (
        <p>{t('dashboard.paymentIssues.chargebacks', { count: issues.chargebacks })}</p>
      )}
      {quiet && <p>{t('dashboard.paymentIssues.none')}</p>}
      {issues.recent.length > 0 && (
        <>
          <h3>{t('dashboard.paymentIssues.recentTitle')}</h3>
          <ul className="admin-list">
            {issues.recent.map((row) => (
              <li key={row.reference}>
                <strong>{t(`dashboard.paymentIssues.kind.${row.kind}`)}</strong>:{' '}
                {formatMoney(row.amountMinor, row.currencyCode, i18n.language)},{' '}
                {row.orderNumber ? (
                  <Link to="/admin/orders/$orderId" params={{ orderId: row.orderId }}>
                    {row.orderNumber}
                  </Link>
                ) : (
                  t('dashboard.paymentIssues.unplaced')
                )}
                , {formatDateTime(row.at, i18n.language)} <code>{row.reference}…</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
