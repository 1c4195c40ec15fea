import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLACED_STATUSES } from '#contract/order-status.ts';
import { useOrders } from './api/orders-api.ts';
import { formatMoney } from '#book/typography.ts';
import type { Language } from '#contract/markets.ts';
import { formatDate } from '#src/lib/dates.ts';
import { formatDateTime, toPlacedStatus } from './format.ts';
import { AdminTable, QueryView } from './admin-table.tsx';
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
    void navigate({
      search: { ...(status ? { status } : {}), ...(text.trim() ? { q: text.trim() } : {}) },
    });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('orders.title')}</h1>
      <form className="admin-filters" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-status`}>{t('orders.status')}</label>
        <select
          id={`${id}-status`}
          value={status ?? ''}
          onChange={(e) =>
            void navigate({
              search: {
                ...(e.target.value ? { status: e.target.value } : {}),
                ...(search.q ? { q: search.q } : {}),
              },
            })
          }
        >
          <option value="">{t('orders.allStatuses')}</option>
          {PLACED_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-q`}>{t('orders.search')}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-q-hint`}
        />
        <button type="submit" className="button button--primary button--small">
          {t('orders.searchButton')}
        </button>
        <p id={`${id}-q-hint`} className="admin-form__hint">
          {t('orders.searchHint')}
        </p>
      </form>
      <QueryView query={orders}>
        {(data) =>
          data.rows.length === 0 ? (
            <p>{t('orders.none')}</p>
          ) : (
            <>
              <p aria-live="polite">{t('orders.count', { count: data.total })}</p>
              <AdminTable
                className="admin-table--stack"
                columns={[
                  t('orders.number'),
                  t('orders.paidAt'),
                  t('orders.status'),
                  t('orders.email'),
                  t('orders.children'),
                  t('orders.books'),
                  t('orders.total'),
                ]}
              >
                {data.rows.map((row) => (
                  <tr key={row.orderId}>
                    <th scope="row" data-label={t('orders.number')}>
                      <Link to="/admin/orders/$orderId" params={{ orderId: row.orderId }}>
                        {row.orderNumber}
                      </Link>
                    </th>
                    <td data-label={t('orders.paidAt')}>
                      {formatDateTime(row.paidAt, i18n.language)}
                    </td>
                    <td data-label={t('orders.status')}>
                      <span className={`admin-status admin-status--${row.status}`}>
                        {t(`status.${row.status}`)}
                      </span>
                      {row.dispatchOn && (
                        <span className="admin-orders__dispatch">
                          {t('order.parcel.dispatchOn', {
                            date: formatDate(row.dispatchOn, i18n.language as Language),
                          })}
                        </span>
                      )}
                    </td>
                    <td data-label={t('orders.email')}>{row.email}</td>
                    <td data-label={t('orders.children')}>{row.childNames.join(', ')}</td>
                    <td data-label={t('orders.books')}>{row.books}</td>
                    <td data-label={t('orders.total')}>
                      {formatMoney(row.totalMinor, row.currencyCode, i18n.language)}
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                page={page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(p) => void navigate({ search: { ...search, page: p } })}
              />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
