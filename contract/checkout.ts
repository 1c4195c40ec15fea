import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { DEFAULT_COUNTRY_ID, PROVINCE_COUNTRY_IDS } from './markets.ts';

/**
 * The checkout's delivery details (SPEC.md sections 3, 5 and 7). The form and the server parse
 * with the same schemas, so a message under a field is the server's message for that field.
 *
 * POST /api/order/{orderId}/delivery-address  DeliveryPayload -> 200 DeliveryDetails
 *        400 `{ error, fields }` keyed by dotted path (`shippingAddress.firstName`,
 *        `contactInfo.email`, `shippingAddress.countryId` when we do not deliver there),
 *        404 for an unknown order, 409 `{ error }` when the order is already paid.
 * GET  /api/delivery/{orderId}                                -> 200 DeliveryDetails | 404 | 403 CartAccessError
 *      (only the browser holding the unpaid cart: contract/orders.ts)
 *        (404 also when no details were saved yet)
 *
 * Messages are SPEC section 5's English sentences; the client may translate them by the same
 * text (they are the keys of CHECKOUT_FIELD_MESSAGES).
 */

export const CHECKOUT_FIELD_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  address1: 'Address is required.',
  city: 'City is required.',
  zip: 'Postcode is required.',
  province: 'Province is required for the selected country.',
  phone: 'Please enter a valid phone number.',
  email: 'Please enter a valid email address.',
  countryId: 'Please choose a country.',
  /** The server's answer when the country is not one we deliver to. */
  countryNotDelivered: 'We do not deliver to the selected country.',
  billingAddress: 'Billing address is required.',
} as const;

/** SPEC section 5: parsing accepts at most 250 characters. */
export const PHONE_MAX_LENGTH = 250;
/** SPEC section 5: a national number has 2-17 digits, a calling code at most 3 digits. */
const PHONE_NATIONAL_DIGITS = { min: 2, max: 17 } as const;

/**
 * The phone in international form (what react-phone-number-input gives: `+37120000000`), valid
 * for its country by libphonenumber-js (the library react-phone-number-input is built on).
 * Returns the E.164 form, or undefined when it is not a valid number.
 */
function normalizePhone(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > PHONE_MAX_LENGTH) return undefined;
  const phone = parsePhoneNumberFromString(trimmed);
  if (!phone || !phone.isValid()) return undefined;
  const national = phone.nationalNumber.length;
  if (national < PHONE_NATIONAL_DIGITS.min || national > PHONE_NATIONAL_DIGITS.max) return undefined;
  if (phone.countryCallingCode.length > 3) return undefined;
  return phone.number;
}

function isValidPhone(text: string): boolean {
  return normalizePhone(text) !== undefined;
}

/** A required phone; the output is E.164 (`+37120000000`). */
const PhoneSchema = v.pipe(
  v.string(CHECKOUT_FIELD_MESSAGES.phone),
  v.trim(),
  v.nonEmpty(CHECKOUT_FIELD_MESSAGES.phone),
  v.check(isValidPhone, CHECKOUT_FIELD_MESSAGES.phone),
  v.transform((text) => normalizePhone(text) ?? text),
);

/** Length bounds of the address fields (a first bound; SPEC shows none). */
export const ADDRESS_MAX_LENGTH = {
  firstName: 100,
  lastName: 100,
  address1: 200,
  address2: 200,
  city: 100,
  zip: 20,
  province: 100,
} as const;

const tooLong = (max: number) => `At most ${max} characters.`;

/** Required text: trimmed, non-empty (SPEC's message), bounded. */
const requiredText = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(max)));

/** Optional text: trimmed; blank, missing or null become ''. */
const optionalText = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((text) => (text ?? '').trim()),
    v.maxLength(max, tooLong(max)),
  );

/** True for the countries whose addresses need a province (Canada 5, the United States 45). */
export function needsProvince(countryId: number): boolean {
  return (PROVINCE_COUNTRY_IDS as readonly number[]).includes(countryId);
}

