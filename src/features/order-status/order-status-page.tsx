import { formatPrintHoldUntil } from '#contract/fulfilment.ts';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_STEP_ID,
  stepTextKey,
  stepView,
  type PlacedOrderStatus,
} from '#contract/order-status.ts';
import type { Language } from '#src/lib/languages.ts';
import { toMinor } from '#contract/markets.ts';
import { formatAmount } from '#src/lib/money.ts';
import { formatDate } from '#src/lib/dates.ts';
import { WithOrderNumber } from '#src/ui/order-number.tsx';
import { TotalsList } from '#src/ui/totals-list.tsx';
import { OrderStatusError } from './api/order-status.ts';
import { useOrderStatus } from './api/use-order-status.ts';
import { OrderDocuments } from './order-documents.tsx';
import { useOrderLanguage } from './use-order-language.ts';
import './order-status.css';

// The gift's and the digital PDFs' sections ask their own APIs through TanStack Query: chunks of
// their own, so the status page's route chunk (which the home page preloads) does not pull Query in.
const DigitalDownload = lazy(() =>
  import('./digital-download.tsx').then((module) => ({ default: module.DigitalDownload })),
);
const OrderGift = lazy(() =>
  import('./order-gift.tsx').then((module) => ({ default: module.OrderGift })),
);

interface OrderStatusPageProps {
  orderId: string;
  language: Language;
  /** The language the visitor switched to on this page (`?lang=`); else the order's. */
  chosenLanguage?: Language | undefined;
  /** The gift key of the buyer's gift link (`?key=`): shows a gift's recipient and message. */
  giftKey?: string | undefined;
  /** The place of a book whose change was just saved (`?changed=`, "Change the book"). */
  changed?: string | undefined;
}

/** /order-status/{orderId} (SPEC 'Order status', section 4 'Order tracker', section 8's errors). */
export function OrderStatusPage({
  orderId,
  language,
  chosenLanguage,
  giftKey,
  changed,
}: OrderStatusPageProps) {
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
  return (
    <PlacedOrder
      order={query.data}
      language={language}
      chosenLanguage={chosenLanguage}
      giftKey={giftKey}
      changed={changed}
    />
  );
}

/**
 * The change window after payment (issue #47): until when the book waits before it goes to the
 * printer, then that it is with the printer (until the tracker says it is being printed).
 */
function PrintHold({ order, language }: { order: PlacedOrderStatus; language: Language }) {
  const { t } = useTranslation('order-status');
  if (!order.printHoldUntil || (order.status !== 'paid' && order.status !== 'checked')) return null;
  const until = new Date(order.printHoldUntil);
  return (
    <p className="order-status__hold">
      {until.getTime() > Date.now()
        ? t('printHold.until', {
            when: formatPrintHoldUntil(language, until),
          })
        : t('printHold.withPrinter')}
    </p>
  );
}

/**
 * "Change the book" (issue #47): while the change window lasts, each book that may still change
 * opens the builder's own steps on it (all of them, or the dedication alone); after a save, the
 * page says it was saved.
 */
function BookChanges({
  order,
  language,
  changed,
}: {
  order: PlacedOrderStatus;
  language: Language;
  changed: string | undefined;
}) {
  const { t } = useTranslation('order-status');
  const changes = order.bookChanges;
  const saved = changed !== undefined && order.items.some((item) => item.id === changed);
  if (!changes && !saved) return null;
  return (
    <section aria-labelledby="book-changes-title" className="card order-status__card">
      <h2 id="book-changes-title">{t('change.title')}</h2>
      {saved && (
        <p className="order-status__saved" role="status">
          {t('change.saved')}
        </p>
      )}
      {changes && (
        <>
          <p>
            {t('change.intro', { when: formatPrintHoldUntil(language, new Date(changes.until)) })}
          </p>
          {changes.left > 0 ? (
            <>
              <p>{t('change.left', { count: changes.left })}</p>
              <ul className="order-status__changes">
                {order.items
                  .filter((item) => changes.books.includes(item.id))
                  .map((item) => (
                    <li key={item.id}>
                      <Link
                        to="/order-status/$orderId/change/$place/$step"
                        params={{ orderId: order.orderId, place: item.id, step: 'personalize' }}
                        className="button button--primary"
                      >
                        {t('change.book', { name: item.childName })}
                      </Link>
                      <Link
                        to="/order-status/$orderId/change/$place/$step"
                        params={{ orderId: order.orderId, place: item.id, step: 'dedication' }}
                        className="order-status__change-dedication"
                        aria-label={`${t('change.dedication')}: ${item.childName}`}
                      >
                        {t('change.dedication')}
                      </Link>
                    </li>
                  ))}
              </ul>
            </>
          ) : (
            <p>{t('change.none')}</p>
          )}
        </>
      )}
    </section>
  );
}

