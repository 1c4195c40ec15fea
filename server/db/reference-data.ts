import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { vatRates } from './schema/money.ts';
import { countries, coupons, coverPrices, deliveryCosts, products } from './schema/shop.ts';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import { COUNTRY } from '#contract/countries.ts';
import { PDF_WITH_PRINT } from '#contract/digital.ts';
import { PROVINCE_COUNTRIES } from '#contract/regions.ts';

/** Bump when the data below changes; every start upserts it, so loading twice changes nothing. */
export const REFERENCE_DATA_VERSION = 3;

export const FOOTBALL_STORY = {
  id: 1,
  bookName: 'football_story',
  title: 'You can do it',
  pageCount: 42,
};

type PriceRow = {
  coverType: string;
  priceMinor: Record<'EUR' | 'GBP' | 'USD', number>;
  onSale: boolean;
};

/**
 * Softcover from 29.99, hardcover above it, layflat from 200 by contact only, the digital PDF alone
 * (#36), and the PDF beside a printed book ('printed + PDF': the printed price plus this one;
 * not a format of its own, never listed as one: contract/digital.ts PDF_WITH_PRINT).
 */
const COVER_PRICES: PriceRow[] = [
  { coverType: 'hardcover', priceMinor: { EUR: 3999, GBP: 3499, USD: 3999 }, onSale: true },
  { coverType: 'softcover', priceMinor: { EUR: 2999, GBP: 2999, USD: 2999 }, onSale: true },
  { coverType: 'layflat', priceMinor: { EUR: 20000, GBP: 20000, USD: 20000 }, onSale: false },
  { coverType: 'digital', priceMinor: { EUR: 1499, GBP: 1299, USD: 1499 }, onSale: true },
  { coverType: PDF_WITH_PRINT, priceMinor: { EUR: 699, GBP: 599, USD: 699 }, onSale: true },
];

/**
 * The cheapest printed book on sale in a currency, in minor units (the product's 'from' price, as
 * the home page quotes it): the PDF alone and the PDF's add-on price are not a printed book.
 */
export function lowestPriceMinor(currencyCode: 'EUR' | 'GBP' | 'USD'): number {
  return Math.min(
    ...COVER_PRICES.filter(
      (row) => row.onSale && row.coverType !== 'digital' && row.coverType !== PDF_WITH_PRINT,
    ).map((row) => row.priceMinor[currencyCode]),
  );
}

type Zone = 'LV' | 'BALTIC' | 'EU' | 'EUROPE' | 'NA';
const ZONE_TERMS: Record<Zone, { days: number; cost: Record<'EUR' | 'GBP' | 'USD', number> }> = {
  LV: { days: 2, cost: { EUR: 399, GBP: 349, USD: 449 } },
  BALTIC: { days: 4, cost: { EUR: 599, GBP: 549, USD: 649 } },
  EU: { days: 6, cost: { EUR: 899, GBP: 799, USD: 999 } },
  EUROPE: { days: 7, cost: { EUR: 1199, GBP: 999, USD: 1299 } },
  NA: { days: 10, cost: { EUR: 1999, GBP: 1699, USD: 1999 } },
};

/** [id, ISO code, English name, zone]. Latvia is the default; Canada and the US need a province (ids the code names: contract/countries.ts). */
const COUNTRIES: [number, string, string, Zone][] = [
  [1, 'AT', 'Austria', 'EU'],
  [2, 'BE', 'Belgium', 'EU'],
  [3, 'BG', 'Bulgaria', 'EU'],
  [4, 'HR', 'Croatia', 'EU'],
  [COUNTRY.CA, 'CA', 'Canada', 'NA'],
  [6, 'CY', 'Cyprus', 'EU'],
  [7, 'CZ', 'Czechia', 'EU'],
  [8, 'DK', 'Denmark', 'EU'],
  [9, 'EE', 'Estonia', 'BALTIC'],
  [10, 'FI', 'Finland', 'EU'],
  [11, 'FR', 'France', 'EU'],
  [12, 'DE', 'Germany', 'EU'],
  [13, 'GR', 'Greece', 'EU'],
  [14, 'HU', 'Hungary', 'EU'],
  [15, 'IE', 'Ireland', 'EU'],
  [16, 'IT', 'Italy', 'EU'],
  [17, 'LT', 'Lithuania', 'BALTIC'],
  [18, 'LU', 'Luxembourg', 'EU'],
  [COUNTRY.LV, 'LV', 'Latvia', 'LV'],
  [20, 'MT', 'Malta', 'EU'],
  [21, 'NL', 'Netherlands', 'EU'],
  [22, 'NO', 'Norway', 'EUROPE'],
  [23, 'PL', 'Poland', 'EU'],
  [24, 'PT', 'Portugal', 'EU'],
  [25, 'RO', 'Romania', 'EU'],
  [26, 'SK', 'Slovakia', 'EU'],
  [27, 'SI', 'Slovenia', 'EU'],
  [28, 'ES', 'Spain', 'EU'],
  [29, 'SE', 'Sweden', 'EU'],
  [30, 'CH', 'Switzerland', 'EUROPE'],
  [COUNTRY.GB, 'GB', 'United Kingdom', 'EUROPE'],
  [COUNTRY.US, 'US', 'United States', 'NA'],
];

