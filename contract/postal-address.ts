// An address as the post reads it in its country (issue #43): the one module every document
// that prints an address uses (packing slip, mails, the status page's gift, invoice and credit
// note). The country's order comes from @fragaria/address-formatter, OpenCage's address templates
// for every country (MIT): the United Kingdom "Bath" and "BA2 4AT" on lines of their own, the
// United States "New York, NY 10118", Latvia "Riga, LV-1010" (street, then town and postcode:
// the order of Google's postal address data and of Latvian registers), Germany "10117 Berlin".
// The country is named in the document's language (Intl.DisplayNames: 'Latvija' in a Latvian
// mail, 'Latvia' in an English one), on the last line.

import addressFormatter from '@fragaria/address-formatter';
import type { Language } from '#contract/markets.ts';

/** The parts of an address (SPEC 'Address', as stored). */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string | null;
  city: string;
  zip: string;
  province?: string | null;
}

/** The country an address is in: its ISO code, and a name to fall back on. */
export interface PostalCountry {
  code: string;
  name: string;
}

/** The country's name in `language` (the reference data's English name when there is none). */
export function countryNameIn(country: PostalCountry, language: Language): string {
  if (!country.code) return country.name;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.code) ?? country.name;
  } catch {
    return country.name;
  }
}

const clean = (line: string | null | undefined) => (line ?? '').replace(/\s+/g, ' ').trim();

/**
 * The lines of an address in its country's order: the name (unless `withName` is false), the
 * street lines, the town with the postcode (and state) as that country writes them, then (unless
 * `withCountry` is false) the country in `language`.
 */
export function postalAddressLines(
  address: PostalAddress,
  country: PostalCountry | undefined,
  language: Language,
  options: { withCountry?: boolean; withName?: boolean } = {},
): string[] {
  const name = clean(`${address.firstName} ${address.lastName}`);
  const street = clean(address.address1);
  const second = clean(address.address2);
  let lines: string[];
  try {
    lines = addressFormatter.format(
      {
        road: street,
        city: clean(address.city),
        postcode: clean(address.zip),
        state: clean(address.province),
        countryCode: country?.code ?? '',
      },
      { output: 'array', appendCountry: false, abbreviate: false },
    );
    // The second street line (flat, suite) follows the first, as every country writes it.
    if (second) {
      const at = lines.indexOf(street);
      lines.splice(at === -1 ? 1 : at + 1, 0, second);
    }
  } catch {
    // A country the templates cannot lay out: the parts in the common European order.
    lines = [street, second, clean(`${address.zip} ${address.city}`), clean(address.province)];
  }
  return [
    ...(options.withName === false ? [] : [name]),
    ...lines.map(clean),
    ...(options.withCountry === false || !country ? [] : [countryNameIn(country, language)]),
  ].filter((line) => line !== '');
}
