import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { IsoDaySchema } from './arrival.ts';
import { GiftMessageSchema } from './gift.ts';
import { COUNTRY, DEFAULT_COUNTRY_ID } from './countries.ts';
import { PROVINCE_COUNTRIES, provinceCountry } from './regions.ts';

/**
 * The checkout's delivery details (docs/product-rules.md sections 3, 5 and 7). The form and the server parse
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
  /** A printed book's order without the address it goes to (a PDF-only order needs none). */
  shippingAddress: 'Shipping address is required.',
  /** A postcode that is not in its country's format (the countries with a rule below). */
  zipLV: 'Please enter a Latvian postcode: LV and four digits, e.g. LV-1010.',
  zipUS: 'Please enter a ZIP code of 5 digits (e.g. 62701) or ZIP+4 (62701-1234).',
  zipCA: 'Please enter a Canadian postal code such as K1A 0B1.',
  zipGB: 'Please enter a UK postcode such as SW1A 1AA.',
  /** A state or province that is not on the country's list. */
  provinceUnknown: 'Please choose a state or province from the list.',
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
  if (national < PHONE_NATIONAL_DIGITS.min || national > PHONE_NATIONAL_DIGITS.max)
    return undefined;
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

/**
 * The fields of an address (SPEC 'Address'), defined once for the server, the checkout form's
 * machine and its screen. `phone` is the address's own (optional); the form has one contact phone.
 */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'zip',
  'countryId',
  'province',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The fields a parent types into the form's address (all but its own phone). */
export const ADDRESS_FORM_FIELDS = ADDRESS_FIELDS.filter(
  (field): field is Exclude<AddressField, 'phone'> => field !== 'phone',
);
/** The text fields of the form's address (all but the country, a select). */
export const ADDRESS_TEXT_FIELDS = ADDRESS_FORM_FIELDS.filter(
  (field): field is Exclude<AddressField, 'phone' | 'countryId'> => field !== 'countryId',
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
} as const satisfies Record<(typeof ADDRESS_TEXT_FIELDS)[number], number>;

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
  return provinceCountry(countryId) !== undefined;
}

/** The countries with their own address rules (contract/countries.ts). */
export { COUNTRY };

/** The text upper-cased without any spaces (how postcodes are compared). */
const compact = (text: string) => text.toUpperCase().replace(/\s+/g, '');

interface PostcodeRule {
  message: string;
  /** The postcode as a courier writes it, or undefined when it is not one. */
  canonical: (text: string) => string | undefined;
}

/**
 * Postcode formats a courier accepts, per country; elsewhere a postcode only has to be there.
 * Each rule also writes the postcode the canonical way, where that cannot change its meaning:
 * Latvia `1010`, `lv 1010` -> `LV-1010`; US `627011234` -> `62701-1234`; Canada `k1a0b1` ->
 * `K1A 0B1`; UK `sw1a1aa` -> `SW1A 1AA`.
 */
const POSTCODE_RULES: Partial<Record<number, PostcodeRule>> = {
  [COUNTRY.LV]: {
    message: CHECKOUT_FIELD_MESSAGES.zipLV,
    canonical: (text) => {
      const match = /^(?:LV)?-?(\d{4})$/.exec(compact(text));
      return match ? `LV-${match[1]}` : undefined;
    },
  },
  [COUNTRY.US]: {
    message: CHECKOUT_FIELD_MESSAGES.zipUS,
    canonical: (text) => {
      const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(compact(text));
      return match ? (match[2] ? `${match[1]}-${match[2]}` : match[1]) : undefined;
    },
  },
  [COUNTRY.CA]: {
    message: CHECKOUT_FIELD_MESSAGES.zipCA,
    // Canada Post: letter digit letter, digit letter digit; never D F I O Q U, and W Z not first.
    canonical: (text) => {
      const match = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(\d[ABCEGHJ-NPRSTV-Z]\d)$/.exec(
        compact(text),
      );
      return match ? `${match[1]} ${match[2]}` : undefined;
    },
  },
  [COUNTRY.GB]: {
    message: CHECKOUT_FIELD_MESSAGES.zipGB,
    // Royal Mail: an outward code (A9, A99, AA9, AA99, A9A, AA9A) and an inward code (9AA).
    canonical: (text) => {
      const match = /^([A-Z]{1,2}\d[A-Z\d]?|GIR)(\d[ABD-HJLNP-UW-Z]{2})$/.exec(compact(text));
      return match && (match[1] !== 'GIR' || match[2] === '0AA')
        ? `${match[1]} ${match[2]}`
        : undefined;
    },
  },
};

/** True when the postcode is one a courier accepts for this country (non-empty where no rule). */
export function isValidPostcode(countryId: number, text: string): boolean {
  const rule = POSTCODE_RULES[countryId];
  return rule ? rule.canonical(text) !== undefined : text.trim() !== '';
}

