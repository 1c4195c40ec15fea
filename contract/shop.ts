import * as v from 'valibot';
import { CURRENCIES } from './markets.ts';
import { LanguageParamSchema } from './language-param.ts';
import { AmountSchema } from './amounts.ts';

/**
 * GET /api/shop?country={language} -> 200 ShopInfo: the facts every page may show about the
 * shop: the company (from the server's configuration), the payment methods the payment provider
 * offers, and the prices copy quotes, in the market currency of the language.
 */
export const ShopQuerySchema = v.object({ country: LanguageParamSchema });

/** Payment method marks the shop can show; the server's PAYMENT_METHODS picks the ones offered. */
export const PAYMENT_METHODS = ['visa', 'mastercard', 'applePay', 'googlePay', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Wallets: shown as the cart's wallet button only when offered. */
export const WALLET_METHODS: readonly PaymentMethod[] = ['applePay', 'googlePay'];

const CompanySchema = v.object({
  legalName: v.string(),
  registrationNumber: v.string(),
  vatNumber: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  /** True while any detail is the development example (the shop has not configured it). */
  placeholder: v.boolean(),
});
export type Company = v.InferOutput<typeof CompanySchema>;

export const ShopInfoSchema = v.object({
  company: CompanySchema,
  paymentMethods: v.array(v.picklist(PAYMENT_METHODS)),
  currencyCode: v.picklist(CURRENCIES),
  /** The cheapest format on sale (29.99: 'from 29.99'). */
  priceFrom: AmountSchema,
  /** The special layflat binding's starting price (by contact). */
  layflatFrom: AmountSchema,
});
export type ShopInfo = v.InferOutput<typeof ShopInfoSchema>;

/** Working days a format adds to a country's delivery time (printing and binding). */
export const FORMAT_EXTRA_DAYS = { softcover: 3, hardcover: 5, layflat: 7 } as const;

/**
 * The delivery estimate in working days (SPEC section 9), the one definition the cart, the
 * checkout, the delivery page, the order snapshot and the mails use: the country's delivery time
 * plus the slowest format's extra. Digital items add nothing; null for a cart without printed
 * books (nothing is delivered).
 */
export function deliveryEstimateDays(
  countryDays: number,
  formats: readonly string[],
): number | null {
  const extras = formats.flatMap((format) =>
    format in FORMAT_EXTRA_DAYS
      ? [FORMAT_EXTRA_DAYS[format as keyof typeof FORMAT_EXTRA_DAYS]]
      : [],
  );
  return extras.length === 0 ? null : countryDays + Math.max(...extras);
}
