import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import type { AdminRefundPreview, RefundRequest, RefundScope } from '#contract/admin-refunds.ts';
import { Dialog } from '#src/ui/dialog.tsx';
import { errorBody } from './api/admin-fetch.ts';
import { useRefund, useRefundPreview } from './api/orders-api.ts';
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
  const preview = useRefundPreview(order.orderId);
  // The request the owner is asked to confirm, with what the server says it pays back.
  const [asking, setAsking] = useState<{
    body: RefundRequest;
    plan: AdminRefundPreview;
  } | null>(null);
  const [scope, setScope] = useState<RefundScope>('items');
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [requestKey, setRequestKey] = useState(newKey);
  const money = (minor: number) => formatMoney(minor, order.currencyCode, i18n.language);
  const failed = refund.error ?? preview.error;
  const failure = failed ? errorBody(failed) : null;
  const items = order.items.filter((item) => order.refundableItemIds.includes(item.itemId));
  const everythingLeft = scope !== 'items' || (chosen.length > 0 && chosen.length === items.length);
  const amount = everythingLeft
    ? order.refundableMinor
    : chosen.reduce((sum, itemId) => sum + (order.itemRefundMinor[itemId] ?? 0), 0);
  const ready =
    reason.trim() !== '' &&
    (scope !== 'items' || chosen.length > 0) &&
    !refund.isPending &&
    !preview.isPending;

  // First the server says what and how much (nothing moves), then the owner confirms (#44.9).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const body: RefundRequest =
      scope === 'items'
        ? { scope, itemIds: chosen, reason, requestKey }
        : { scope, reason, requestKey };
    refund.reset();
    preview.mutate(body, { onSuccess: (plan) => setAsking({ body, plan }) });
  };
  const confirm = () => {
    if (!asking) return;
    const { body } = asking;
    setAsking(null);
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
              {row.delivery && order.deliveryMinor > 0 && `, ${t('refunds.delivery')}`}),{' '}
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
      {asking && (
        <RefundConfirmation
          order={order}
          plan={asking.plan}
          reason={asking.body.reason}
          onConfirm={confirm}
          onCancel={() => setAsking(null)}
        />
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

/**
 * The confirmation before any money moves: what the refund pays back (each book and the delivery,
 * as the server computed them), the total, that the order is cancelled with it, and a warning for
 * a book whose print files the printer already has. Focus starts on 'Go back', the safe answer.
 */
function RefundConfirmation({
  order,
  plan,
  reason,
  onConfirm,
  onCancel,
}: {
  order: AdminOrderDetail;
  plan: AdminRefundPreview;
  reason: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const money = (minor: number) => formatMoney(minor, plan.currencyCode, i18n.language);
  const itemOf = (itemId: string) => order.items.find((item) => item.itemId === itemId);
  const amount = money(plan.amountMinor);
  return (
    <Dialog
      className="admin-refund-confirm"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onCancel={onCancel}
    >
      <h2 id={`${id}-title`}>
        {t(plan.cancel ? 'refunds.confirm.titleCancel' : 'refunds.confirm.title', { amount })}
      </h2>
      <p id={`${id}-text`}>
        {t(plan.cancel ? 'refunds.confirm.textCancel' : 'refunds.confirm.text', {
          amount,
          number: order.orderNumber,
        })}
      </p>
      <ul className="admin-refund-confirm__lines">
        {plan.lines.map((line) => {
          const item = line.itemId ? itemOf(line.itemId) : undefined;
          return (
            <li key={line.itemId ?? 'delivery'}>
              <span>
                {item
                  ? t('refunds.confirm.book', {
                      name: item.child.name,
                      format: t(`formats.${item.coverType}`, { defaultValue: item.coverType }),
                    })
                  : t('refunds.confirm.delivery')}
              </span>
              <span>{money(line.amountMinor)}</span>
            </li>
          );
        })}
        <li className="admin-refund-confirm__total">
          <span>{t('refunds.confirm.total')}</span>
          <span>{amount}</span>
        </li>
      </ul>
      <p>{t('refunds.confirm.reason', { reason })}</p>
      {plan.handedOn.map((book) => (
        <p key={book.itemId} className="admin-form__error">
          {t('refunds.confirm.handedOn', {
            name: itemOf(book.itemId)?.child.name ?? '',
            at: formatDateTime(book.at, i18n.language),
          })}
        </p>
      ))}
      <p>{t('refunds.confirm.final')}</p>
      <div className="admin-refund-confirm__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t(plan.cancel ? 'refunds.submitCancel' : 'refunds.submit', { amount })}
        </button>
        <button
          type="button"
          data-initial-focus
          className="button button--secondary"
          onClick={onCancel}
        >
          {t('refunds.confirm.back')}
        </button>
      </div>
    </Dialog>
  );
}
