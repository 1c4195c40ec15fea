import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryDetails } from '#contract/checkout.ts';
import { deliveryPayload } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, createOrder } from './orders-helpers.ts';

let t: TestApp;
let orderId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ orderId } = await createOrder(t));
});
afterAll(async () => {
  await t.close();
});

const post = (id: string, json: unknown) =>
  t.request(`/api/order/${id}/delivery-address`, { method: 'POST', json });
type Fields = { error: string; fields: Record<string, string[]> };

const US_ADDRESS = {
  firstName: 'Amy',
  lastName: 'Smith',
  address1: '1 Main St',
  city: 'Boston',
  zip: '02110',
  countryId: 45,
  province: 'MA',
};

describe('POST /api/order/{orderId}/delivery-address and GET /api/delivery/{orderId}', () => {
  it('answers 404 before any details are saved, then saves them normalised and reads them back', async () => {
    expect((await t.request(`/api/delivery/${orderId}`, cartHolder(orderId))).status).toBe(404);
    const res = await post(
      orderId,
      deliveryPayload({ contactInfo: { email: ' parent@example.com ', phone: '+371 2000 0000' } }),
    );
    expect(res.status).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.contactInfo).toEqual({
      email: 'parent@example.com',
      phone: '+37120000000',
      subscribe: true,
    });
    expect(saved.billingAddress).toEqual(saved.shippingAddress);
    expect(saved.shippingAddress).toMatchObject({
      firstName: 'Anna',
      address2: '',
      province: '',
      countryId: 19,
    });
    expect(await (await t.request(`/api/delivery/${orderId}`, cartHolder(orderId))).json()).toEqual(
      saved,
    );
  });

  it('gives every bad field its message from SPEC section 5', async () => {
    const res = await post(orderId, {
      contactInfo: { email: 'not-an-email', phone: '+371 12' },
      shippingAddress: {
        firstName: ' ',
        lastName: '',
        address1: '',
        city: '  ',
        zip: '',
        countryId: 45,
      },
      isShippingDetailsEqualBilling: true,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Fields).fields).toEqual({
      'contactInfo.email': ['Please enter a valid email address.'],
      'contactInfo.phone': ['Please enter a valid phone number.'],
      'shippingAddress.firstName': ['First name is required.'],
      'shippingAddress.lastName': ['Last name is required.'],
      'shippingAddress.address1': ['Address is required.'],
      'shippingAddress.city': ['City is required.'],
      'shippingAddress.zip': ['Postcode is required.'],
      'shippingAddress.province': ['Province is required for the selected country.'],
    });
  });

  it('needs a province for Canada and the United States only', async () => {
    const canada = await post(
      orderId,
      deliveryPayload({
        shippingAddress: { ...US_ADDRESS, zip: 'K1A 0B1', countryId: 5, province: '' },
      }),
    );
    expect(((await canada.json()) as Fields).fields).toEqual({
      'shippingAddress.province': ['Province is required for the selected country.'],
    });
    expect((await post(orderId, deliveryPayload({ shippingAddress: US_ADDRESS }))).status).toBe(
      200,
    );
  });

  it('refuses a postcode a courier would not accept: Latvian "12", US ZIP "6270", and a state not on the list', async () => {
    const latvia = await post(
      orderId,
      deliveryPayload({ shippingAddress: { ...deliveryPayload().shippingAddress!, zip: '12' } }),
    );
    expect(latvia.status).toBe(400);
    expect(((await latvia.json()) as Fields).fields).toEqual({
      'shippingAddress.zip': ['Please enter a Latvian postcode: LV and four digits, e.g. LV-1010.'],
    });
    const us = await post(
      orderId,
      deliveryPayload({ shippingAddress: { ...US_ADDRESS, zip: '6270', province: 'Illinoiss' } }),
    );
    expect(us.status).toBe(400);
    expect(((await us.json()) as Fields).fields).toEqual({
      'shippingAddress.zip': [
        'Please enter a ZIP code of 5 digits (e.g. 62701) or ZIP+4 (62701-1234).',
      ],
      'shippingAddress.province': ['Please choose a state or province from the list.'],
    });
    // A state of the United States is not a province of Canada, and the reverse.
    const crossed = await post(
      orderId,
      deliveryPayload({
        shippingAddress: { ...US_ADDRESS, zip: 'K1A 0B1', countryId: 5, province: 'MA' },
      }),
    );
    expect(((await crossed.json()) as Fields).fields).toEqual({
      'shippingAddress.province': ['Please choose a state or province from the list.'],
    });
    const canada = await post(
      orderId,
      deliveryPayload({
        shippingAddress: { ...US_ADDRESS, zip: '02110', countryId: 5, province: 'ON' },
      }),
    );
    expect(((await canada.json()) as Fields).fields).toEqual({
      'shippingAddress.zip': ['Please enter a Canadian postal code such as K1A 0B1.'],
    });
    const uk = await post(
      orderId,
      deliveryPayload({
        shippingAddress: { ...US_ADDRESS, zip: '1234', countryId: 31, province: '' },
      }),
    );
    expect(((await uk.json()) as Fields).fields).toEqual({
      'shippingAddress.zip': ['Please enter a UK postcode such as SW1A 1AA.'],
    });
    // The billing address has the same rules.
    const billing = await post(
      orderId,
      deliveryPayload({
        isShippingDetailsEqualBilling: false,
        billingAddress: { ...US_ADDRESS, zip: '6270' },
      }),
    );
    expect(((await billing.json()) as Fields).fields).toEqual({
      'billingAddress.zip': [
        'Please enter a ZIP code of 5 digits (e.g. 62701) or ZIP+4 (62701-1234).',
      ],
    });
  });

  it('stores postcodes and states the way a courier writes them: 1010 -> LV-1010, k1a0b1 -> K1A 0B1, sw1a1aa -> SW1A 1AA', async () => {
    const save = async (address: object) => {
      const res = await post(
        orderId,
        deliveryPayload({ shippingAddress: { ...US_ADDRESS, ...address } }),
      );
      expect(res.status).toBe(200);
      const saved = (await res.json()) as DeliveryDetails;
      expect(
        await (await t.request(`/api/delivery/${orderId}`, cartHolder(orderId))).json(),
      ).toEqual(saved);
      return saved.shippingAddress;
    };
    expect(await save({ countryId: 19, zip: '1010', province: '' })).toMatchObject({
      zip: 'LV-1010',
      province: '',
    });
    expect(await save({ countryId: 19, zip: 'lv 1050', province: '' })).toMatchObject({
      zip: 'LV-1050',
    });
    expect(await save({ countryId: 45, zip: '627011234', province: ' il ' })).toMatchObject({
      zip: '62701-1234',
      province: 'IL',
    });
    expect(await save({ countryId: 45, zip: '62701', province: 'DC' })).toMatchObject({
      zip: '62701',
      province: 'DC',
    });
    expect(await save({ countryId: 5, zip: 'k1a0b1', province: 'on' })).toMatchObject({
      zip: 'K1A 0B1',
      province: 'ON',
    });
    expect(await save({ countryId: 31, zip: ' sw1a   1aa ', province: '' })).toMatchObject({
      zip: 'SW1A 1AA',
    });
    // Elsewhere a postcode only has to be there, and is kept as typed.
    expect(await save({ countryId: 12, zip: ' 10115 ', province: '' })).toMatchObject({
      zip: '10115',
    });
  });

  it('refuses a country we do not deliver to', async () => {
    const res = await post(
      orderId,
      deliveryPayload({ shippingAddress: { ...US_ADDRESS, countryId: 999 } }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as Fields).fields).toEqual({
      'shippingAddress.countryId': ['We do not deliver to the selected country.'],
    });
  });

  it('keeps a billing address that differs from shipping, and requires it when they differ', async () => {
    const missing = await post(orderId, deliveryPayload({ isShippingDetailsEqualBilling: false }));
    expect(((await missing.json()) as Fields).fields).toEqual({
      billingAddress: ['Billing address is required.'],
    });
    const badBilling = await post(
      orderId,
      deliveryPayload({
        isShippingDetailsEqualBilling: false,
        billingAddress: { ...US_ADDRESS, zip: '' },
      }),
    );
    expect(((await badBilling.json()) as Fields).fields).toEqual({
      'billingAddress.zip': ['Postcode is required.'],
    });
    const res = await post(
      orderId,
      deliveryPayload({ isShippingDetailsEqualBilling: false, billingAddress: US_ADDRESS }),
    );
    expect(res.status).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.isShippingDetailsEqualBilling).toBe(false);
    expect(saved.billingAddress).toMatchObject({ city: 'Boston', province: 'MA', countryId: 45 });
    expect(saved.shippingAddress).toMatchObject({ city: 'Rīga' });
  });

  it('answers 404 for an unknown or malformed order and 400 for a body that is not JSON', async () => {
    expect((await post('A'.repeat(24), deliveryPayload())).status).toBe(404);
    expect((await post('nope', deliveryPayload())).status).toBe(404);
    expect((await t.request('/api/delivery/nope')).status).toBe(404);
    const notJson = await t.request(`/api/order/${orderId}/delivery-address`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
  });
});
