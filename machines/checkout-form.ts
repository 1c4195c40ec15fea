import * as v from 'valibot';
import {
  ADDRESS_TEXT_FIELDS,
  ADDRESS_FORM_FIELDS,
  canonicalRegion,
  CHECKOUT_FIELD_MESSAGES,
  DeliveryPayloadSchema,
  needsProvince,
  regionsOf,
  type Address,
  type DeliveryPayloadInput,
} from '#contract/checkout.ts';
import { ARRIVAL_MESSAGES } from '#contract/arrival.ts';
import { collectFieldErrors } from '#contract/field-errors.ts';
import { GIFT_FIELD_MESSAGES } from '#contract/gift.ts';
import { UNPRINTABLE_MESSAGE, unprintablePaths } from '#contract/text.ts';
import { DEFAULT_COUNTRY_ID, MARKET_COUNTRY_ID, type Language } from '#contract/markets.ts';

/**
 * The checkout's delivery form (docs/product-rules.md 'Checkout delivery', sections 3 and 5) as plain data: what
 * the parent typed, kept in session storage under `checkoutFormData`, checked with the contract's
 * DeliveryPayloadSchema (the very schema the server parses with), and turned into the payload of
 * POST /api/order/{orderId}/delivery-address.
 */

/** A field of the form's address (contract/checkout.ts ADDRESS_FORM_FIELDS). */
type AddressField = (typeof ADDRESS_FORM_FIELDS)[number];
/** The form's addresses by their place in the payload; `gift.recipient` is a gift's recipient (#36). */
export type AddressKind = 'shippingAddress' | 'billingAddress' | 'gift.recipient';
/** Where the form keeps each address. */
const FORM_KEY = {
  shippingAddress: 'shippingAddress',
  billingAddress: 'billingAddress',
  'gift.recipient': 'recipient',
} as const satisfies Record<AddressKind, keyof CheckoutForm>;

/** An address as the form holds it: the contract's address without its own phone (the form has one). */
export type AddressForm = Omit<Address, 'phone'>;

export interface CheckoutForm {
  email: string;
  /** International form from the phone input (`+371…`), '' while empty. */
  phone: string;
  subscribe: boolean;
  shippingAddress: AddressForm;
  billingAddress: AddressForm;
  /** 'use shipping as billing', on by default. */
  sameBilling: boolean;
  /**
   * 'This is a gift' (contract/gift.ts): the books go to `recipient`, the address above is the
   * buyer's (billing), and `giftMessage` is printed on a card. Off by default.
   */
  gift: boolean;
  recipient: AddressForm;
  giftMessage: string;
  /** The day the gift should arrive by ('YYYY-MM-DD', contract/arrival.ts); '' as soon as it can. */
  giftArriveBy: string;
}

/** A field of the form by its dotted path in the delivery payload (`shippingAddress.city`, `contactInfo.email`). */
export type FieldPath =
  | 'contactInfo.email'
  | 'contactInfo.phone'
  | 'gift.message'
  | 'gift.arriveBy'
  | `${AddressKind}.${AddressField}`;

/** The phone input's default country (ISO code) per market. */
export const MARKET_PHONE_COUNTRY: Record<Language, 'LV' | 'GB' | 'US'> = {
  lv: 'LV',
  'en-GB': 'GB',
  'en-US': 'US',
};

function emptyAddress(countryId: number): AddressForm {
  const texts = Object.fromEntries(ADDRESS_TEXT_FIELDS.map((field) => [field, '']));
  return { ...(texts as Record<(typeof ADDRESS_TEXT_FIELDS)[number], string>), countryId };
}

/** A new form delivering to `countryId`: the country chosen in the cart, else the market's own. */
export function emptyForm(
  language: Language,
  countryId: number = MARKET_COUNTRY_ID[language],
): CheckoutForm {
  return {
    email: '',
    phone: '',
    subscribe: true,
    shippingAddress: emptyAddress(countryId),
    billingAddress: emptyAddress(countryId),
    sameBilling: true,
    gift: false,
    recipient: emptyAddress(countryId),
    giftMessage: '',
    giftArriveBy: '',
  };
}

