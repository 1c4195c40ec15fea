import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryDetails } from '#contract/checkout.ts';
import { deliveryPayload, initiate } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, createOrder } from './orders-helpers.ts';

// SPEC 'Checkout delivery': an order of PDFs only checks out with billing details only (no
// shipping address, no delivery cost, no estimate). The API takes the billing address alone for
// it and names only the billing fields in its 400; a printed book still needs where it goes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (id: string, json: unknown) =>
  t.request(`/api/order/${id}/delivery-address`, { method: 'POST', json });
type Fields = { error: string; fields: Record<string, string[]> };

const BILLING = {
  firstName: 'Amy',
  lastName: 'Smith',
  address1: '1 High Street',
  city: 'Bristol',
  zip: 'bs1 4dj',
  countryId: 31,
};
const contactInfo = { email: 'amy@example.com', phone: '+447911123456', subscribe: false };

describe('the delivery details of an order of PDFs only', () => {
  it('takes the billing address alone, stores it as the order’s address, and the payment starts', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital', country: 'en-GB' });
    const res = await post(orderId, { contactInfo, billingAddress: BILLING });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.billingAddress).toMatchObject({ firstName: 'Amy', zip: 'BS1 4DJ', countryId: 31 });
    expect(saved.shippingAddress).toEqual(saved.billingAddress);
    expect(saved).toMatchObject({ isShippingDetailsEqualBilling: true, gift: null });
    const { reference } = await initiate(t, orderId);
    expect(reference).toBeTruthy();
  });

  it('answers 400 with the billing fields only when the billing address is incomplete', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital', country: 'en-GB' });
    const res = await post(orderId, {
      contactInfo,
      billingAddress: { ...BILLING, firstName: ' ', zip: '', countryId: 31 },
    });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as Fields;
    expect(fields).toEqual({
      'billingAddress.firstName': ['First name is required.'],
      'billingAddress.zip': ['Postcode is required.'],
    });
    // Nothing at all: the billing address is what is missing, not a shipping one.
    const none = await post(orderId, { contactInfo, isShippingDetailsEqualBilling: true });
    expect(((await none.json()) as Fields).fields).toEqual({
      billingAddress: ['Billing address is required.'],
    });
    // A country the shop does not sell to, named under the billing address.
    const far = await post(orderId, {
      contactInfo,
      billingAddress: { ...BILLING, countryId: 9999 },
    });
    expect(((await far.json()) as Fields).fields).toEqual({
      'billingAddress.countryId': ['We do not deliver to the selected country.'],
    });
  });

  it('still takes the form’s payload (the billing address sent as the one address)', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital', country: 'en-GB' });
    const res = await post(
      orderId,
      deliveryPayload({
        contactInfo,
        shippingAddress: BILLING,
        isShippingDetailsEqualBilling: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as DeliveryDetails).billingAddress).toMatchObject({
      city: 'Bristol',
    });
  });

  it('ignores a gift on an order with nothing to send', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital', country: 'en-GB' });
    const res = await post(orderId, {
      contactInfo,
      billingAddress: BILLING,
      gift: { recipient: { ...BILLING, firstName: 'Gran' }, message: 'With love' },
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as DeliveryDetails;
    expect(saved.gift).toBeNull();
    expect(saved.shippingAddress.firstName).toBe('Amy');
  });

  it('asks for the shipping address as soon as one book is printed', async () => {
    const { orderId } = await createOrder(t, { cover: 'digital', country: 'en-GB' });
    await addItem(t, orderId, { cover: 'hardcover', country: 'en-GB' });
    const res = await post(orderId, { contactInfo, billingAddress: BILLING });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Fields).fields).toEqual({
      shippingAddress: ['Shipping address is required.'],
    });
    const full = await post(orderId, { contactInfo, shippingAddress: BILLING });
    expect(full.status).toBe(200);
  });
});
