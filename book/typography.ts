// Each language's typography, decided once for every surface: the shop's pages, the mails, the
// invoice and the book (issue #35). Quotation marks, dates in the case the sentence needs (Latvian
// months decline: "Pasūtīts 2026. gada 27. novembrī", "līdz 2026. gada 8. decembrim") and a
// country's name inside a sentence ("Shipping to the United States").
// Pure and isomorphic (Intl only), like the rest of book/, which every side may import.

import type { Language } from './languages.ts';

/** A language as the shop names it ('lv', 'en-GB', 'en-US') or as the book does ('en-gb'). */
export type TypographyLanguage = string;

type Family = Language;

function familyOf(language: TypographyLanguage): Family {
  const lower = language.toLowerCase();
  if (lower.startsWith('lv')) return 'lv';
  if (lower === 'en-us') return 'en-US';
  return 'en-GB';
}

/** The opening and closing quotation marks (outer, then inner). */
export interface QuoteMarks {
  open: string;
  close: string;
  innerOpen: string;
  innerClose: string;
}

const QUOTES: Record<Family, QuoteMarks> = {
  lv: { open: '„', close: '”', innerOpen: '‚', innerClose: '’' },
  'en-GB': { open: '‘', close: '’', innerOpen: '“', innerClose: '”' },
  'en-US': { open: '“', close: '”', innerOpen: '‘', innerClose: '’' },
};

export function quoteMarks(language: TypographyLanguage): QuoteMarks {
  return QUOTES[familyOf(language)];
}

/** `text` in the language's quotation marks: „Tu to vari”, ‘You can do it’, “You can do it”. */
export function quoted(text: string, language: TypographyLanguage, inner = false): string {
  const q = quoteMarks(language);
  return inner ? `${q.innerOpen}${text}${q.innerClose}` : `${q.open}${text}${q.close}`;
}

/**
 * How a date sits in its sentence: on its own or after a verb ('on': "Placed on 27 November 2026",
 * Latvian locative "Pasūtīts 2026. gada 27. novembrī"), as a limit ('by': "by 8 December 2026",
 * Latvian dative "līdz 2026. gada 8. decembrim"), or as a label ('plain': nominative).
 */
export type DateRole = 'plain' | 'on' | 'by';

const LV_MONTHS: Record<DateRole, readonly string[]> = {
  plain: [
    'janvāris',
    'februāris',
    'marts',
    'aprīlis',
    'maijs',
    'jūnijs',
    'jūlijs',
    'augusts',
    'septembris',
    'oktobris',
    'novembris',
    'decembris',
  ],
  on: [
    'janvārī',
    'februārī',
    'martā',
    'aprīlī',
    'maijā',
    'jūnijā',
    'jūlijā',
    'augustā',
    'septembrī',
    'oktobrī',
    'novembrī',
    'decembrī',
  ],
  by: [
    'janvārim',
    'februārim',
    'martam',
    'aprīlim',
    'maijam',
    'jūnijam',
    'jūlijam',
    'augustam',
    'septembrim',
    'oktobrim',
    'novembrim',
    'decembrim',
  ],
};

const englishDates = new Map<Family, Intl.DateTimeFormat>();

/**
 * A calendar date for a sentence, in UTC (an order's day is the shop's day, whatever the reader's
 * clock): "27 November 2026" (en-GB), "November 27, 2026" (en-US), "2026. gada 27. novembrī" (lv,
 * 'on'). `date` is a Date, an ISO timestamp or a 'YYYY-MM-DD' day.
 */
export function formatDate(
  date: Date | string,
  language: TypographyLanguage,
  role: DateRole = 'plain',
): string {
  const day =
    typeof date === 'string'
      ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date)
      : date;
  if (Number.isNaN(day.getTime())) return '';
  const family = familyOf(language);
  if (family === 'lv') {
    return `${day.getUTCFullYear()}. gada ${day.getUTCDate()}. ${LV_MONTHS[role][day.getUTCMonth()]}`;
  }
  let format = englishDates.get(family);
  if (!format) {
    format = new Intl.DateTimeFormat(family, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    englishDates.set(family, format);
  }
  return format.format(day);
}

/** Countries whose English name takes "the" inside a sentence. */
const ENGLISH_THE = new Set([
  'US',
  'GB',
  'NL',
  'CZ',
  'PH',
  'AE',
  'BS',
  'GM',
  'VA',
  'DO',
  'CF',
  'KM',
  'MV',
  'MH',
  'SB',
  'SC',
]);

/**
 * A country's name as it stands inside an English sentence ("Shipping to the United States",
 * "to the Netherlands"); Latvian names need no article. `name` is the name in `language`.
 */
export function countryInSentence(
  countryCode: string,
  name: string,
  language: TypographyLanguage,
): string {
  if (familyOf(language) === 'lv') return name;
  const code = countryCode.toUpperCase();
  // Intl names Czechia without an article; the others keep theirs.
  if (!ENGLISH_THE.has(code) || /^the /i.test(name) || (code === 'CZ' && /^Czechia$/i.test(name)))
    return name;
  return `the ${name}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

const SYMBOLS: Partial<Record<string, string>> = { EUR: '€', GBP: '£', USD: '$' };

/**
 * The shop's usual amounts (zero or more, whole minor units, its three currencies) written as Intl
 * writes them, without Intl: a page's first Intl.NumberFormat loads the browser's locale data, tens
 * of milliseconds of a phone's main thread while the page hydrates. A test compares the two over
 * every language and currency; anything else (negative amounts, other currencies) is left to Intl.
 */
function plainMoney(minor: number, currency: string, family: Family): string | null {
  const symbol = SYMBOLS[currency];
  if (!symbol || !Number.isSafeInteger(minor) || minor < 0) return null;
  const whole = String(Math.floor(minor / 100));
  const fraction = String(minor % 100).padStart(2, '0');
  if (family === 'lv') {
    // Latvian groups thousands only from five digits on (1234,50 but 12 345,00).
    const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+$)/g, '\u00a0') : whole;
    return `${grouped},${fraction}\u00a0${symbol}`;
  }
  return `${symbol}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/**
 * An amount in minor units (cents, pence: as the database, the API and every screen carry money)
 * written the language's way with the currency's own symbol and two decimals: '£29.99', '$29.99',
 * '29,99 €'. The one money format of the shop's pages, the back office, the mails, the invoice and
 * the print files; Intl decides it (plainMoney only skips Intl where it writes the same).
 */
export function formatMoney(minor: number, currency: string, language: TypographyLanguage): string {
  return (
    plainMoney(minor, currency, familyOf(language)) ??
    formatMoneyWithIntl(minor, currency, language)
  );
}

/** Intl's own writing of an amount: formatMoney's answer where plainMoney has none. */
export function formatMoneyWithIntl(
  minor: number,
  currency: string,
  language: TypographyLanguage,
): string {
  const family = familyOf(language);
  const key = `${family}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(family, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 100);
}
