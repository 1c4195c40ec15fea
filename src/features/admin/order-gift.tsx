import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import { formatBytes, formatDateTime } from './format.ts';

/**
 * The parcel of an order (issue #36): whether it is a gift (the shipping address is then the
 * recipient's) with the card's message, and its print files: the packing slip (no prices on a
 * gift's) and a gift's card.
 */
export function OrderParcel({ order }: { order: Pick<AdminOrderDetail, 'gift' | 'parcelFiles'> }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section aria-labelledby="order-parcel" className="admin-card">
      <h2 id="order-parcel">{t('order.parcel.title')}</h2>
      {order.gift ? (
        <>
          <p>
            <strong>{t('order.parcel.gift')}</strong> {t('order.parcel.giftNote')}
          </p>
          <h3>{t('order.parcel.message')}</h3>
          {order.gift.message ? (
            <blockquote className="admin-dedication">{order.gift.message}</blockquote>
          ) : (
            <p>{t('order.parcel.noMessage')}</p>
          )}
        </>
      ) : (
        <p>{t('order.parcel.notGift')}</p>
      )}
      <h3>{t('order.printFiles')}</h3>
      {order.parcelFiles.length === 0 ? (
        <p>{t('order.filesPending')}</p>
      ) : (
        <ul className="admin-files">
          {order.parcelFiles.map((file) => (
            <li key={file.kind}>
              <a href={file.url} download>
                {t(`order.parcel.file.${file.kind}`)}
              </a>{' '}
              {t('order.fileFacts', {
                size: formatBytes(file.byteSize, i18n.language),
                at: formatDateTime(file.createdAt, i18n.language),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
