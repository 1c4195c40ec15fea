import * as v from 'valibot';
import { CURRENCIES } from './markets.ts';
import { LanguageParamSchema } from './language-param.ts';

export { BOOK_NAMES, type BookName } from './books.ts';

export const CoverOptionsQuerySchema = v.object({ country: LanguageParamSchema });

export type CoverType = 'hardcover' | 'softcover' | 'layflat' | 'digital';

/**
 * One cover of GET /api/product/coverOptions: hardcover and softcover (orderable), the digital PDF
 * alone, then layflat, made to order by contacting the shop (`byContact`), whose `priceMinor` is its
 * lowest, 'from' price. A printed cover's `withPdfPriceMinor` is its price with the digital PDF too
 * ('printed + PDF').
 */
const CoverOptionSchema = v.object({
  type: v.picklist(['hardcover', 'softcover', 'digital', 'layflat']),
  /** Price in minor units (cents, pence), e.g. 2999 for 29.99, in the market's currency. */
  priceMinor: v.number(),
  currencyCode: v.picklist(CURRENCIES),
  /** True for layflat: not put in a cart; the parent contacts the shop, from `priceMinor`. */
  byContact: v.boolean(),
  /** Hardcover and softcover: the price with the digital PDF too, minor units; absent otherwise. */
  withPdfPriceMinor: v.optional(v.number()),
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
  /** Delivery cost in minor units in `currencyCode` (the market of the `country` query, EUR by default). */
  deliveryCostMinor: v.number(),
  currencyCode: v.picklist(CURRENCIES),
  needsProvince: v.boolean(),
});
export type Country = v.InferOutput<typeof CountrySchema>;
export const CountriesSchema = v.array(CountrySchema);
