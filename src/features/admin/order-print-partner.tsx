import { useTranslation } from 'react-i18next';
import type { AdminHandoff } from '#contract/fulfilment.ts';
import { errorBody } from './api/admin-fetch.ts';
import { usePrintPartnerAction, usePrintStatus } from './api/print-partner-api.ts';
import { formatDateTime } from './format.ts';

/**
 * The order's hand-off to the print partner (issue #47): who prints it, its state and the
 * partner's reference, the change window, what went wrong, and the owner's buttons (hand on
 * again, cancel at the partner).
 */
export function OrderPrintPartner({ orderId, owner }: { orderId: string; owner: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const status = usePrintStatus(orderId);
  const retry = usePrintPartnerAction(orderId, 'retry');
  const cancel = usePrintPartnerAction(orderId, 'cancel');
  if (!status.data) return null;
  const { partner, holdUntil, handoff } = status.data;
  const failure = retry.error ?? cancel.error;
  return (
    <section aria-labelledby="order-print-partner" className="admin-card">
      <h2 id="order-print-partner">{t('printPartner.title')}</h2>
      <p>{t(`printPartner.partners.${partner}`)}</p>
      {partner !== 'manual' && !handoff && holdUntil && (
        <p>{t('printPartner.waiting', { at: formatDateTime(holdUntil, i18n.language) })}</p>
      )}
      {handoff && <HandoffFacts handoff={handoff} />}
      {handoff && owner && (handoff.canRetry || handoff.canCancel) && (
        <p className="admin-actions">
          {handoff.canRetry && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {t('printPartner.retry')}
            </button>
          )}
          {handoff.canCancel && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t('printPartner.cancel')}
            </button>
          )}
        </p>
      )}
      {retry.isSuccess && <p role="status">{t('printPartner.retried')}</p>}
      {cancel.isSuccess && <p role="status">{t('printPartner.cancelled')}</p>}
      {failure && (
        <p role="alert" className="admin-form__error">
          {errorBody(failure).status === 409
            ? t('printPartner.notNow')
            : errorBody(failure).status === 502
              ? t('printPartner.unavailable')
              : t('errors.network')}
        </p>
      )}
    </section>
  );
}

function HandoffFacts({ handoff }: { handoff: AdminHandoff }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <dl className="admin-facts">
      <div>
        <dt>{t('printPartner.state')}</dt>
        <dd>
          <span className={`admin-handoff admin-handoff--${handoff.state}`}>
            {t(`printPartner.states.${handoff.state}`)}
          </span>
          {handoff.partnerStatus && <> ({handoff.partnerStatus})</>}
        </dd>
      </div>
      <div>
        <dt>{t('printPartner.reference')}</dt>
        <dd>
          {handoff.partnerReference ? (
            <code>{handoff.partnerReference}</code>
          ) : (
            t('printPartner.noReference')
          )}
        </dd>
      </div>
      {handoff.acknowledgedAt && (
        <div>
          <dt>{t('printPartner.acknowledged')}</dt>
          <dd>{formatDateTime(handoff.acknowledgedAt, i18n.language)}</dd>
        </div>
      )}
      <div>
        <dt>{t('printPartner.attempts')}</dt>
        <dd>{handoff.attempts}</dd>
      </div>
      {handoff.trackingNumber && (
        <div>
          <dt>{t('printPartner.tracking')}</dt>
          <dd>
            {handoff.trackingUrl ? (
              <a href={handoff.trackingUrl} target="_blank" rel="noreferrer noopener">
                {handoff.trackingNumber}
              </a>
            ) : (
              handoff.trackingNumber
            )}
          </dd>
        </div>
      )}
      {handoff.lastError && (
        <div>
          <dt>{t('printPartner.problem')}</dt>
          <dd>{handoff.lastError}</dd>
        </div>
      )}
    </dl>
  );
}