/**
 * VAT on a book sold to a consumer, in basis points, by delivery zone (ASSUMED defaults: an
 * accountant should confirm them before the first invoice). The seller is a Latvian company:
 * - Latvia: the reduced 5 % rate for printed books (PVN likums, since 2022; from 2026 tied to the
 *   book's language: the shop's books are in Latvian and English, both EU official languages);
 * - other EU countries: Latvia's rate, as long as the shop's EU distance sales stay under the
 *   EUR 10 000 a year threshold (above it, each country's own rate through the OSS);
 * - outside the EU (the UK, Norway, Switzerland, the US, Canada): 0 %, an export of goods.
 * Delivery is part of the sale of the book, so it takes the book's rate.
 */
const LATVIA_BOOKS_BP = 500;
const VAT_BY_ZONE: Record<Zone, { bp: number; note: string }> = {
  LV: { bp: LATVIA_BOOKS_BP, note: 'Latvia, reduced rate for books' },
  BALTIC: { bp: LATVIA_BOOKS_BP, note: 'EU distance sale under the OSS threshold: Latvian rate' },
  EU: { bp: LATVIA_BOOKS_BP, note: 'EU distance sale under the OSS threshold: Latvian rate' },
  EUROPE: { bp: 0, note: 'export outside the EU' },
  NA: { bp: 0, note: 'export outside the EU' },
};

/** An upsert's `set` that takes the named columns from the row the conflict refused (`excluded`). */
function fromExcluded<T extends PgTable>(
  table: T,
  keys: (keyof T['$inferInsert'] & keyof T['_']['columns'])[],
): Partial<Record<keyof T['$inferInsert'], SQL>> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded.${columns[key as string]!.name}`)]),
  ) as Partial<Record<keyof T['$inferInsert'], SQL>>;
}

/** Loads products, prices, countries and coupons. Idempotent: safe on every start. */
export async function loadReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(products)
      .values(FOOTBALL_STORY)
      .onConflictDoUpdate({
        target: products.id,
        set: {
          bookName: FOOTBALL_STORY.bookName,
          title: FOOTBALL_STORY.title,
          pageCount: FOOTBALL_STORY.pageCount,
        },
      });
    const priceRows = COVER_PRICES.flatMap((row, index) =>
      (['EUR', 'GBP', 'USD'] as const).map((currencyCode) => ({
        productId: FOOTBALL_STORY.id,
        coverType: row.coverType,
        currencyCode,
        priceMinor: row.priceMinor[currencyCode],
        onSale: row.onSale,
        sortOrder: index,
      })),
    );
    await tx
      .insert(coverPrices)
      .values(priceRows)
      .onConflictDoUpdate({
        target: [coverPrices.productId, coverPrices.coverType, coverPrices.currencyCode],
        set: fromExcluded(coverPrices, ['priceMinor', 'onSale', 'sortOrder']),
      });
    await tx
      .insert(countries)
      .values(
        COUNTRIES.map(([id, code, name, zone]) => ({
          id,
          code,
          name,
          deliveryTimeDays: ZONE_TERMS[zone].days,
          needsProvince: PROVINCE_COUNTRIES[id]?.code === code,
        })),
      )
      .onConflictDoUpdate({
        target: countries.id,
        set: fromExcluded(countries, ['code', 'name', 'deliveryTimeDays', 'needsProvince']),
      });
    await tx
      .insert(deliveryCosts)
      .values(
        COUNTRIES.flatMap(([id, , , zone]) =>
          (['EUR', 'GBP', 'USD'] as const).map((currencyCode) => ({
            countryId: id,
            currencyCode,
            costMinor: ZONE_TERMS[zone].cost[currencyCode],
          })),
        ),
      )
      .onConflictDoUpdate({
        target: [deliveryCosts.countryId, deliveryCosts.currencyCode],
        set: fromExcluded(deliveryCosts, ['costMinor']),
      });
    await tx
      .insert(vatRates)
      .values(
        COUNTRIES.map(([id, , , zone]) => ({
          countryId: id,
          booksBp: VAT_BY_ZONE[zone].bp,
          deliveryBp: VAT_BY_ZONE[zone].bp,
          note: VAT_BY_ZONE[zone].note,
        })),
      )
      .onConflictDoUpdate({
        target: vatRates.countryId,
        set: fromExcluded(vatRates, ['booksBp', 'deliveryBp', 'note']),
      });
    await tx
      .insert(coupons)
      .values({ code: 'MULTI25', percentOff: 25, minBooks: 2, active: true })
      .onConflictDoUpdate({
        target: coupons.code,
        set: { percentOff: 25, minBooks: 2, active: true },
      });
    // The first edition's numbers 1 … FIRST_EDITION_SIZE (each given to one paid book once).
    await tx.execute(
      sql`insert into first_edition_numbers (number) select generate_series(1, ${FIRST_EDITION_SIZE})
          on conflict do nothing`,
    );
    // A new version is announced at commit (content_changed 'reference'): the other servers
    // read the prices again and forget the pages they keep (db/notifications.ts).
    await tx.execute(
      sql`with loaded as (
            insert into reference_data_loads (version) select ${REFERENCE_DATA_VERSION}
            where not exists (select 1 from reference_data_loads where version = ${REFERENCE_DATA_VERSION})
            returning version)
          select pg_notify('content_changed', 'reference') from loaded`,
    );
  });
}
