import * as v from 'valibot';
import { CURRENCIES } from './markets.ts';
import { LanguageParamSchema } from './language-param.ts';
import { AmountSchema } from './amounts.ts';

export { BOOK_NAMES, type BookName } from './books.ts';

export const CoverOptionsQuerySchema = v.object({ country: LanguageParamSchema });

/** Every cover the shop names: the two printed bindings, layflat (made to order) and the digital PDF. */
export const COVER_TYPES = ['hardcover', 'softcover', 'layflat', 'digital'] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/**
 * One cover of GET /api/product/coverOptions: hardcover and softcover (orderable), the digital PDF
 * alone, then layflat, made to order by contacting the shop (`byContact`), whose `price` is its
 * lowest, 'from' price. A printed cover's `withPdfPrice` is its price with the digital PDF too
 * ('printed + PDF'). Amounts in the currency's major unit (contract/amounts.ts).
 */
const CoverOptionSchema = v.object({
  type: v.picklist(COVER_TYPES),
  /** The price in the market's currency, e.g. 29.99. */
  price: AmountSchema,
  currencyCode: v.picklist(CURRENCIES),
  /** True for layflat: not put in a cart; the parent contacts the shop, from `price`. */
  byContact: v.boolean(),
  /** Hardcover and softcover: the price with the digital PDF too; absent otherwise. */
  withPdfPrice: v.optional(AmountSchema),
});
export type CoverOption = v.InferOutput<typeof CoverOptionSchema>;
export const CoverOptionsSchema = v.array(CoverOptionSchema);

export const CountriesQuerySchema = v.object({ country: v.optional(LanguageParamSchema) });

const CountrySchema = v.object({
  countryId: v.number(),
  countryCode: v.string(),
  countryName: v.string(),
  /** Working days from dispatch to arrival. */
  deliveryTime: v.number(),
  /** Delivery cost in `currencyCode` (the market of the `country` query, EUR by default). */
  deliveryCost: AmountSchema,
  currencyCode: v.picklist(CURRENCIES),
  needsProvince: v.boolean(),
});
export type Country = v.InferOutput<typeof CountrySchema>;
export const CountriesSchema = v.array(CountrySchema);
