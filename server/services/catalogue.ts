import { and, asc, eq, or } from 'drizzle-orm';
import type { CoverOption, Country } from '#contract/catalogue.ts';
import { CURRENCY_BY_LANGUAGE, toMajor, type Language } from '#contract/markets.ts';
import type { Db } from '../db/client.ts';
import { countries, coverPrices, deliveryCosts } from '../db/schema.ts';
import { FOOTBALL_STORY } from '../db/reference-data.ts';

/**
 * The cover formats on sale for a market as the shop lists them (hardcover first), then layflat
 * by contact with its 'from' price. Digital is not on sale yet and not listed.
 */
export async function listCoverOptions(db: Db, language: Language): Promise<CoverOption[]> {
  const currencyCode = CURRENCY_BY_LANGUAGE[language];
  const rows = await db
    .select()
    .from(coverPrices)
    .where(
      and(
        eq(coverPrices.productId, FOOTBALL_STORY.id),
        eq(coverPrices.currencyCode, currencyCode),
        or(eq(coverPrices.onSale, true), eq(coverPrices.coverType, 'layflat')),
      ),
    )
    .orderBy(asc(coverPrices.sortOrder));
  const byContact = (row: (typeof rows)[number]) => !row.onSale;
  return [...rows.filter((row) => !byContact(row)), ...rows.filter(byContact)].map((row) => ({
    type: row.coverType as CoverOption['type'],
    price: toMajor(row.priceMinor),
    currencyCode,
    byContact: byContact(row),
  }));
}

/** Delivery countries with their cost in the market currency of `language` (EUR for lv). */
export async function listCountries(db: Db, language: Language): Promise<Country[]> {
  const currencyCode = CURRENCY_BY_LANGUAGE[language];
  const rows = await db
    .select({
      id: countries.id,
      code: countries.code,
      name: countries.name,
      days: countries.deliveryTimeDays,
      needsProvince: countries.needsProvince,
      costMinor: deliveryCosts.costMinor,
    })
    .from(countries)
    .innerJoin(
      deliveryCosts,
      and(eq(deliveryCosts.countryId, countries.id), eq(deliveryCosts.currencyCode, currencyCode)),
    )
    .orderBy(asc(countries.name));
  return rows.map((row) => ({
    countryId: row.id,
    countryCode: row.code,
    countryName: row.name,
    deliveryTime: row.days,
    deliveryCost: toMajor(row.costMinor),
    currencyCode,
    needsProvince: row.needsProvince,
  }));
}

/** The prices copy quotes in a market's currency: the cheapest format on sale and layflat's 'from'. */
export async function shopPrices(db: Db, language: Language) {
  const currencyCode = CURRENCY_BY_LANGUAGE[language];
  const rows = await db
    .select()
    .from(coverPrices)
    .where(
      and(eq(coverPrices.productId, FOOTBALL_STORY.id), eq(coverPrices.currencyCode, currencyCode)),
    );
  const onSale = rows.filter((row) => row.onSale).map((row) => row.priceMinor);
  const layflat = rows.find((row) => row.coverType === 'layflat');
  return {
    currencyCode,
    priceFrom: toMajor(onSale.length > 0 ? Math.min(...onSale) : 0),
    layflatFrom: toMajor(layflat?.priceMinor ?? 0),
  };
}
