// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ADDRESS_FORM_FIELDS, AddressSchema, addressOf } from '#contract/checkout.ts';
import { deliveryPayloadOf, parseStoredForm } from '#machines/checkout-form.ts';

describe("an address's fields, one list for the server, the form and its storage", () => {
  it('the form holds, keeps and sends exactly the fields the contract lists', () => {
    const empty = parseStoredForm(null, 'lv');
    expect(Object.keys(empty.shippingAddress).sort()).toEqual([...ADDRESS_FORM_FIELDS].sort());
    const typed = Object.fromEntries(
      ADDRESS_FORM_FIELDS.map((field) => [field, field === 'countryId' ? 31 : `${field}!`]),
    );
    const kept = parseStoredForm(
      JSON.stringify({ ...empty, shippingAddress: { ...typed, extra: 'x' } }),
      'en-GB',
    );
    expect(kept.shippingAddress).toEqual(typed);
    const payload = deliveryPayloadOf(kept, false) as { shippingAddress: object };
    expect(Object.keys(payload.shippingAddress).sort()).toEqual([...ADDRESS_FORM_FIELDS].sort());
  });

  it('stores nothing an address does not have', () => {
    const address = v.parse(AddressSchema, {
      firstName: 'Anna',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1',
      city: 'Rīga',
      zip: '1010',
      countryId: 19,
    });
    expect(addressOf({ ...address, note: 'leave at the door' } as typeof address)).toEqual(address);
    expect(address.zip).toBe('LV-1010');
  });
});
