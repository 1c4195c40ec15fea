import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import type { Language } from '#contract/markets.ts';
import { formatDate } from '#src/lib/dates.ts';
import { formatBytes, formatDateTime } from './format.ts';

type Gift = NonNullable<AdminOrderDetail['gift']>;

/**
 * 'Arrive by' of a gift with its days to print from and dispatch on; while the order is not yet
 * shipped, a held order ('do not print before') or a late one ('dispatch today') is said plainly.
 */
function GiftArrivalDays({
  gift,
  status,
  today,
}: {
  gift: Gift;
  status: AdminOrderDetail['status'];
  today: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language as Language;
  if (!gift.arriveBy || !gift.printFrom || !gift.dispatchOn)
    return <p>{t('order.parcel.asSoonAsReady')}</p>;
  const waiting = status === 'paid' || status === 'checked' || status === 'in_production';
  const printing = status === 'paid' || status === 'checked';
  return (
    <>
      <p>
        <strong>
          {t('order.parcel.arriveBy', { date: formatDate(gift.arriveBy, language, 'by') })}
        </strong>
      </p>
      <ul className="admin-parcel__days">
        <li>{t('order.parcel.printFrom', { date: formatDate(gift.printFrom, language) })}</li>
        <li>{t('order.parcel.dispatchOn', { date: formatDate(gift.dispatchOn, language) })}</li>
      </ul>
      {printing && today < gift.printFrom && (
        <p className="admin-parcel__flag" role="note">
          {t('order.parcel.hold', { date: formatDate(gift.printFrom, language, 'on') })}
        </p>
      )}
      {waiting && today >= gift.dispatchOn && (
        <p className="admin-parcel__flag admin-parcel__flag--late" role="note">
          {t(today === gift.dispatchOn ? 'order.parcel.dispatchToday' : 'order.parcel.late')}
        </p>
      )}
    </>
  );
}

/**
 * The parcel of an order (issue #36): whether it is a gift (the shipping address is then the
 * recipient's) with the card's message, and its print files: the packing slip (no prices on a
 * gift's) and a gift's card.
 */
export function OrderParcel({
  order,
  today = new Date().toISOString().slice(0, 10),
}: {
  order: Pick<AdminOrderDetail, 'gift' | 'parcelFiles' | 'status'>;
  /** The shop's (UTC) day, 'YYYY-MM-DD' (tests pass a fixed one). */
  today?: string;
}) {
  const { t, i18n } = useTranslation('admin');
  return (
    <section aria-labelledby="order-parcel" className="admin-card">
      <h2 id="order-parcel">{t('order.parcel.title')}</h2>
      {order.gift ? (
        <>
          <p>
            <strong>{t('order.parcel.gift')}</strong> {t('order.parcel.giftNote')}
          </p>
          <h3>{t('order.parcel.when')}</h3>
          <GiftArrivalDays gift={order.gift} status={order.status} today={today} />
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
