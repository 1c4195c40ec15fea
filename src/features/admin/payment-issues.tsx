import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PaymentAlert, PaymentIssues } from '#contract/admin-orders.ts';
import { formatMoney } from '#book/typography.ts';
import { errorBody } from './api/admin-fetch.ts';
import { usePaymentAlertAction } from './api/orders-api.ts';
import { formatDateTime } from './format.ts';

/**
 * The dashboard's card of payment issues: the alerts the owner must act on (each with what to do
 * and its buttons), then automatic refunds (failed ones first), mismatches, chargebacks.
 */
export function PaymentIssuesCard({ issues }: { issues: PaymentIssues }) {
  const { t, i18n } = useTranslation('admin');
  const { automaticRefunds: refunds } = issues;
  const quiet =
    issues.alerts.length +
      refunds.queued +
      refunds.failed +
      issues.mismatches +
      issues.chargebacks ===
    0;
  return (
    <article
      className={issues.alerts.length > 0 ? 'admin-card admin-card--wide' : 'admin-card'}
      aria-labelledby="payment-issues-title"
    >
      <h2 id="payment-issues-title">{t('dashboard.paymentIssues.title')}</h2>
      {issues.alerts.length > 0 && (
        <section aria-labelledby="payment-alerts-title">
          <h3 id="payment-alerts-title">
            {t('dashboard.paymentIssues.alertsTitle', { count: issues.alerts.length })}
          </h3>
          <ul className="admin-list admin-alerts">
            {issues.alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} language={i18n.language} />
            ))}
          </ul>
        </section>
      )}
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

/** One alert: what happened, what to do, its order and its buttons. */
function AlertItem({ alert, language }: { alert: PaymentAlert; language: string }) {
  const { t } = useTranslation('admin');
  const act = usePaymentAlertAction();
  const amount =
    alert.amountMinor !== null && alert.currencyCode
      ? formatMoney(alert.amountMinor, alert.currencyCode, language)
      : '';
  const failure = act.error ? errorBody(act.error) : null;
  const key = `dashboard.paymentIssues.alert.${alert.kind}`;
  const titleId = `payment-alert-${alert.id}`;
  return (
    <li aria-labelledby={titleId}>
      <strong id={titleId}>{t(`${key}.title`)}</strong>
      {amount && `: ${amount}`},{' '}
      {alert.orderNumber && alert.orderId ? (
        <Link to="/admin/orders/$orderId" params={{ orderId: alert.orderId }}>
          {alert.orderNumber}
        </Link>
      ) : alert.reference ? (
        t('dashboard.paymentIssues.unplaced')
      ) : (
        t('dashboard.paymentIssues.wholeShop')
      )}
      , {formatDateTime(alert.at, language)}
      {alert.reference && (
        <>
          {' '}
          <code>{alert.reference}…</code>
        </>
      )}
      <p className="admin-alerts__todo">{t(`${key}.todo`, { amount })}</p>
      <p className="admin-alerts__detail">
        {t('dashboard.paymentIssues.detail', { detail: alert.detail })}
      </p>
      <div className="admin-actions">
        {alert.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'dismiss' ? 'button button--secondary' : 'button button--primary'}
            disabled={act.isPending}
            onClick={() => act.mutate({ id: alert.id, action })}
          >
            {t(`dashboard.paymentIssues.action.${action}`)}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="admin-form__error">
          {failure.code === 'not-payable'
            ? t('dashboard.paymentIssues.notPayable')
            : failure.status === 502
              ? t('dashboard.paymentIssues.providerDown')
              : failure.status === 404 || failure.status === 409
                ? t('dashboard.paymentIssues.gone')
                : t('errors.network')}
        </p>
      )}
    </li>
  );
}
