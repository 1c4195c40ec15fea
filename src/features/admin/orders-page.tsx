import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACED_STATUSES } from '#contract/order-status.ts';
import { useOrders } from './api/orders-api.ts';
import { formatDateTime, formatMinor, toPlacedStatus } from './format.ts';
import { Pager } from './pager.tsx';

/** Paid orders, newest first: filter by status, search by order number, e-mail or child's name. */
export function OrdersPage() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const search = useSearch({ from: '/admin/orders/' });
  const navigate = useNavigate({ from: '/admin/orders/' });
  const status = toPlacedStatus(search.status);
  const page = search.page ?? 1;
  const orders = useOrders({ status, q: search.q, page });
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate({ search: { ...(status ? { status } : {}), ...(text.trim() ? { q: text.trim() } : {}) } });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('orders.title')}</h1>
      <form className="admin-filters" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-status`}>{t('orders.status')}</label>
        <select
          id={`${id}-status`}
          value={status ?? ''}
          onChange={(e) => void navigate({ search: { ...(e.target.value ? { status: e.target.value } : {}), ...(search.q ? { q: search.q } : {}) } })}
        >
          <option value="">{t('orders.allStatuses')}</option>
          {PLACED_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-q`}>{t('orders.search')}</label>
        <input id={`${id}-q`} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-q-hint`} />
        <button type="submit" className="button button--primary button--small">
          {t('orders.searchButton')}
        </button>
        <p id={`${id}-q-hint`} className="admin-form__hint">
          {t('orders.searchHint')}
        </p>
      </form>
      {orders.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : orders.isError ? (
        <p role="alert">{t('errors.load')}</p>
      ) : orders.data.rows.length === 0 ? (
        <p>{t('orders.none')}</p>
      ) : (
        <>
          <p aria-live="polite">{t('orders.count', { count: orders.data.total })}</p>
          <div className="admin-scroll">
            <table className="admin-table admin-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t('orders.number')}</th>
                  <th scope="col">{t('orders.paidAt')}</th>
                  <th scope="col">{t('orders.status')}</th>
                  <th scope="col">{t('orders.email')}</th>
                  <th scope="col">{t('orders.children')}</th>
                  <th scope="col">{t('orders.books')}</th>
                  <th scope="col">{t('orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.rows.map((row) => (
                  <tr key={row.orderId}>
                    <th scope="row" data-label={t('orders.number')}>
                      <Link to="/admin/orders/$orderId" params={{ orderId: row.orderId }}>
                        {row.orderNumber}
                      </Link>
                    </th>
                    <td data-label={t('orders.paidAt')}>{formatDateTime(row.paidAt, i18n.language)}</td>
                    <td data-label={t('orders.status')}>
                      <span className={`admin-status admin-status--${row.status}`}>{t(`status.${row.status}`)}</span>
                    </td>
                    <td data-label={t('orders.email')}>{row.email}</td>
                    <td data-label={t('orders.children')}>{row.childNames.join(', ')}</td>
                    <td data-label={t('orders.books')}>{row.books}</td>
                    <td data-label={t('orders.total')}>{formatMinor(row.totalMinor, row.currencyCode, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={(p) => void navigate({ search: { ...search, page: p } })} />
        </>
      )}
    </section>
  );
}
