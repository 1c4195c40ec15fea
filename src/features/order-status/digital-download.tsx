import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DigitalStatus } from '#contract/digital.ts';
import { api, isFetchError } from '#src/lib/api.ts';
import { useQuery } from '#src/lib/query-client.ts';
import { digitalStatusQueryOptions } from './api/digital-status.ts';

type Asking = 'idle' | 'pending' | 'sent' | 'tooMany' | 'failed';

/**
 * The order's digital PDFs (#36 item 2): each book's PDF, made or being made, and how many times
 * it was downloaded. The download links are never shown here (the status link may be forwarded,
 * and the PDF carries the child's name and dedication): they are in the order's mail, and 'Email
 * me a new link' mails fresh ones to the order's address (three an hour).
 */
export function DigitalDownload({ orderId }: { orderId: string }) {
  const query = useQuery(digitalStatusQueryOptions(orderId));
  if (!query.data || query.data.items.length === 0) return null;
  return <DigitalDownloadView orderId={orderId} status={query.data} />;
}

export function DigitalDownloadView({
  orderId,
  status,
}: {
  orderId: string;
  status: DigitalStatus;
}) {
  const { t } = useTranslation('order-status');
  const [asking, setAsking] = useState<Asking>('idle');
  // A PDF paid back has no link to send (its file is gone): the button is for the PDFs kept.
  const anyReady = status.items.some((item) => item.ready && !item.returned);

  const askAgain = async () => {
    setAsking('pending');
    try {
      await api(`/order/${encodeURIComponent(orderId)}/digital/links`, {
        method: 'POST',
        body: {},
      });
      setAsking('sent');
    } catch (error) {
      setAsking(isFetchError(error) && error.status === 429 ? 'tooMany' : 'failed');
    }
  };

  return (
    <section aria-labelledby="order-digital-title" className="card order-status__card">
      <h2 id="order-digital-title">{t('digital.title')}</h2>
      <ul className="order-digital">
        {status.items.map((item) => (
          <li key={item.id} className="order-digital__book">
            <p className="order-digital__name">{t('digital.book', { name: item.childName })}</p>
            <p className="order-digital__state">
              {item.returned
                ? t(`digital.returned.${item.returned}`)
                : item.ready
                  ? t('digital.ready', { count: item.downloads })
                  : t('digital.making')}
            </p>
          </li>
        ))}
      </ul>
      {anyReady && (
        <>
          <p>{t('digital.sentByMail', { days: status.linkDays })}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void askAgain()}
            disabled={asking === 'pending'}
            aria-busy={asking === 'pending'}
          >
            {asking === 'pending' ? t('digital.sending') : t('digital.sendAgain')}
          </button>
          <p role="status" className="order-digital__status">
            {asking === 'sent' ? t('digital.sent') : ''}
          </p>
          {(asking === 'failed' || asking === 'tooMany') && (
            <p role="alert" className="order-digital__problem">
              {t(asking === 'tooMany' ? 'digital.tooMany' : 'digital.failed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
