import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { api } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';
import { formatAmount } from '#src/lib/money.ts';

type Resend = 'idle' | 'pending' | 'sent' | 'failed';

/**
 * What the order has had refunded, and its invoice and credit notes: named here, never linked (a
 * PDF carries the buyer's name and address, and the status link may be forwarded). Their links
 * are in the order's mails; 'E-mail it to me again' mails them to the order's address (the server
 * sends at most one such mail an order in 10 minutes).
 */
export function OrderDocuments({
  order,
  language,
}: {
  order: PlacedOrderStatus;
  language: Language;
}) {
  const { t } = useTranslation('order-status');
  const [resend, setResend] = useState<Resend>('idle');
  const documents = order.documents ?? [];
  const refunded = order.refunded ?? 0;
  if (documents.length === 0 && refunded === 0) return null;

  const sendAgain = async () => {
    setResend('pending');
    try {
      await api(`/order/${encodeURIComponent(order.orderId)}/documents/resend`, {
        method: 'POST',
        body: {},
      });
      setResend('sent');
    } catch {
      setResend('failed');
    }
  };

  return (
    <section aria-labelledby="order-documents-title" className="card order-status__card">
      <h2 id="order-documents-title">{t('documents.title')}</h2>
      {order.status === 'refunded' && <p>{t('documents.refundedAll')}</p>}
      {refunded > 0 && (
        <p>
          {t('documents.refunded', {
            amount: formatAmount(refunded, order.currencyCode, language),
          })}
        </p>
      )}
      {documents.length > 0 && (
        <>
          <p>{t('documents.sentByMail')}</p>
          <ul className="order-documents">
            {documents.map((doc) => (
              <li key={doc.number}>{t(`documents.${doc.kind}`, { number: doc.number })}</li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void sendAgain()}
            disabled={resend === 'pending'}
            aria-busy={resend === 'pending'}
          >
            {resend === 'pending' ? t('documents.resendPending') : t('documents.resend')}
          </button>
          <p role="status" className="order-documents__status">
            {resend === 'sent' ? t('documents.resendSent') : ''}
          </p>
          {resend === 'failed' && <p role="alert">{t('documents.resendFailed')}</p>}
        </>
      )}
    </section>
  );
}
