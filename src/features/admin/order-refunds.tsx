import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import type { RefundScope } from '#contract/admin-refunds.ts';
import { errorBody } from './api/admin-fetch.ts';
import { useRefund } from './api/orders-api.ts';
import { formatMoney } from '#book/typography.ts';
import { formatDateTime } from './format.ts';

interface OrderRefundsProps {
  order: AdminOrderDetail;
  /** Only the owner refunds; staff see the refunds and documents. */
  owner: boolean;
}

/** A key for one refund asked for: the same key on a second click, so the server refunds once. */
const newKey = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`)
    .replace(/[^A-Za-z0-9_-]/g, '')
    .padEnd(16, '0')
    .slice(0, 64);

/**
 * The order's refunds and documents, and for the owner the refund form: some books, the whole
 * order, or cancelling it (before shipping) with everything refunded. The server computes the
 * amount; the form shows what it will be.
 */
export function OrderRefunds({ order, owner }: OrderRefundsProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const refund = useRefund(order.orderId);
  const [scope, setScope] = useState<RefundScope>('items');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [requestKey, setRequestKey] = useState(newKey);
  const money = (minor: number) => formatMoney(minor, order.currencyCode, i18n.language);
  const failure = refund.error ? errorBody(refund.error) : null;
  const items = order.items.filter((item) => order.refundableItemIds.includes(item.itemId));
  const everythingLeft = scope !== 'items' || (chosen.length > 0 && chosen.length === items.length);
  const amount = everythingLeft
    ? order.refundableMinor
    : chosen.reduce((sum, itemId) => sum + (order.itemRefundMinor[itemId] ?? 0), 0);
  const ready =
    reason.trim() !== '' && (scope !== 'items' || chosen.length > 0) && !refund.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const body =
      scope === 'items'
        ? { scope, itemIds: chosen, reason, requestKey }
        : { scope, reason, requestKey };
    refund.mutate(body, {
      onSuccess: () => {
        setChosen([]);
        setReason('');
        setRequestKey(newKey());
      },
      onError: () => setRequestKey(newKey()),
    });
  };
  const toggle = (itemId: string, on: boolean) =>
    setChosen((list) => (on ? [...list, itemId] : list.filter((x) => x !== itemId)));
  const bookName = (itemId: string) =>
    order.items.find((item) => item.itemId === itemId)?.child.name ?? itemId.slice(0, 6);

  return (
    <div className="admin-refunds">
      {order.documents.length > 0 && (
        <>
          <h3>{t('refunds.documents')}</h3>
          <ul className="admin-list">
            {order.documents.map((doc) => (
              <li key={doc.number}>
                <a href={doc.url} download>
                  {t(`refunds.${doc.kind}`, { number: doc.number })}
                </a>{' '}
                {money(doc.totalMinor)}, {formatDateTime(doc.issuedAt, i18n.language)}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('refunds.title')}</h3>
      <p>{t('refunds.refunded', { amount: money(order.refundedMinor) })}</p>
      {order.refunds.length > 0 && (
        <ul className="admin-list">
          {order.refunds.map((row) => (
            <li key={row.id}>
              <strong>{t(`refunds.status.${row.status}`)}</strong>: {money(row.amountMinor)} (
              {row.cancel ? t('refunds.cancelled') : row.itemIds.map(bookName).join(', ')}
              {row.delivery && `, ${t('refunds.delivery')}`}),{' '}
              {formatDateTime(row.createdAt, i18n.language)}, {row.staffEmail}
              <br />
              <q>{row.reason}</q>
              {row.error && (
                <span className="admin-form__error">
                  {' '}
                  {t('refunds.providerSaid', { error: row.error })}
                </span>
              )}
              {row.creditNote && ` ${t('refunds.credit_note', { number: row.creditNote })}`}
            </li>
          ))}
        </ul>
      )}
      {owner && order.refundScopes.length > 0 && (
        <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-legend`}>
          <fieldset>
            <legend id={`${id}-legend`}>{t('refunds.what')}</legend>
            {order.refundScopes.map((option) => (
              <div key={option}>
                <input
                  type="radio"
                  id={`${id}-${option}`}
                  name={`${id}-scope`}
                  value={option}
                  checked={scope === option}
                  onChange={() => setScope(option)}
                />
                <label htmlFor={`${id}-${option}`}>
                  {t(`refunds.scope.${option}`, { amount: money(order.refundableMinor) })}
                </label>
              </div>
            ))}
          </fieldset>
          {scope === 'items' && (
            <fieldset>
              <legend>{t('refunds.books')}</legend>
              {items.map((item) => (
                <div key={item.itemId}>
                  <input
                    type="checkbox"
                    id={`${id}-item-${item.itemId}`}
                    checked={chosen.includes(item.itemId)}
                    onChange={(e) => toggle(item.itemId, e.target.checked)}
                  />
                  <label htmlFor={`${id}-item-${item.itemId}`}>
                    {t('refunds.book', {
                      name: item.child.name,
                      format: t(`formats.${item.coverType}`, { defaultValue: item.coverType }),
                      amount: money(order.itemRefundMinor[item.itemId] ?? 0),
                    })}
                  </label>
                </div>
              ))}
            </fieldset>
          )}
          <label htmlFor={`${id}-reason`}>{t('refunds.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={500}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {everythingLeft && order.deliveryMinor > 0 && <p>{t('refunds.withDelivery')}</p>}
          <button type="submit" className="button button--primary" disabled={!ready}>
            {scope === 'cancel'
              ? t('refunds.submitCancel', { amount: money(amount) })
              : t('refunds.submit', { amount: money(amount) })}
          </button>
        </form>
      )}
      {refund.isSuccess && (
        <p role="status" className="admin-form__ok">
          {refund.data.status === 'pending'
            ? t('refunds.pendingAnswer')
            : refund.data.status === 'awaiting_transfer'
              ? t('refunds.awaitingTransfer', { amount: money(refund.data.amountMinor) })
              : t('refunds.done', { amount: money(refund.data.amountMinor) })}
        </p>
      )}
      {failure && (
        <p role="alert" className="admin-form__error">
          {failure.status === 502
            ? t('refunds.failed')
            : failure.status === 409
              ? t('refunds.conflict')
              : failure.status === 403
                ? t('refunds.ownerOnly')
                : t('errors.network')}
        </p>
      )}
    </div>
  );
}