const text = (max: number) => v.fallback(v.pipe(v.string(), v.maxLength(max)), '');
/** What was typed is kept as it is, up to a loose bound; the contract's schema judges it on send. */
const STORED_TEXT_MAX = 300;
const StoredAddressSchema = v.object({
  ...(Object.fromEntries(
    ADDRESS_TEXT_FIELDS.map((field) => [field, text(STORED_TEXT_MAX)]),
  ) as Record<(typeof ADDRESS_TEXT_FIELDS)[number], ReturnType<typeof text>>),
  countryId: v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), DEFAULT_COUNTRY_ID),
});
const StoredFormSchema = v.object({
  email: text(STORED_TEXT_MAX),
  phone: text(STORED_TEXT_MAX),
  subscribe: v.fallback(v.boolean(), true),
  shippingAddress: StoredAddressSchema,
  billingAddress: StoredAddressSchema,
  sameBilling: v.fallback(v.boolean(), true),
  // Forms kept before gifts have none of these.
  gift: v.optional(v.fallback(v.boolean(), false), false),
  recipient: v.optional(StoredAddressSchema, () => emptyAddress(DEFAULT_COUNTRY_ID)),
  giftMessage: v.optional(text(2000), ''),
  giftArriveBy: v.optional(text(10), ''),
});

/**
 * The form kept in session storage, or an empty one delivering to `countryId` (the cart's choice,
 * else the market's country) when there is none or it cannot be read.
 */
export function parseStoredForm(
  stored: string | null,
  language: Language,
  countryId?: number,
): CheckoutForm {
  if (!stored) return emptyForm(language, countryId);
  try {
    const parsed = v.safeParse(StoredFormSchema, JSON.parse(stored));
    return parsed.success ? parsed.output : emptyForm(language, countryId);
  } catch {
    return emptyForm(language, countryId);
  }
}

/** The form with one field changed (countryId is given as its number's text). */
export function withField(form: CheckoutForm, path: FieldPath, value: string): CheckoutForm {
  if (path === 'contactInfo.email') return { ...form, email: value };
  if (path === 'contactInfo.phone') return { ...form, phone: value };
  if (path === 'gift.message') return { ...form, giftMessage: value };
  if (path === 'gift.arriveBy') return { ...form, giftArriveBy: value };
  const dot = path.lastIndexOf('.');
  const kind = FORM_KEY[path.slice(0, dot) as AddressKind];
  const field = path.slice(dot + 1) as AddressField;
  const address = { ...form[kind] };
  if (field === 'countryId') {
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1) return form;
    address.countryId = id;
    // A province typed for Canada means nothing in Latvia, and a US state nothing in Canada: a
    // province the new country has no use for is dropped with the country.
    if (!needsProvince(id) || (regionsOf(id) && !canonicalRegion(id, address.province)))
      address.province = '';
  } else {
    address[field] = value;
  }
  return { ...form, [kind]: address };
}

/**
 * SPEC 'Checkout delivery': when every item is digital the page asks for billing details only and
 * 'use shipping as billing' is hidden and forced on. An empty cart is not 'all digital'.
 */
export function isAllDigital(formats: readonly string[]): boolean {
  return formats.length > 0 && formats.every((format) => format === 'digital');
}

function addressPayload(address: AddressForm) {
  const { province, ...rest } = address;
  return needsProvince(address.countryId) ? { ...rest, province } : { ...rest, province: '' };
}

/** True when the form sends a gift: ticked, and there is something to ship. */
export function isGiftOf(form: CheckoutForm, allDigital: boolean): boolean {
  return form.gift && !allDigital;
}

/**
 * The delivery payload (SPEC section 3): billingAddress omitted when it equals shipping. A gift
 * (#36) sends the buyer's address as the billing one (the page asks for no other) and the
 * recipient with the message under `gift`.
 */
export function deliveryPayloadOf(form: CheckoutForm, allDigital: boolean): DeliveryPayloadInput {
  const gift = isGiftOf(form, allDigital);
  const same = allDigital || gift || form.sameBilling;
  return {
    contactInfo: { email: form.email, phone: form.phone, subscribe: form.subscribe },
    shippingAddress: addressPayload(form.shippingAddress),
    ...(same ? {} : { billingAddress: addressPayload(form.billingAddress) }),
    isShippingDetailsEqualBilling: same,
    ...(gift
      ? {
          gift: {
            recipient: addressPayload(form.recipient),
            message: form.giftMessage,
            arriveBy: form.giftArriveBy || null,
          },
        }
      : {}),
  };
}

