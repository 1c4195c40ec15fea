import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PLACED_STATUSES } from '#contract/order-status.ts';
import { useDashboard } from './api/orders-api.ts';
import { formatMinor } from './format.ts';
import { OrdersChart } from './orders-chart.tsx';

/** The shop at a glance: orders by status, books sold, revenue, the first edition, the newsletter. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('admin');
  const dashboard = useDashboard();
  if (dashboard.isPending) return <p className="loading">{t('loading')}</p>;
  if (dashboard.isError) return <p role="alert">{t('errors.load')}</p>;
  const d = dashboard.data;
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
        <article className="admin-card">
          <h2>{t('dashboard.revenue')}</h2>
          {d.revenue.length === 0 ? (
            <p>{t('dashboard.noRevenue')}</p>
          ) : (
            d.revenue.map((r) => (
              <p key={r.currencyCode} className="admin-figure">
                <strong>{formatMinor(r.minor, r.currencyCode, i18n.language)}</strong>
              </p>
            ))
          )}
          {d.refunds.map((r) => (
            <p key={r.currencyCode}>
              {t('dashboard.refunds')}: {formatMinor(r.minor, r.currencyCode, i18n.language)} ({r.count})
            </p>
          ))}
        </article>
        <article className="admin-card">
          <h2>{t('dashboard.firstEdition')}</h2>
          <p className="admin-figure">
            <strong>{t('dashboard.editionCount', { sold: d.firstEdition.sold, of: d.firstEdition.of })}</strong>
          </p>
          <progress max={d.firstEdition.of} value={d.firstEdition.sold} aria-label={t('dashboard.firstEdition')} />
        </article>
        <article className="admin-card">
          <h2>{t('dashboard.newsletter')}</h2>
          <p className="admin-figure">
            <strong>{d.newsletter.confirmed}</strong> {t('dashboard.confirmed')}
          </p>
          <p>{t('dashboard.pending', { count: d.newsletter.pending })}</p>
          <p>{t('dashboard.growth', { count: d.newsletter.confirmedLast30Days })}</p>
        </article>
      </div>
      <article className="admin-card">
        <h2>{t('dashboard.ordersPerDay')}</h2>
        <OrdersChart days={d.ordersPerDay} />
      </article>
    </section>
  );
}