/** The postcode written the canonical way (see POSTCODE_RULES); trimmed when it is not one. */
export function normalizePostcode(countryId: number, text: string): string {
  return POSTCODE_RULES[countryId]?.canonical(text) ?? text.trim();
}

/** The message for a postcode that is not in its country's format. */
function postcodeMessage(countryId: number): string {
  return POSTCODE_RULES[countryId]?.message ?? CHECKOUT_FIELD_MESSAGES.zip;
}

/**
 * The states or provinces an address in this country is chosen from (postal codes, the names are
 * in the locale files' `regions`), or undefined where the field is not a list.
 */
export function regionsOf(countryId: number): readonly string[] | undefined {
  return PROVINCE_COUNTRIES[countryId]?.regions;
}

/** The region's code as listed (`il ` -> `IL`), or undefined when it is not on the country's list. */
export function canonicalRegion(countryId: number, text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return regionsOf(countryId)?.includes(code) ? code : undefined;
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

/**
 * SPEC 'Address', with the postcode in its country's format and the state or province from its
 * country's list. The messages sit under `zip` and `province`; the output has both written the
 * canonical way (`1010` -> `LV-1010`, `il` -> `IL`).
 */
export const AddressSchema = v.pipe(
  AddressEntries,
  v.forward(
    v.check(
      (address) => !needsProvince(address.countryId) || address.province !== '',
      CHECKOUT_FIELD_MESSAGES.province,
    ),
    ['province'],
  ),
  v.forward(
    v.check(
      (address) =>
        address.province === '' ||
        regionsOf(address.countryId) === undefined ||
        canonicalRegion(address.countryId, address.province) !== undefined,
      CHECKOUT_FIELD_MESSAGES.provinceUnknown,
    ),
    ['province'],
  ),
  v.forward(
    v.check(
      (address) => address.zip === '' || isValidPostcode(address.countryId, address.zip),
      (issue) => postcodeMessage((issue.input as { countryId: number }).countryId),
    ),
    ['zip'],
  ),
  v.transform((address) => ({
    ...address,
    zip: normalizePostcode(address.countryId, address.zip),
    province: canonicalRegion(address.countryId, address.province) ?? address.province,
  })),
);
export type Address = v.InferOutput<typeof AddressSchema>;

/** Exactly the address's fields of `value` (what is stored: nothing else it may carry). */
export function addressOf(value: Address): Address {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, value[field]])) as Address;
}

/** SPEC 'Contact info'. `subscribe` (default true) starts the newsletter's double opt-in. */
const ContactInfoSchema = v.object({
  email: EmailSchema,
  phone: PhoneSchema,
  subscribe: v.optional(v.boolean('subscribe must be true or false.'), true),
});

/**
 * SPEC 'Delivery payload': billingAddress is omitted (or null) when equal to shipping; it is
 * required when `isShippingDetailsEqualBilling` is false. An order of PDFs only ships nothing
 * (SPEC 'Checkout delivery': billing details only): its payload may carry the billing address
 * alone (`billingAddress`, no `shippingAddress`), or, as the form sends it, the billing address
 * as `shippingAddress` with `isShippingDetailsEqualBilling`. Whether the order needs a shipping
 * address is the server's check (it knows the books): 400 `shippingAddress` when it does.
 */
export const DeliveryPayloadSchema = v.pipe(
  v.object({
    contactInfo: ContactInfoSchema,
    shippingAddress: v.optional(v.nullable(AddressSchema)),
    billingAddress: v.optional(v.nullable(AddressSchema)),
    isShippingDetailsEqualBilling: v.optional(
      v.boolean('isShippingDetailsEqualBilling must be true or false.'),
      true,
    ),
    /**
     * A gift (contract/gift.ts): the book goes to `recipient` (checked as every address), the
     * addresses above are the buyer's (billing); omitted or null when it is not a gift.
     */
    gift: v.optional(
      v.nullable(
        v.object({
          recipient: AddressSchema,
          message: GiftMessageSchema,
          /** The day it should arrive by (contract/arrival.ts); omitted or null: as soon as it can. */
          arriveBy: v.optional(v.nullable(IsoDaySchema), null),
        }),
      ),
    ),
  }),
  v.forward(
    v.check(
      (payload) =>
        payload.billingAddress != null ||
        (payload.isShippingDetailsEqualBilling && payload.shippingAddress != null),
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
  /** A gift: the recipient (also the shipping address), the card's message, the day it should arrive by; null otherwise. */
  gift: v.nullable(
    v.object({ recipient: AddressEntries, message: v.string(), arriveBy: v.nullable(v.string()) }),
  ),
});
export type DeliveryDetails = v.InferOutput<typeof DeliveryDetailsSchema>;

// The delivery estimate's rule is contract/shop.ts's deliveryEstimateDays (one home for it).
