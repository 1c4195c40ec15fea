import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '#contract/shop.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';

// Our own simple drawings of the payment methods' marks (card and wallet types).
const LOGOS: Record<PaymentMethod, ReactElement> = {
  visa: (
    <>
      <rect width="60" height="38" rx="6" fill="#1a1f71" />
      <text
        x="30"
        y="25"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontStyle="italic"
        fontSize="15"
        fill="#fff"
      >
        VISA
      </text>
    </>
  ),
  mastercard: (
    <>
      <rect width="60" height="38" rx="6" fill="#fff" stroke="#d1d5db" />
      <circle cx="24" cy="19" r="10" fill="#eb001b" />
      <circle cx="36" cy="19" r="10" fill="#f79e1b" />
      <path d="M30 11a10 10 0 010 16 10 10 0 010-16z" fill="#ff5f00" />
    </>
  ),
  applePay: (
    <>
      <rect width="60" height="38" rx="6" fill="#000" />
      <path
        d="M17 14.5c1-.1 2-.9 2.3-2-1 .1-2 .8-2.3 2zm2.6.4c-1.3-.1-2.3.7-2.9.7-.6 0-1.5-.7-2.5-.7-1.3 0-2.5.8-3.2 2-1.4 2.4-.4 5.9 1 7.8.6.9 1.4 1.9 2.4 1.9.9 0 1.3-.6 2.4-.6s1.4.6 2.4.6 1.7-.9 2.3-1.8c.7-1 1-2 1-2.1 0 0-2-.8-2-3 0-1.9 1.5-2.7 1.6-2.8-.9-1.3-2.3-1.5-2.5-1.5z"
        fill="#fff"
      />
      <text
        x="40"
        y="25"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="600"
        fontSize="13"
        fill="#fff"
      >
        Pay
      </text>
    </>
  ),
  googlePay: (
    <>
      <rect width="60" height="38" rx="6" fill="#fff" stroke="#d1d5db" />
      <text
        x="17"
        y="25"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize="15"
        fill="#4285f4"
      >
        G
      </text>
      <text
        x="37"
        y="25"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="600"
        fontSize="13"
        fill="#3c4043"
      >
        Pay
      </text>
    </>
  ),
  paypal: (
    <>
      <rect width="60" height="38" rx="6" fill="#fff" stroke="#d1d5db" />
      <text
        x="30"
        y="24"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontStyle="italic"
        fontSize="12"
      >
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </>
  ),
};

/** The marks of the payment methods the payment provider offers (the server's PAYMENT_METHODS). */
export function PaymentLogos() {
  const { t } = useTranslation();
  const methods = useShopInfo().info?.paymentMethods;
  if (!methods || methods.length === 0) return null;
  return (
    <ul className="payment-logos" aria-label={t('footer.paymentMethods')}>
      {methods.map((key) => (
        <li key={key}>
          <svg
            viewBox="0 0 60 38"
            width="60"
            height="38"
            role="img"
            aria-label={t(`payment.${key}`)}
          >
            {LOGOS[key]}
          </svg>
        </li>
      ))}
    </ul>
  );
}