const AddressEntries = v.object({
  firstName: requiredText(CHECKOUT_FIELD_MESSAGES.firstName, ADDRESS_MAX_LENGTH.firstName),
  lastName: requiredText(CHECKOUT_FIELD_MESSAGES.lastName, ADDRESS_MAX_LENGTH.lastName),
  address1: requiredText(CHECKOUT_FIELD_MESSAGES.address1, ADDRESS_MAX_LENGTH.address1),
  address2: optionalText(ADDRESS_MAX_LENGTH.address2),
  city: requiredText(CHECKOUT_FIELD_MESSAGES.city, ADDRESS_MAX_LENGTH.city),
  zip: requiredText(CHECKOUT_FIELD_MESSAGES.zip, ADDRESS_MAX_LENGTH.zip),
  countryId: v.optional(
    v.pipe(
      v.number(CHECKOUT_FIELD_MESSAGES.countryId),
      v.integer(CHECKOUT_FIELD_MESSAGES.countryId),
      v.minValue(1, CHECKOUT_FIELD_MESSAGES.countryId),
    ),
    DEFAULT_COUNTRY_ID,
  ),
  /** Required for Canada and the United States (ids 5 and 45); '' elsewhere is fine. */
  province: optionalText(ADDRESS_MAX_LENGTH.province),
  /**
   * Optional on an address: the contact phone is the one required (SPEC section 5). When given
   * it must be valid; '' when missing.
   */
  phone: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((text) => (text ?? '').trim()),
    v.check((text) => text === '' || isValidPhone(text), CHECKOUT_FIELD_MESSAGES.phone),
    v.transform((text) => (text === '' ? '' : (normalizePhone(text) ?? text))),
  ),
});

/** SPEC 'Address'. The province message sits under `province`. */
const AddressSchema = v.pipe(
  AddressEntries,
  v.forward(
    v.check(
      (address) => !needsProvince(address.countryId) || address.province !== '',
      CHECKOUT_FIELD_MESSAGES.province,
    ),
    ['province'],
  ),
);
export type Address = v.InferOutput<typeof AddressSchema>;

/** SPEC 'Contact info'. `subscribe` (default true) starts the newsletter's double opt-in. */
const ContactInfoSchema = v.object({
  email: EmailSchema,
  phone: PhoneSchema,
  subscribe: v.optional(v.boolean('subscribe must be true or false.'), true),
});

/**
 * SPEC 'Delivery payload': billingAddress is omitted (or null) when equal to shipping; it is
 * required when `isShippingDetailsEqualBilling` is false.
 */
export const DeliveryPayloadSchema = v.pipe(
  v.object({
    contactInfo: ContactInfoSchema,
    shippingAddress: AddressSchema,
    billingAddress: v.optional(v.nullable(AddressSchema)),
    isShippingDetailsEqualBilling: v.optional(v.boolean('isShippingDetailsEqualBilling must be true or false.'), true),
  }),
  v.forward(
    v.check(
      (payload) => payload.isShippingDetailsEqualBilling || payload.billingAddress != null,
      CHECKOUT_FIELD_MESSAGES.billingAddress,
    ),
    ['billingAddress'],
  ),
);
export type DeliveryPayloadInput = v.InferInput<typeof DeliveryPayloadSchema>;
export type DeliveryPayload = v.InferOutput<typeof DeliveryPayloadSchema>;

/**
 * The answer of both delivery calls: what is stored, normalised (trimmed, phone in E.164).
 * billingAddress equals shippingAddress when isShippingDetailsEqualBilling is true.
 */
export const DeliveryDetailsSchema = v.object({
  orderId: v.string(),
  contactInfo: v.object({ email: v.string(), phone: v.string(), subscribe: v.boolean() }),
  shippingAddress: AddressEntries,
  billingAddress: AddressEntries,
  isShippingDetailsEqualBilling: v.boolean(),
});
export type DeliveryDetails = v.InferOutput<typeof DeliveryDetailsSchema>;

/**
 * The delivery estimate (SPEC section 9): the country's deliveryTime plus an extra by format,
 * the maximum over the items. Digital items add nothing and a digital-only cart has no estimate.
 */
export const FORMAT_EXTRA_DAYS = { softcover: 3, hardcover: 5, layflat: 7 } as const;

/** Working days until delivery, or null when nothing is shipped (digital-only or empty). */
export function deliveryDays(countryDeliveryTime: number, formats: readonly string[]): number | null {
  const extras = formats
    .filter((format): format is keyof typeof FORMAT_EXTRA_DAYS => format in FORMAT_EXTRA_DAYS)
    .map((format) => FORMAT_EXTRA_DAYS[format]);
  return extras.length === 0 ? null : countryDeliveryTime + Math.max(...extras);
}
