import { useTranslation } from 'react-i18next';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import type { Language } from '../../lib/languages.ts';
import { formatAmount } from '../../lib/money.ts';

/**
 * What the order has had refunded, and its invoice and credit notes to download (PDFs the server
 * makes from what was frozen when each was issued).
 */
export function OrderDocuments({ order, language }: { order: PlacedOrderStatus; language: Language }) {
  const { t } = useTranslation('order-status');
  const documents = order.documents ?? [];
  const refunded = order.refunded ?? 0;
  if (documents.length === 0 && refunded === 0) return null;
  return (
    <section aria-labelledby="order-documents-title" className="card order-status__card">
      <h2 id="order-documents-title">{t('documents.title')}</h2>
      {order.status === 'refunded' && <p>{t('documents.refundedAll')}</p>}
      {refunded > 0 && <p>{t('documents.refunded', { amount: formatAmount(refunded, order.currencyCode, language) })}</p>}
      {documents.length > 0 && (
        <ul className="order-documents">
          {documents.map((doc) => (
            <li key={doc.number}>
              <a href={doc.url} download={`${doc.number}.pdf`}>
                {t(`documents.${doc.kind}`, { number: doc.number })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
