import { and, asc, eq, or } from 'drizzle-orm';
import type { CoverOption, Country } from '#contract/catalogue.ts';
import type { InMinorUnits } from '#contract/amounts.ts';
import { isPrinted, PDF_WITH_PRINT } from '#contract/digital.ts';
import { CURRENCY_BY_LANGUAGE, type Language } from '#contract/markets.ts';
import type { Db } from '#server/db/client.ts';
import { countries, coverPrices, deliveryCosts } from '#server/db/schema/shop.ts';
import { FOOTBALL_STORY } from '#server/db/reference-data.ts';

/**
 * The cover formats on sale for a market as the shop lists them (hardcover, softcover, the digital
 * PDF), then layflat by contact with its 'from' price. A printed format carries its price with the
 * PDF too (the PDF_WITH_PRINT row, never listed as a format of its own).
 */
export async function listCoverOptions(
  db: Db,
  language: Language,
): Promise<InMinorUnits<CoverOption>[]> {
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
  const pdfWithPrint = rows.find((row) => row.coverType === PDF_WITH_PRINT);
  const formats = rows.filter((row) => row.coverType !== PDF_WITH_PRINT);
  return [...formats.filter((row) => !byContact(row)), ...formats.filter(byContact)].map((row) => ({
    type: row.coverType as CoverOption['type'],
    priceMinor: row.priceMinor,
    currencyCode,
    byContact: byContact(row),
    ...(pdfWithPrint && !byContact(row) && isPrinted(row.coverType)
      ? { withPdfPriceMinor: row.priceMinor + pdfWithPrint.priceMinor }
      : {}),
  }));
}

/** Delivery countries with their cost in the market currency of `language` (EUR for lv). */
export async function listCountries(db: Db, language: Language): Promise<InMinorUnits<Country>[]> {
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
    deliveryCostMinor: row.costMinor,
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
  // 'Priced from': the cheapest printed book (the copy quotes it for the book); the PDF, alone or
  // beside a printed book, is shown with its own price on the cover choice.
  const onSale = rows
    .filter((row) => row.onSale && isPrinted(row.coverType) && row.coverType !== PDF_WITH_PRINT)
    .map((row) => row.priceMinor);
  const layflat = rows.find((row) => row.coverType === 'layflat');
  return {
    currencyCode,
    priceFromMinor: onSale.length > 0 ? Math.min(...onSale) : 0,
    layflatFromMinor: layflat?.priceMinor ?? 0,
  };
}