/** The country the books go to (the summary's delivery price): the recipient's for a gift. */
export function deliveryCountryOf(form: CheckoutForm, allDigital: boolean): number {
  return isGiftOf(form, allDigital) ? form.recipient.countryId : form.shippingAddress.countryId;
}

/** What is wrong with a field, as a locale key of the checkout namespace's `errors`. */
type FieldProblem =
  | keyof typeof CHECKOUT_FIELD_MESSAGES
  | keyof typeof GIFT_FIELD_MESSAGES
  | ArrivalProblem
  | 'tooLong'
  | 'unprintable'
  | 'invalid';
export type FieldProblems = Partial<Record<FieldPath, FieldProblem>>;

/** The arrival day's problems (contract/arrival.ts) as locale keys: arriveFormat, arriveTooEarly, … */
type ArrivalProblem = `arrive${Capitalize<keyof typeof ARRIVAL_MESSAGES>}`;
const ARRIVAL_PROBLEMS = Object.fromEntries(
  Object.entries(ARRIVAL_MESSAGES).map(([key, message]) => [
    `arrive${key[0]!.toUpperCase()}${key.slice(1)}`,
    message,
  ]),
) as Record<ArrivalProblem, string>;

const PROBLEM_BY_MESSAGE = new Map<string, FieldProblem>(
  Object.entries({ ...CHECKOUT_FIELD_MESSAGES, ...GIFT_FIELD_MESSAGES, ...ARRIVAL_PROBLEMS }).map(
    ([key, message]) => [message, key as FieldProblem],
  ),
);

/**
 * Field problems from valibot issues or the server's `fields` (dotted path -> English messages):
 * SPEC's sentences map to their own keys, a length bound to `tooLong`, anything else `invalid`.
 */
export function problemsOfMessages(fields: Record<string, readonly string[]>): FieldProblems {
  const problems: FieldProblems = {};
  for (const [path, messages] of Object.entries(fields)) {
    const message = messages[0];
    if (message === undefined || !isFieldPath(path) || problems[path]) continue;
    problems[path] =
      PROBLEM_BY_MESSAGE.get(message) ??
      (message === UNPRINTABLE_MESSAGE
        ? 'unprintable'
        : // The gift card's message names the characters it cannot print (contract/gift.ts).
          message.startsWith(GIFT_FIELD_MESSAGES.messageGlyphs)
          ? 'messageGlyphs'
          : message.startsWith('At most')
            ? 'tooLong'
            : 'invalid');
  }
  return problems;
}

const FIELD_PATHS: readonly string[] = [
  'contactInfo.email',
  'contactInfo.phone',
  'gift.message',
  'gift.arriveBy',
  ...(['shippingAddress', 'billingAddress', 'gift.recipient'] as const).flatMap((kind) =>
    ADDRESS_FORM_FIELDS.map((field) => `${kind}.${field}`),
  ),
];
function isFieldPath(path: string): path is FieldPath {
  return FIELD_PATHS.includes(path);
}

/** Every problem of the form as the contract schema sees it; empty when it may be sent. */
export function formProblems(form: CheckoutForm, allDigital: boolean): FieldProblems {
  const payload = deliveryPayloadOf(form, allDigital);
  // The API's rule for every string (contract/text.ts): control, direction and invisible characters.
  const fields = collectFieldErrors(
    unprintablePaths(payload).map((path) => [path, UNPRINTABLE_MESSAGE] as const),
  );
  const result = v.safeParse(DeliveryPayloadSchema, payload);
  if (result.success) return problemsOfMessages(fields.toObject());
  for (const issue of result.issues) {
    const path = v.getDotPath(issue);
    if (path) fields.add(path, issue.message);
  }
  return problemsOfMessages(fields.toObject());
}

/** The order in which the fields appear on the page: the first invalid one gets the focus. */
const FIELD_ORDER: readonly FieldPath[] = [
  ...ADDRESS_FORM_FIELDS.map((field) => `shippingAddress.${field}` as const),
  'contactInfo.email',
  'contactInfo.phone',
  ...ADDRESS_FORM_FIELDS.map((field) => `gift.recipient.${field}` as const),
  'gift.message',
  'gift.arriveBy',
  ...ADDRESS_FORM_FIELDS.map((field) => `billingAddress.${field}` as const),
];

export function firstProblem(problems: FieldProblems): FieldPath | null {
  return FIELD_ORDER.find((path) => problems[path] !== undefined) ?? null;
}
