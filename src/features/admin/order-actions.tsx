import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail, StatusChangeRequest } from '#contract/admin-orders.ts';
import { errorBody } from './api/admin-fetch.ts';
import { useChangeStatus } from './api/orders-api.ts';

interface OrderActionsProps {
  order: AdminOrderDetail;
  /** The signed-in account is the owner, who cancels with a full refund in the refunds part. */
  owner?: boolean;
}

/**
 * The moves the server allows for this order now; shipped asks for tracking. There is no plain
 * cancel: a paid order is cancelled only by the owner, with its money refunded; staff are told so
 * while the order can still be cancelled.
 */
export function OrderActions({ order, owner = false }: OrderActionsProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const change = useChangeStatus(order.orderId);
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const failure = change.error ? errorBody(change.error) : null;
  const fieldError = (field: string) => failure?.fields?.[field]?.[0];
  const simple = order.actions.filter(
    (action) => action === 'checked' || action === 'in_production' || action === 'delivered',
  );

  const send = (body: StatusChangeRequest) => change.mutate(body);
  const submit = (body: StatusChangeRequest) => (event: FormEvent) => {
    event.preventDefault();
    send(body);
  };

  const cancelHint =
    !owner && order.refundScopes.includes('cancel') ? (
      <p className="admin-form__hint">{t('actions.cancelByOwner')}</p>
    ) : null;
  if (order.actions.length === 0)
    return (
      <>
        <p>{t('order.noActions')}</p>
        {cancelHint}
      </>
    );
  return (
    <div className="admin-actions">
      {simple.map((action) => (
        <button
          key={action}
          type="button"
          className="button button--primary"
          disabled={change.isPending}
          onClick={() => send({ to: action })}
        >
          {t(`actions.${action}`)}
        </button>
      ))}
      {order.actions.includes('shipped') && (
        <form
          className="admin-form admin-form--inline"
          onSubmit={submit({ to: 'shipped', trackingNumber, trackingUrl })}
          noValidate
        >
          <label htmlFor={`${id}-number`}>{t('actions.trackingNumber')}</label>
          <input
            id={`${id}-number`}
            required
            maxLength={64}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
            aria-invalid={Boolean(fieldError('trackingNumber')) || undefined}
            aria-describedby={fieldError('trackingNumber') ? `${id}-number-error` : undefined}
          />
          {fieldError('trackingNumber') && (
            <p id={`${id}-number-error`} className="admin-form__error">
              {t('actions.trackingNumberRequired')}
            </p>
          )}
          <label htmlFor={`${id}-url`}>{t('actions.trackingUrl')}</label>
          <input
            id={`${id}-url`}
            type="url"
            required
            placeholder="https://"
            value={trackingUrl}
            onChange={(e) => setTrackingUrl(e.target.value)}
            aria-invalid={Boolean(fieldError('trackingUrl')) || undefined}
            aria-describedby={fieldError('trackingUrl') ? `${id}-url-error` : undefined}
          />
          {fieldError('trackingUrl') && (
            <p id={`${id}-url-error`} className="admin-form__error">
              {t('actions.trackingUrlInvalid')}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={change.isPending || !trackingNumber.trim() || !trackingUrl.trim()}
          >
            {t('actions.shipped')}
          </button>
        </form>
      )}
      {cancelHint}
      {failure && !failure.fields && (
        <p role="alert" className="admin-form__error">
          {failure.code === 'proof_held'
            ? t('actions.proofHeld')
            : failure.status === 409
              ? t('actions.conflict')
              : t('errors.network')}
        </p>
      )}
      {change.isSuccess && (
        <p role="status" className="admin-form__ok">
          {t('actions.done', { status: t(`status.${change.data.status}`) })}
        </p>
      )}
    </div>
  );
}
