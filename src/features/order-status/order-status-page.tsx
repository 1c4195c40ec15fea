import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERY_STEP_ID, type PlacedOrderStatus } from '#contract/order-status.ts';
import type { Language } from '../../lib/languages.ts';
import { formatAmount, formatDate } from '../../lib/money.ts';
import { WithOrderNumber } from '../../ui/order-number.tsx';
import { TotalsList } from '../../ui/totals-list.tsx';
import { OrderStatusError } from './api/order-status.ts';
import { useOrderStatus } from './api/use-order-status.ts';
import { OrderDocuments } from './order-documents.tsx';
import './order-status.css';

interface OrderStatusPageProps {
  orderId: string;
  language: Language;
}

/** /order-status/{orderId} (SPEC 'Order status', section 4 'Order tracker', section 8's errors). */
export function OrderStatusPage({ orderId, language }: OrderStatusPageProps) {
  const { t } = useTranslation('order-status');
  const query = useOrderStatus(orderId);
  if (query.isPending) {
    return (
      <p className="loading" role="status">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    const problem = query.error instanceof OrderStatusError ? query.error.problem : 'failed';
    return (
      <div className="order-status order-status--error">
        <h1>{t('error.title')}</h1>
        <p role="alert">{t(`error.${problem}`)}</p>
        <Link to="/" className="button button--primary">
          {t('home')}
        </Link>
      </div>
    );
  }
  return <PlacedOrder order={query.data} language={language} />;
}

function PlacedOrder({ order, language }: { order: PlacedOrderStatus; language: Language }) {
  const { t } = useTranslation('order-status');
  const money = (amount: number) => formatAmount(amount, order.currencyCode, language);
  return (
    <div className="order-status">
      <h1>
        <WithOrderNumber text={(number) => t('title', { number })} number={order.orderNumber} />
      </h1>
      <p className="order-status__date">{t('placedOn', { date: formatDate(order.datePlaced, language) })}</p>
      {order.status === 'cancelled' && <p className="order-status__cancelled">{t('cancelled')}</p>}
      <section aria-labelledby="order-progress-title" className="card order-status__card">
        <h2 id="order-progress-title">{t('progress')}</h2>
        <StepTracker order={order} language={language} />
        {order.trackingNumber && (
          <p className="order-status__tracking">
            {t('tracking.number', { number: order.trackingNumber })}
            {order.trackingUrl && (
              <>
                {' '}
                <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {t('tracking.link')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>
              </>
            )}
          </p>
        )}
      </section>
      <section aria-labelledby="order-items-title" className="card order-status__card">
        <h2 id="order-items-title">{t('items.title')}</h2>
        <ul className="order-status__items">
          {order.items.map((item) => (
            <li key={item.id}>
              <img src={item.imageUrl} alt={t('items.coverAlt', { name: item.childName })} width="96" height="96" loading="lazy" />
              <div>
                <p className="order-status__book">{t('items.bookFor', { title: item.bookTitle, name: item.childName })}</p>
                <p>{t('items.child', { name: item.childName })}</p>
                {item.editionNumber !== null && <p>{t('items.edition', { number: item.editionNumber })}</p>}
                <p>
                  {t('items.quantity', { count: item.quantity })} · {t('items.unitPrice', { price: money(item.unitPrice) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <TotalsList
          lines={[
            { label: t('totals.subtotal'), amount: money(order.subtotal) },
            ...(order.discount > 0 ? [{ label: t('totals.discount'), amount: money(-order.discount), kind: 'discount' as const }] : []),
            { label: t('totals.delivery'), amount: money(order.deliveryCost) },
            { label: t('totals.total'), amount: money(order.total), kind: 'total' as const },
          ]}
        />
      </section>
      <OrderDocuments order={order} language={language} />
    </div>
  );
}

/**
 * The tracker: a step is completed when its id <= currentStep and then shows its subtext; the
 * delivery step (1100) shows the estimated delivery date while it is not completed.
 */
function StepTracker({ order, language }: { order: PlacedOrderStatus; language: Language }) {
  const { t } = useTranslation('order-status');
  const current = Math.max(...order.steps.filter((step) => step.id <= order.currentStep).map((step) => step.id), 0);
  return (
    <ol className="order-steps">
      {order.steps.map((step) => {
        const done = step.id <= order.currentStep;
        const estimate = step.id === DELIVERY_STEP_ID && !done && order.estimatedDeliveryDate;
        return (
          <li key={step.id} className={done ? 'order-steps__step order-steps__step--done' : 'order-steps__step'} aria-current={step.id === current ? 'step' : undefined}>
            <span className="order-steps__mark" aria-hidden="true" />
            <div>
              <p className="order-steps__title">
                {t(step.title)}
                <span className="visually-hidden"> ({done ? t('stepDone') : t('stepPending')})</span>
              </p>
              {done && <p className="order-steps__subtext">{t(step.subtext)}</p>}
              {estimate && <p className="order-steps__subtext">{t('estimate', { date: formatDate(estimate, language) })}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
