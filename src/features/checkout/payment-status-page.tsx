import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#src/lib/languages.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';
import { WithOrderNumber } from '#src/ui/order-number.tsx';
import { useCheckout } from './use-checkout.ts';
import './checkout.css';

interface PaymentStatusPageProps {
  language: Language;
  reference: string | null;
}

/**
 * /payment-status?payment_reference=… (SPEC 'Payment status'): the server asks the provider and
 * answers; paid shows 'Payment Successful' with the order number and a link to follow the order
 * (a reload asks again and shows the same); anything else 'Payment Failed' with 'Try Again',
 * which leads back to the delivery step while the cart is still there, else home. A payment the
 * provider declined (or the parent cancelled) says so and that no money was taken. A replaced
 * attempt (a newer one began, or another paid the order) says so, with a link to the paid order or
 * back to the cart; a payment whose provider answer did not match says the shop was told and will
 * be in touch (no Try Again: it must not be paid again). Every failure says how to reach the shop
 * (its e-mail and phone from the shop's facts).
 */
/** The status's round icon: a tick when paid, a clock's hands while it is completed, a cross when not paid. */
const TICK = 'M14 25l7 7 13-15';
const CLOCK = 'M24 12v13l8 5';
const CROSS = 'M16 16l16 16M32 16L16 32';
function StatusIcon({ path }: { path: string }) {
  return (
    <svg
      className="payment-status__icon"
      viewBox="0 0 48 48"
      width="72"
      height="72"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="22" fill="currentColor" />
      <path
        d={path}
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function PaymentStatusPage({ language, reference }: PaymentStatusPageProps) {
  const { t } = useTranslation('checkout');
  const actor = useCheckout({ screen: 'paymentStatus', language, reference });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const paid = useSelector(actor, (snapshot) => snapshot.context.paid);
  const verdict = useSelector(actor, (snapshot) => snapshot.context.verdict);
  const replacedBy = useSelector(actor, (snapshot) => snapshot.context.replacedBy);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state === 'paid' || state === 'failed') heading.current?.focus();
  }, [state]);

  if (state === 'paid') {
    return (
      <div className="card status-card payment-status payment-status--paid">
        <StatusIcon path={TICK} />
        <h1 ref={heading} tabIndex={-1}>
          {t('status.paid.title')}
        </h1>
        <p>{t('status.paid.text')}</p>
        {paid?.orderNumber && (
          <p className="payment-status__number">
            <WithOrderNumber
              text={(number) => t('status.paid.orderNumber', { number })}
              number={paid.orderNumber}
            />
          </p>
        )}
        <div className="payment-status__actions">
          {paid && (
            <Link
              to="/order-status/$orderId"
              params={{ orderId: paid.orderId }}
              className="button button--secondary"
            >
              {t('status.paid.follow')}
            </Link>
          )}
          <Link to="/" className="button button--primary">
            {t('status.paid.home')}
          </Link>
        </div>
      </div>
    );
  }
  if (state === 'failed' && (verdict === 'review' || verdict === 'capture_scheduled')) {
    // Not paid yet, and not failed: the money is approved and the shop (or the bank) completes it.
    return (
      <div className="card status-card payment-status payment-status--waiting">
        <StatusIcon path={CLOCK} />
        <h1 ref={heading} tabIndex={-1}>
          {t(`status.${verdict}.title`)}
        </h1>
        <p>{t(`status.${verdict}.text`)}</p>
        <Link to="/" className="button button--primary">
          {t('status.paid.home')}
        </Link>
        <ShopContact />
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="card status-card payment-status payment-status--failed">
        <StatusIcon path={CROSS} />
        <h1 ref={heading} tabIndex={-1}>
          {t(`status.${verdict ?? 'failed'}.title`)}
        </h1>
        <p>{t(`status.${verdict ?? 'failed'}.text`)}</p>
        {verdict === 'replaced' ? (
          <>
            {replacedBy?.orderNumber && (
              <p className="payment-status__number">
                <WithOrderNumber
                  text={(number) => t('status.replaced.paid', { number })}
                  number={replacedBy.orderNumber}
                />
              </p>
            )}
            <div className="payment-status__actions">
              {replacedBy ? (
                <Link
                  to="/order-status/$orderId"
                  params={{ orderId: replacedBy.orderId }}
                  className="button button--primary"
                >
                  {t('status.paid.follow')}
                </Link>
              ) : (
                <Link to="/cart" className="button button--primary">
                  {t('status.replaced.cart')}
                </Link>
              )}
            </div>
          </>
        ) : verdict === 'mismatch' ? (
          <Link to="/" className="button button--secondary">
            {t('status.paid.home')}
          </Link>
        ) : (
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'retry' })}
          >
            {t('status.failed.retry')}
          </button>
        )}
        <ShopContact />
      </div>
    );
  }
  return (
    <div className="card status-card payment-status">
      <p className="checkout__spinner" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('status.checking')}</span>
      </p>
    </div>
  );
}

/** The shop's e-mail and phone (the server's configuration, as in the footer). */
function ShopContact() {
  const { t } = useTranslation('checkout');
  const company = useShopInfo().info?.company;
  if (!company) return null;
  return (
    <p className="payment-status__contact">
      {t('status.contact')} <a href={`mailto:${company.email}`}>{company.email}</a>
      {' · '}
      <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
    </p>
  );
}
