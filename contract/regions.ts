// Plain data, no valibot: the states and provinces an address in the United States or Canada is
// chosen from (their postal abbreviations, what a courier's label carries). The names shown are
// in the locale files (checkout.json `regions.US.IL`, `regions.CA.ON`), in each language.

/** The 50 states, the District of Columbia and the five inhabited territories (USPS codes). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  // Territories with US ZIP codes.
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

/** The 10 provinces and 3 territories (Canada Post codes). */
export const CA_PROVINCES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;

/**
 * The countries whose addresses need a state or province, by their ids in the reference data
 * (server/db/reference-data.ts takes its `needsProvince` from here), with their ISO code and list:
 * the one definition the contract's checks, the checkout's form and the reference data use.
 */
export const PROVINCE_COUNTRIES: Readonly<
  Record<number, { code: 'US' | 'CA'; regions: readonly string[] }>
> = {
  5: { code: 'CA', regions: CA_PROVINCES },
  45: { code: 'US', regions: US_STATES },
};

/** 'US' or 'CA' for a country whose addresses need a state or province, else undefined. */
export function provinceCountry(countryId: number): 'US' | 'CA' | undefined {
  return PROVINCE_COUNTRIES[countryId]?.code;
}
