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

const post = (id: string, json: unknown) => t.request(`/api/order/${id}/delivery-address`, { method: 'POST', json });
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
    const res = await post(orderId, deliveryPayload({ contactInfo: { email: ' parent@example.com ', phone: '+371 2000 0000' } }));
    expect(res.status).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.contactInfo).toEqual({ email: 'parent@example.com', phone: '+37120000000', subscribe: true });
    expect(saved.billingAddress).toEqual(saved.shippingAddress);
    expect(saved.shippingAddress).toMatchObject({ firstName: 'Anna', address2: '', province: '', countryId: 19 });
    expect(await (await t.request(`/api/delivery/${orderId}`, cartHolder(orderId))).json()).toEqual(saved);
  });

  it('gives every bad field its message from SPEC section 5', async () => {
    const res = await post(orderId, {
      contactInfo: { email: 'not-an-email', phone: '+371 12' },
      shippingAddress: { firstName: ' ', lastName: '', address1: '', city: '  ', zip: '', countryId: 45 },
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
    const canada = await post(orderId, deliveryPayload({ shippingAddress: { ...US_ADDRESS, countryId: 5, province: '' } }));
    expect(((await canada.json()) as Fields).fields).toEqual({
      'shippingAddress.province': ['Province is required for the selected country.'],
    });
    expect((await post(orderId, deliveryPayload({ shippingAddress: US_ADDRESS }))).status).toBe(200);
  });

  it('refuses a country we do not deliver to', async () => {
    const res = await post(orderId, deliveryPayload({ shippingAddress: { ...US_ADDRESS, countryId: 999 } }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as Fields).fields).toEqual({
      'shippingAddress.countryId': ['We do not deliver to the selected country.'],
    });
  });

  it('keeps a billing address that differs from shipping, and requires it when they differ', async () => {
    const missing = await post(orderId, deliveryPayload({ isShippingDetailsEqualBilling: false }));
    expect(((await missing.json()) as Fields).fields).toEqual({ billingAddress: ['Billing address is required.'] });
    const badBilling = await post(orderId, deliveryPayload({ isShippingDetailsEqualBilling: false, billingAddress: { ...US_ADDRESS, zip: '' } }));
    expect(((await badBilling.json()) as Fields).fields).toEqual({ 'billingAddress.zip': ['Postcode is required.'] });
    const res = await post(orderId, deliveryPayload({ isShippingDetailsEqualBilling: false, billingAddress: US_ADDRESS }));
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