function PlacedOrder({
  order,
  language,
  chosenLanguage,
  giftKey,
  changed,
}: {
  order: PlacedOrderStatus;
  language: Language;
  chosenLanguage: Language | undefined;
  giftKey: string | undefined;
  changed: string | undefined;
}) {
  const { t } = useTranslation('order-status');
  useOrderLanguage(order.language, chosenLanguage);
  const money = (amount: number) => formatAmount(amount, order.currencyCode, language);
  const refunded = order.refunded ?? 0;
  return (
    <div className="order-status">
      <h1>
        <WithOrderNumber text={(number) => t('title', { number })} number={order.orderNumber} />
      </h1>
      <p className="order-status__date">
        {t('placedOn', { date: formatDate(order.datePlaced, language, 'on') })}
      </p>
      {order.status === 'cancelled' && <p className="order-status__cancelled">{t('cancelled')}</p>}
      {/* A cancelled order goes nowhere: no tracker, no estimated delivery (#44 finding 8). */}
      {order.status !== 'cancelled' && (
        <section aria-labelledby="order-progress-title" className="card order-status__card">
          <h2 id="order-progress-title">{t('progress')}</h2>
          <StepTracker order={order} language={language} />
          <PrintHold order={order} language={language} />
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
      )}
      <BookChanges order={order} language={language} changed={changed} />
      <Suspense fallback={null}>
        <OrderGift orderId={order.orderId} giftKey={giftKey} language={language} />
      </Suspense>
      <section aria-labelledby="order-items-title" className="card order-status__card">
        <h2 id="order-items-title">{t('items.title')}</h2>
        <ul className="order-status__items">
          {order.items.map((item) => (
            <li
              key={item.id}
              className={item.returned ? 'order-status__item--returned' : undefined}
            >
              <img
                src={item.imageUrl}
                alt={t('items.coverAlt', { name: item.childName })}
                width="96"
                height="96"
                loading="lazy"
              />
              <div>
                <p className="order-status__book">
                  {t('items.bookFor', { title: item.bookTitle, name: item.childName })}
                </p>
                {/* Each book says what became of it: refunded, or cancelled with the order. */}
                {item.returned && (
                  <p className="order-status__returned">{t(`items.returned.${item.returned}`)}</p>
                )}
                <p>{t('items.child', { name: item.childName })}</p>
                <p>
                  {t('items.format', {
                    format: t(`format.${item.format}`, { defaultValue: item.format }),
                  })}
                </p>
                {item.editionNumber !== null && (
                  <p>
                    {t('items.edition', { number: item.editionNumber, size: FIRST_EDITION_SIZE })}
                  </p>
                )}
                <p>
                  {t('items.quantity', { count: item.quantity })} ·{' '}
                  {t('items.unitPrice', { price: money(item.unitPrice) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <TotalsList
          lines={[
            { label: t('totals.subtotal'), amount: money(order.subtotal) },
            ...(order.discount > 0
              ? [
                  {
                    label: t('totals.discount'),
                    amount: money(-order.discount),
                    kind: 'discount' as const,
                  },
                ]
              : []),
            // SPEC: digital-only orders show no shipping.
            ...(order.items.every((item) => item.format === 'digital')
              ? []
              : [{ label: t('totals.delivery'), amount: money(order.deliveryCost) }]),
            // After a refund: what was paid, what was returned, and what was kept (#44 finding 8).
            ...(refunded > 0
              ? [
                  { label: t('totals.paid'), amount: money(order.total) },
                  {
                    label: t('totals.refunded'),
                    amount: money(-refunded),
                    kind: 'discount' as const,
                  },
                  {
                    label: t('totals.kept'),
                    amount: money(order.kept ?? (toMinor(order.total) - toMinor(refunded)) / 100),
                    kind: 'total' as const,
                  },
                ]
              : [
                  {
                    label: t('totals.total'),
                    amount: money(order.total),
                    kind: 'total' as const,
                  },
                ]),
          ]}
        />
      </section>
      <Suspense fallback={null}>
        <DigitalDownload orderId={order.orderId} />
      </Suspense>
      <OrderDocuments order={order} language={language} />
    </div>
  );
}

/**
 * 'Order SM-2026-00042' with the number kept on one line (it never breaks at its hyphen on a
 * phone); the sentence around it stays the locale's.
 */

const PAID_STEP_ID = 1000;

/**
 * Every book the order keeps is the digital PDF alone (bought so, or its printed books paid
 * back): nothing is shipped.
 */
function isDigitalOnly(order: PlacedOrderStatus): boolean {
  const kept = order.items.filter((item) => !item.returned);
  return kept.length > 0 && kept.every((item) => item.format === 'digital');
}

const STATE_CLASS = {
  done: 'order-steps__step order-steps__step--done',
  current: 'order-steps__step order-steps__step--current',
  pending: 'order-steps__step',
};
const STATE_LABEL = { done: 'stepDone', current: 'stepCurrent', pending: 'stepPending' } as const;

/**
 * The tracker (contract/order-status.ts stepView): steps passed are done and say what happened;
 * the step the order is at says where it is, and is marked done only when it is (printing is
 * shown in progress while printing); the delivery step (1100) shows the estimated delivery date
 * while it is not reached.
 */
function StepTracker({ order, language }: { order: PlacedOrderStatus; language: Language }) {
  const { t } = useTranslation('order-status');
  // An order of digital PDFs has no shipping steps: paid, then ready to download (#36).
  const digitalOnly = isDigitalOnly(order);
  const steps = digitalOnly
    ? order.steps
        .filter((step) => step.id === PAID_STEP_ID || step.id === DELIVERY_STEP_ID)
        .map((step) =>
          step.id === DELIVERY_STEP_ID
            ? {
                ...step,
                title: 'digital.steps.ready.title',
                subtext: 'digital.steps.ready.subtext',
              }
            : step,
        )
    : order.steps;
  // A refunded order stopped where it was: the steps it reached, none still to come.
  const shown =
    order.status === 'refunded' ? steps.filter((step) => step.id <= order.currentStep) : steps;
  const current = Math.max(
    ...steps.filter((step) => step.id <= order.currentStep).map((step) => step.id),
    0,
  );
  return (
    <ol className="order-steps">
      {shown.map((step) => {
        const view = stepView(step.id, order.currentStep, order.status);
        const text =
          view.text &&
          (view.text === 'subtext' || (digitalOnly && step.id === DELIVERY_STEP_ID)
            ? step.subtext
            : (stepTextKey(step.id, view.text) ?? step.subtext));
        const estimate =
          step.id === DELIVERY_STEP_ID && view.state === 'pending' && order.estimatedDeliveryDate;
        return (
          <li
            key={step.id}
            className={STATE_CLASS[view.state]}
            aria-current={step.id === current ? 'step' : undefined}
          >
            <span className="order-steps__mark" aria-hidden="true" />
            <div>
              <p className="order-steps__title">
                {t(step.title)}
                <span className="visually-hidden"> ({t(STATE_LABEL[view.state])})</span>
              </p>
              {text && <p className="order-steps__subtext">{t(text)}</p>}
              {estimate && (
                <p className="order-steps__subtext">
                  {t('estimate', { date: formatDate(estimate, language) })}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
