import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/product/coverOptions', () => {
  it.each([
    ['lv', 'EUR'],
    ['en-GB', 'GBP'],
    ['en-gb', 'GBP'],
    ['en-US', 'USD'],
  ])(
    "lists hardcover, softcover, the digital PDF and layflat's 'from' price in the currency of %s",
    async (language, currency) => {
      const res = await t.request(`/api/product/coverOptions?country=${language}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        type: string;
        price: number;
        currencyCode: string;
        byContact: boolean;
      }[];
      expect(body.map((o) => [o.type, o.byContact])).toEqual([
        ['hardcover', false],
        ['softcover', false],
        ['digital', false],
        ['layflat', true],
      ]);
      for (const option of body) expect(option.currencyCode).toBe(currency);
      const [hard, soft, digital, layflat] = body;
      // The PDF alone costs less than any printed book.
      expect(digital!.price).toBeLessThan(soft!.price);
      expect(soft?.price).toBe(29.99);
      expect(hard!.price).toBeGreaterThan(soft!.price);
      // Layflat is made to order: its 'from' price, in the same currency.
      expect(layflat?.price).toBe(200);
    },
  );

  it('answers 400 with a field error for an unknown or missing language', async () => {
    for (const query of ['?country=de', '?country=', '']) {
      const res = await t.request(`/api/product/coverOptions${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string[]> };
      expect(body.error).toMatch(/invalid/i);
      expect(Object.keys(body.fields)).toContain('query.country');
    }
  });
});

describe('GET /api/delivery/countries', () => {
  it('lists the EU, UK, Norway, Switzerland, US and Canada with stable ids', async () => {
    const res = await t.request('/api/delivery/countries');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      countryId: number;
      countryCode: string;
      countryName: string;
      deliveryTime: number;
      deliveryCost: number;
      currencyCode: string;
      needsProvince: boolean;
    }[];
    const byCode = new Map(body.map((c) => [c.countryCode, c]));
    expect(byCode.get('LV')).toMatchObject({
      countryId: 19,
      countryName: 'Latvia',
      currencyCode: 'EUR',
    });
    expect(byCode.get('CA')).toMatchObject({ countryId: 5, needsProvince: true });
    expect(byCode.get('US')).toMatchObject({ countryId: 45, needsProvince: true });
    const eu = [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
    ];
    for (const code of [...eu, 'GB', 'NO', 'CH']) expect(byCode.has(code), code).toBe(true);
    for (const country of body) {
      expect(country.deliveryTime).toBeGreaterThan(0);
      expect(country.deliveryCost).toBeGreaterThan(0);
      // An amount of the currency with at most 2 decimals (3.99), as the seed reads it.
      expect(Number.isInteger(Math.round(country.deliveryCost * 100))).toBe(true);
      expect(
        Math.abs(country.deliveryCost * 100 - Math.round(country.deliveryCost * 100)),
      ).toBeLessThan(1e-6);
      expect(country.needsProvince).toBe(['US', 'CA'].includes(country.countryCode));
    }
  });

  it('gives costs in the market currency of the language asked for', async () => {
    const res = await t.request('/api/delivery/countries?country=en-US');
    const body = (await res.json()) as { currencyCode: string }[];
    expect(new Set(body.map((c) => c.currencyCode))).toEqual(new Set(['USD']));
    expect((await t.request('/api/delivery/countries?country=xx')).status).toBe(400);
  });
});

describe('reference data', () => {
  it('loads idempotently: a second load changes nothing', async () => {
    const before = await (await t.request('/api/delivery/countries')).json();
    await loadReferenceData(t.database.db);
    const after = await (await t.request('/api/delivery/countries')).json();
    expect(after).toEqual(before);
  });
});
