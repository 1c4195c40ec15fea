import { isPaidNotShipped } from '#contract/order-lifecycle.ts';
import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminAddress } from '#contract/admin-orders.ts';
import { useOrder, useRenderAgain } from './api/orders-api.ts';
import { formatMoney } from '#book/typography.ts';
import { formatDateTime } from './format.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderParcel } from './order-gift.tsx';
import { OrderPrintPartner } from './order-print-partner.tsx';
import { OrderItemCard } from './order-item-card.tsx';
import { BookProof } from './proof-holds.tsx';
import { OrderRefunds } from './order-refunds.tsx';
import { useSession } from './api/session-api.ts';

function Address({ address }: { address: AdminAddress }) {
  return (
    <address>
      {address.firstName} {address.lastName}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.zip} {address.city}
      {address.province && `, ${address.province}`}
      <br />
      {address.countryName}
      <br />
      {address.phone}
    </address>
  );
}

/** One paid order: its books, the parent's details, the money, the payment, the timeline and the actions. */
export function OrderPage() {
  const { t, i18n } = useTranslation('admin');
  const { orderId } = useParams({ from: '/admin/orders/$orderId' });
  const order = useOrder(orderId);
  const renderAgain = useRenderAgain(orderId);
  const session = useSession();
  if (order.isPending) return <p className="loading">{t('loading')}</p>;
  if (order.isError) return <p role="alert">{t('order.notFound')}</p>;
  const o = order.data;
  const money = (minor: number) => formatMoney(minor, o.currencyCode, i18n.language);
  const printable = isPaidNotShipped(o.status);
  return (
    <article aria-labelledby="order-title" className="admin-order">
      <p>
        <Link to="/admin/orders">{t('order.back')}</Link>
      </p>
      <h1 id="order-title">
        {t('order.title', { number: o.orderNumber })}{' '}
        <span className={`admin-status admin-status--${o.status}`}>{t(`status.${o.status}`)}</span>
      </h1>
      <p>{t('order.paidAt', { at: formatDateTime(o.paidAt, i18n.language) })}</p>

      <section aria-labelledby="order-actions" className="admin-card">
        <h2 id="order-actions">{t('order.actions')}</h2>
        <OrderActions order={o} owner={session.data?.staff.role === 'owner'} />
        {o.trackingNumber && (
          <p>
            {t('order.tracking')}{' '}
            {o.trackingUrl ? (
              <a href={o.trackingUrl} target="_blank" rel="noreferrer noopener">
                {o.trackingNumber}
              </a>
            ) : (
              o.trackingNumber
            )}
          </p>
        )}
      </section>

      <section aria-labelledby="order-items">
        <h2 id="order-items">{t('order.items', { count: o.items.length })}</h2>
        {printable && (
          <p>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={renderAgain.isPending}
              onClick={() => renderAgain.mutate()}
            >
              {t('order.renderAgain')}
            </button>{' '}
            {renderAgain.isSuccess && <span role="status">{t('order.renderQueued')}</span>}
            {renderAgain.isError && <span role="alert">{t('errors.network')}</span>}
          </p>
        )}
        {o.items.map((item) => (
          <div key={item.itemId}>
            <OrderItemCard item={item} currencyCode={o.currencyCode} />
            <BookProof proof={item.proof} />
          </div>
        ))}
      </section>

      <div className="admin-cards">
        <section aria-labelledby="order-contact" className="admin-card">
          <h2 id="order-contact">{t('order.contact')}</h2>
          <p>
            <a href={`mailto:${o.email}?subject=${encodeURIComponent(o.orderNumber)}`}>{o.email}</a>
            <br />
            {o.phone}
          </p>
          <h3>{t('order.shippingAddress')}</h3>
          <Address address={o.shippingAddress} />
          <h3>{t('order.billingAddress')}</h3>
          <Address address={o.billingAddress} />
        </section>
        <OrderParcel order={o} />
        <OrderPrintPartner orderId={o.orderId} owner={session.data?.staff.role === 'owner'} />
        <section aria-labelledby="order-money" className="admin-card">
          <h2 id="order-money">{t('order.money')}</h2>
          <dl className="admin-facts">
            <div>
              <dt>{t('order.subtotal')}</dt>
              <dd>{money(o.subtotalMinor)}</dd>
            </div>
            <div>
              <dt>{t('order.discount')}</dt>
              <dd>
                {money(o.discountMinor)} {o.couponCode && `(${o.couponCode})`}
              </dd>
            </div>
            <div>
              <dt>{t('order.delivery')}</dt>
              <dd>{money(o.deliveryMinor)}</dd>
            </div>
            <div>
              <dt>{t('order.total')}</dt>
              <dd>
                <strong>{money(o.totalMinor)}</strong>
              </dd>
            </div>
          </dl>
          <h3>{t('order.payments')}</h3>
          <ul className="admin-list">
            {o.payments.map((p) => (
              <li key={p.reference}>
                {t('order.payment', {
                  provider: p.provider,
                  status: p.status,
                  amount: formatMoney(p.amountMinor, p.currencyCode, i18n.language),
                  at: formatDateTime(p.settledAt ?? p.createdAt, i18n.language),
                })}
                <br />
                <code>{p.providerReference ?? p.reference}</code>{' '}
                {p.providerState && `(${p.providerState})`}
                {p.refundStatus && (
                  <>
                    <br />
                    <strong role={p.refundStatus === 'failed' ? 'alert' : undefined}>
                      {t(`order.autoRefund.${p.refundStatus}`, {
                        amount: formatMoney(p.refundedMinor, p.currencyCode, i18n.language),
                      })}
                    </strong>
                  </>
                )}
                {p.laterOutcome && !p.refundStatus && (
                  <>
                    <br />
                    <strong>
                      {t(`order.laterOutcome.${p.laterOutcome}`, {
                        amount: formatMoney(p.refundedMinor, p.currencyCode, i18n.language),
                      })}
                    </strong>
                  </>
                )}
                {p.mismatch && (
                  <>
                    <br />
                    <strong>{t('order.mismatch', { detail: p.mismatch })}</strong>
                  </>
                )}
              </li>
            ))}
          </ul>
          <OrderRefunds order={o} owner={session.data?.staff.role === 'owner'} />
        </section>
        <section aria-labelledby="order-timeline" className="admin-card">
          <h2 id="order-timeline">{t('order.timeline')}</h2>
          <ol className="admin-timeline">
            {o.history.map((change, i) => (
              <li key={i}>
                <strong>{t(`status.${change.to}`)}</strong>{' '}
                {formatDateTime(change.at, i18n.language)}
                <br />
                {t('order.by', { actor: change.actor })}
                {change.note && <q>{change.note}</q>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
