// The countries the code names, by their ids in the reference data (server/db/reference-data.ts
// holds every delivery country with its zone and cost, and takes these ids from here): one place
// for Latvia's 19 and the markets' countries.

/** The countries the code names: those with their own address rules and the markets' own. */
export const COUNTRY = { CA: 5, LV: 19, GB: 31, US: 45 } as const;

/** Latvia: the shop's home, the delivery form's first country and the seller's VAT country. */
export const DEFAULT_COUNTRY_ID = COUNTRY.LV;
