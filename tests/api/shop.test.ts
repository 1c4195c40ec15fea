import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '#server/env.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/shop', () => {
  it.each([
    ['lv', 'EUR'],
    ['en-GB', 'GBP'],
    ['en-US', 'USD'],
  ])(
    '%s: prices in %s from the reference data, card marks only, the example company marked',
    async (language, currency) => {
      const res = await t.request(`/api/shop?country=${language}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        currencyCode: currency,
        priceFrom: 29.99,
        layflatFrom: 200,
        paymentMethods: ['visa', 'mastercard'],
      });
      expect(body['company']).toMatchObject({
        legalName: 'SIA Storymade',
        registrationNumber: '40000000000',
        vatNumber: 'LV40000000000',
        email: 'hello@storymade.eu',
        placeholder: true,
      });
    },
  );

  it('answers 400 with a field error for an unknown language', async () => {
    const res = await t.request('/api/shop?country=de');
    expect(res.status).toBe(400);
    expect(
      Object.keys(((await res.json()) as { fields: Record<string, string[]> }).fields),
    ).toContain('query.country');
  });
});

describe('the shop settings', () => {
  it('default to card only and the marked example company', () => {
    const env = readEnv({});
    expect(env.paymentMethods).toEqual(['visa', 'mastercard']);
    expect(env.company.placeholder).toBe(true);
  });

  it('read the payment methods the provider offers and the company details', () => {
    const env = readEnv({
      PAYMENT_METHODS: 'visa, mastercard,applePay',
      COMPANY_LEGAL_NAME: 'SIA Example',
      COMPANY_REGISTRATION_NUMBER: '40103999999',
      COMPANY_VAT_NUMBER: 'LV40103999999',
      COMPANY_ADDRESS: 'Elizabetes iela 2, Rīga, LV-1010',
      COMPANY_PHONE: '+371 67 000 000',
    });
    expect(env.paymentMethods).toEqual(['visa', 'mastercard', 'applePay']);
    expect(env.company).toEqual({
      legalName: 'SIA Example',
      registrationNumber: '40103999999',
      vatNumber: 'LV40103999999',
      address: 'Elizabetes iela 2, Rīga, LV-1010',
      phone: '+371 67 000 000',
      placeholder: false,
    });
  });

  it('refuse an unknown payment method or a phone that is not one, naming the setting', () => {
    expect(() => readEnv({ PAYMENT_METHODS: 'visa,bitcoin' })).toThrow(
      /PAYMENT_METHODS must be a comma-separated list/,
    );
    expect(() => readEnv({ COMPANY_PHONE: 'call us' })).toThrow(/COMPANY_PHONE/);
  });
});
