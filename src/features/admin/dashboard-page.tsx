import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isOwnerDashboard } from '#contract/admin-orders.ts';
import { PLACED_STATUSES } from '#contract/order-status.ts';
import { useDashboard } from './api/orders-api.ts';
import { formatMoney } from '#book/typography.ts';
import { OrdersChart } from './orders-chart.tsx';
import { PaymentIssuesCard } from './payment-issues.tsx';
import { ProofHoldsCard } from './proof-holds.tsx';

/**
 * The shop at a glance: orders by status, books sold, the first edition, orders per day; for owners
 * also revenue and the newsletter (staff see orders and messages only: the server leaves them out).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const dashboard = useDashboard();
  if (dashboard.isPending) return <p className="loading">{t('loading')}</p>;
  if (dashboard.isError) return <p role="alert">{t('errors.load')}</p>;
  const d = dashboard.data;
  const owner = isOwnerDashboard(d) ? d : null;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      <div className="admin-cards">
        <article className="admin-card">
          <h2>{t('dashboard.byStatus')}</h2>
          <ul className="admin-counts">
            {PLACED_STATUSES.map((status) => (
              <li key={status}>
                <Link to="/admin/orders" search={{ status }}>
                  {t(`status.${status}`)}
                </Link>
                <strong>{d.byStatus[status] ?? 0}</strong>
              </li>
            ))}
          </ul>
        </article>
        <article className="admin-card">
          <h2>{t('dashboard.booksSold')}</h2>
          <p className="admin-figure">
            <strong>{d.booksSold.week}</strong> {t('dashboard.thisWeek')}
          </p>
          <p className="admin-figure">
            <strong>{d.booksSold.month}</strong> {t('dashboard.thisMonth')}
          </p>
        </article>
        {owner && (
          <article className="admin-card">
            <h2>{t('dashboard.revenue')}</h2>
            {owner.revenue.length === 0 ? (
              <p>{t('dashboard.noRevenue')}</p>
            ) : (
              owner.revenue.map((r) => (
                <p key={r.currencyCode} className="admin-figure">
                  <strong>{formatMoney(r.minor, r.currencyCode, i18n.language)}</strong>
                </p>
              ))
            )}
            {owner.refunds.map((r) => (
              <p key={r.currencyCode}>
                {t('dashboard.refunds')}: {formatMoney(r.minor, r.currencyCode, i18n.language)} (
                {r.count})
              </p>
            ))}
          </article>
        )}
        <article className="admin-card">
          <h2>{t('dashboard.firstEdition')}</h2>
          <p className="admin-figure">
            <strong>
              {t('dashboard.editionCount', { sold: d.firstEdition.sold, of: d.firstEdition.of })}
            </strong>
          </p>
          <progress
            max={d.firstEdition.of}
            value={d.firstEdition.sold}
            aria-label={t('dashboard.firstEdition')}
          />
          <p className="admin-muted">{t('dashboard.editionNote')}</p>
          {d.firstEdition.retired > 0 && (
            <p>{t('dashboard.editionRetired', { count: d.firstEdition.retired })}</p>
          )}
        </article>
        {owner && (
          <article className="admin-card">
            <h2>{t('dashboard.newsletter')}</h2>
            <p className="admin-figure">
              <strong>{owner.newsletter.confirmed}</strong>{' '}
              {t('dashboard.confirmed', { count: owner.newsletter.confirmed })}
            </p>
            <p>{t('dashboard.pending', { count: owner.newsletter.pending })}</p>
            <p>{t('dashboard.growth', { count: owner.newsletter.confirmedLast30Days })}</p>
          </article>
        )}
        {owner && <PaymentIssuesCard issues={owner.paymentIssues} />}
        <ProofHoldsCard holds={d.proofHolds} />
      </div>
      <article className="admin-card">
        <h2>{t('dashboard.ordersPerDay')}</h2>
        <OrdersChart days={d.ordersPerDay} />
      </article>
    </section>
  );
}
