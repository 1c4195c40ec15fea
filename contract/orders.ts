import * as v from 'valibot';
import { CURRENCIES, LANGUAGES } from './markets.ts';
import { LanguageParamSchema } from './language-param.ts';
import { RANDOM_ID } from './ids.ts';
import { AmountSchema } from './amounts.ts';
import { DedicationTextSchema } from './preview.ts';
import {
  FAMILY_SHAPE_NAMES,
  FamilyAnswerSchema,
  FamilySchema,
  GROWN_UP_KIND_NAMES,
} from './family.ts';
import { ORDERABLE_COVERS, PRODUCT_ID, type OrderableCover } from './order-formats.ts';

/**
 * The orders API (docs/product-rules.md sections 3 and 7).
 *
 * POST   /api/order                            SavePayload      -> 201 CreateOrderResponse
 * POST   /api/orderItems                       SavePayload      -> 201 CreateItemResponse (orderId required)
 * PUT    /api/orderItems/{id}                  SavePayload      -> 200 CreateItemResponse
 * DELETE /api/orderItems/{id}                                   -> 204 (a second delete is a 404)
 * GET    /api/orderItems/{id}                                   -> 200 OrderItemDetail | 403 CartAccessError
 * GET    /api/order/summary/{orderId}?country={language}[&countryId=…] (default: the market's country) -> 200 CartSummary
 * POST   /api/order/{orderId}/discount         DiscountRequest  -> 200 AppliedCoupon | 400 DiscountError
 * GET    /api/order/{orderId}/status                            -> 200 OrderStatus (contract/order-status.ts)
 *
 * Errors are `ApiError` (contract/errors.ts): 400 with `fields` for invalid input (the book's
 * rules for names, asset names and the dedication, book/personalization.ts, are checked by the
 * server on top of these shapes and reported the same way), 404 for an unknown or malformed
 * order or item id.
 *
 * An order holds at most MAX_BOOKS_PER_ORDER books: one more is a 400 `{ error, code:
 * 'too_many_books' }` (TooManyBooksError).
 *
 * Every read and write of an unpaid order (its summary, its books, the coupon, the delivery
 * details, the review box, the payment's start) answers only the browser that holds the cart: the
 * one that made it, proved by its cart key (the httpOnly `sm_cart` cookie the server set with POST
 * /api/order, CART_KEY_COOKIE), not by the order id, which is no secret of the browser's: 403 `{
 * error, code: 'not_your_cart' }` to any other. Once paid, the personal reads (a book's names and
 * dedication, the delivery details, the summary) answer 403 `{ error, code: 'order_placed' }` to
 * everyone (the back office has its own reads), and the order id opens only its status page.
 * GET /api/order/{orderId}/status of an unpaid order answers only its cart's browser (404 else).
 *
 * A save may carry a client-made key of its own (optional; the seed's client sends none): an
 * `Idempotency-Key` header or a `requestId` field (a UUID made once per book, reused on every
 * retry until a save is confirmed). The same key in the same order answers the ids of the item it
 * already created and updates that item to the payload sent, so a double click, a retried
 * request or a retry after further changes (the first answer was lost) never creates a second
 * book and always keeps the latest choices. POST /api/order with a key it has seen answers the
 * same orderId and orderItemId, and gives the unpaid order to the cart key it comes with (the
 * browser's first answer, and the key's cookie, were lost); 409 once the order is paid. Without
 * a key every save is a new one (IDEMPOTENCY_KEY_HEADER, `idempotencyKeyOf`).
 */

export const OrderIdSchema = v.pipe(
  v.string('orderId must be a string.'),
  v.regex(RANDOM_ID, 'orderId is not valid.'),
);
export const OrderItemIdSchema = v.pipe(
  v.string('id must be a string.'),
  v.regex(RANDOM_ID, 'id is not valid.'),
);

export { PRODUCT_ID, ORDERABLE_COVERS, type OrderableCover };
const CHILD_GENDERS = ['Boy', 'Girl'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];
const GROWN_UP_ROLES = ['dad', 'mum'] as const;
const asset = v.pipe(
  v.string('Asset name must be a string.'),
  v.maxLength(80, 'Asset name is too long.'),
);
const accessories = v.pipe(
  v.array(asset, 'accessories must be a list of asset names.'),
  v.maxLength(8, 'Too many accessories.'),
);

/** Child personalization: asset names as in book/catalogue.ts ChildCharacter (without gender). */
export const ChildPersonalizationSchema = v.object({
  hair: asset,
  eyes: asset,
  skin: asset,
  tshirt: asset,
  shorts: asset,
  /** The lashes asset for a girl; null for a boy. */
  lashes: v.nullable(asset),
  accessories,
});
export type ChildPersonalization = v.InferOutput<typeof ChildPersonalizationSchema>;

/** Parent personalization: asset names as in book/catalogue.ts ParentCharacter. */
export const ParentPersonalizationSchema = v.object({
  hair: asset,
  eyes: asset,
  skin: asset,
  accessories,
});
export type ParentPersonalization = v.InferOutput<typeof ParentPersonalizationSchema>;

const childName = v.pipe(
  v.string("Child's name is required"),
  v.trim(),
  v.nonEmpty("Child's name is required"),
  // A first bound only; book/grammar's validateChildName applies the real rule.
  v.maxLength(200, "Child's name is too long."),
);

/**
 * A parent's name (optional). A first bound only: book/personalization.ts's rules (NFC, single
 * spaces, printable, at most 40 characters) are applied by the server and reported as field errors.
 */
const parentName = v.optional(
  v.nullable(v.pipe(v.string('Name must be a string.'), v.maxLength(200, 'The name is too long.'))),
  null,
);

/**
 * The child's look as the seed's draft names it (SPEC.md section 3: `formTShirt`, `formShorts`;
 * `lashes` for a girl only): read as ChildPersonalization.
 */
const SeedChildPersonalizationSchema = v.pipe(
  v.object({
    hair: asset,
    eyes: asset,
    skin: asset,
    formTShirt: asset,
    formShorts: asset,
    lashes: v.optional(v.nullable(asset), null),
    accessories,
  }),
  v.transform(({ formTShirt, formShorts, ...rest }): ChildPersonalization => ({
    ...rest,
    tshirt: formTShirt,
    shorts: formShorts,
  })),
);

const ChildSchema = v.object({
  name: childName,
  gender: v.picklist(CHILD_GENDERS, "gender must be 'Boy' or 'Girl'."),
  personalization: v.union(
    [ChildPersonalizationSchema, SeedChildPersonalizationSchema],
    'personalization must name the hair, eyes, skin, T-shirt, shorts, lashes and accessories.',
  ),
});

const MaleParentSchema = v.object({
  grownUpRole: v.literal('dad', "maleParent.grownUpRole must be 'dad'."),
  name: parentName,
  personalization: ParentPersonalizationSchema,
});
const FemaleParentSchema = v.object({
  grownUpRole: v.literal('mum', "femaleParent.grownUpRole must be 'mum'."),
  name: parentName,
  personalization: ParentPersonalizationSchema,
});

/** The save payload of POST /api/order, POST /api/orderItems and PUT /api/orderItems/{id}. */
export const SavePayloadSchema = v.object({
  /** The shop language the order belongs to (its cookie, its currency): lv, en-GB or en-US. */
  country: LanguageParamSchema,
  /** The book's language: lv, en-GB or en-US (matched case-insensitively). */
  language: LanguageParamSchema,
  /** Null for POST /api/order; required for POST /api/orderItems; checked against the item on PUT. */
  orderId: v.optional(v.nullable(OrderIdSchema), null),
  productId: v.literal(PRODUCT_ID, `productId must be ${PRODUCT_ID}.`),
  /** Required and at most 10 lines (book/personalization.ts, applied by the server). */
  dedication: DedicationTextSchema,
  cover: v.picklist(ORDERABLE_COVERS, "cover must be 'hardcover', 'softcover' or 'digital'."),
  /** 'printed + PDF': a printed cover with the digital PDF too (ignored for 'digital'). */
  withPdf: v.optional(v.boolean('withPdf must be true or false.'), false),
  child: ChildSchema,
  /**
   * Today's mum-and-dad book (SPEC): required unless `family` is sent; with `family` they may be
   * left out and are ignored when sent (the family names who is in the book).
   */
  maleParent: v.optional(MaleParentSchema),
  femaleParent: v.optional(FemaleParentSchema),
  /** Who is in the book (contract/family.ts); absent: today's mum-and-dad book. */
  family: v.optional(FamilySchema),
  /**
   * Optional client-made UUID of this book's save (or the `Idempotency-Key` header): a repeated
   * POST with the same requestId creates no second book; it updates the one it created to this
   * payload. Ignored by PUT (an update is repeatable by itself).
   */
  requestId: v.optional(
    v.pipe(v.string('requestId must be a UUID.'), v.uuid('requestId must be a UUID.')),
  ),
});
export type SavePayload = v.InferInput<typeof SavePayloadSchema>;
export type ParsedSavePayload = v.InferOutput<typeof SavePayloadSchema>;

/** The optional request header that makes a save repeatable (as `requestId` does). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** An Idempotency-Key's value: 8 to 128 visible ASCII characters (a sf-string's quotes are dropped). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

/**
 * A save's repeat key from its `Idempotency-Key` header and its `requestId`: the one sent, or
 * null for none; 'invalid' for a malformed header or a header and a requestId that differ.
 */
export function idempotencyKeyOf(
  header: string | undefined,
  requestId: string | undefined,
): string | null | 'invalid' | 'conflict' {
  let key: string | null = null;
  if (header !== undefined) {
    const trimmed = header.trim();
    const unquoted =
      trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
        ? trimmed.slice(1, -1)
        : trimmed;
    if (!IDEMPOTENCY_KEY.test(unquoted)) return 'invalid';
    key = unquoted;
  }
  if (requestId !== undefined) {
    if (key !== null && key !== requestId) return 'conflict';
    key = requestId;
  }
  return key;
}

export const CreateOrderResponseSchema = v.object({ orderId: v.string(), orderItemId: v.string() });
export type CreateOrderResponse = v.InferOutput<typeof CreateOrderResponseSchema>;

/** Answer of POST /api/orderItems and PUT /api/orderItems/{id}. */
export const CreateItemResponseSchema = v.object({ id: v.string() });
export type CreateItemResponse = v.InferOutput<typeof CreateItemResponseSchema>;

/** GET /api/orderItems/{id} (SPEC 'Order item detail'). Personalizations are JSON strings. */
export const OrderItemDetailSchema = v.object({
  id: v.string(),
  orderId: v.string(),
  /** The book's language of this item. */
  language: v.picklist(LANGUAGES),
  customization: v.object({
    dedication: v.string(),
    bookCoverType: v.picklist(ORDERABLE_COVERS),
    /** A printed cover with the digital PDF too. */
    withPdf: v.optional(v.boolean()),
  }),
  children: v.array(
    v.object({
      name: v.string(),
      gender: v.picklist(CHILD_GENDERS),
      /** JSON of ChildPersonalization. */
      personalization: v.string(),
    }),
  ),
  /** Who is in the book: today's 'mum-dad' for a book saved without a family. */
  familyShape: v.picklist(FAMILY_SHAPE_NAMES),
  /** The book's grown-ups in the family's order (a mum-and-dad book: the dad, then the mum). */
  grownUps: v.array(
    v.object({
      /** The catalogue the look is from ('mum' for a mum or a grandma): kept for older clients. */
      grownUpRole: v.picklist(GROWN_UP_ROLES),
      kind: v.picklist(GROWN_UP_KIND_NAMES),
      name: v.nullable(v.string()),
      /** What the child calls them: a word of the book's language, or 'name'. */
      call: v.string(),
      /** JSON of ParentPersonalization. */
      personalization: v.string(),
    }),
  ),
});
export type OrderItemDetail = v.InferOutput<typeof OrderItemDetailSchema>;

export const SummaryQuerySchema = v.object({
  country: LanguageParamSchema,
  countryId: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'countryId must be a whole number.'),
      v.transform(Number),
    ),
  ),
});

const CartItemSchema = v.object({
  id: v.string(),
  /** The book's title in the item's language. */
  title: v.string(),
  /** The book's language of this item (lv, en-GB, en-US); it may differ from the shop's. */
  language: v.picklist(LANGUAGES),
  childName: v.string(),
  childGender: v.picklist(CHILD_GENDERS),
  format: v.picklist(ORDERABLE_COVERS),
  /** 'printed + PDF': a printed book with its digital PDF (its price includes the PDF's). */
  withPdf: v.optional(v.boolean()),
  /** The book's price in the summary's currencyCode, e.g. 34.99. */
  price: AmountSchema,
  dedication: v.string(),
  /** JSON of ChildPersonalization. */
  childPersonalization: v.string(),
  /** JSON of ParentPersonalization. */
  dadPersonalization: v.string(),
  /** JSON of ParentPersonalization. */
  mumPersonalization: v.string(),
  dadName: v.nullable(v.string()),
  mumName: v.nullable(v.string()),
  /**
   * Who is in the book, with each grown-up's look, name and call word (today's books: 'mum-dad'
   * with the default words). The dad/mum fields above keep their meaning for a mum-and-dad book.
   */
  family: FamilyAnswerSchema,
});
export type CartItem = v.InferOutput<typeof CartItemSchema>;

const CouponInfoSchema = v.object({
  code: v.string(),
  percentOff: v.number(),
  /** False when the cart no longer meets the coupon's rule (then discount is 0). */
  applies: v.boolean(),
  /** Why it does not apply, in English ('MULTI25 needs 2 or more books.'); null when it applies. */
  reason: v.nullable(v.string()),
});
export type CouponInfo = v.InferOutput<typeof CouponInfoSchema>;

/** GET /api/order/summary/{orderId} (SPEC 'Order cart summary'). Amounts in the currency's major unit (contract/amounts.ts). */
export const CartSummarySchema = v.object({
  orderId: v.string(),
  items: v.array(CartItemSchema),
  subtotal: AmountSchema,
  /** The country's delivery cost; 0 for an empty or digital-only cart. */
  deliveryCost: AmountSchema,
  discount: AmountSchema,
  /** subtotal + deliveryCost - discount. */
  total: AmountSchema,
  currencyCode: v.picklist(CURRENCIES),
  couponInfo: v.nullable(CouponInfoSchema),
});
export type CartSummary = v.InferOutput<typeof CartSummarySchema>;

const DISCOUNT_ERROR_CODES = ['unknown_code', 'min_books', 'empty_code'] as const;
export type DiscountErrorCode = (typeof DISCOUNT_ERROR_CODES)[number];

/** POST /api/order/{orderId}/discount. The code is matched case-insensitively after trimming. */
const couponCode = v.pipe(v.string('code must be text.'), v.maxLength(64, 'code is too long.'));
/**
 * The seed sends "the coupon" as typed: `{ "code": "MULTI25" }`, or the code alone as a JSON
 * string (`"MULTI25"`); both are read as `{ code }`.
 */
export const DiscountRequestSchema = v.union(
  [
    v.object({ code: couponCode }),
    v.pipe(
      couponCode,
      v.transform((code) => ({ code })),
    ),
  ],
  'Send the coupon code: { "code": "…" }.',
);

/** 200 answer of the discount call: the coupon now on the order. */
export const AppliedCouponSchema = v.object({ code: v.string(), percentOff: v.number() });
export type AppliedCoupon = v.InferOutput<typeof AppliedCouponSchema>;

/** 400 answer of the discount call: `error` is an English sentence to show as it is. */
export const DiscountErrorSchema = v.object({
  error: v.string(),
  code: v.picklist(DISCOUNT_ERROR_CODES),
});
export type DiscountError = v.InferOutput<typeof DiscountErrorSchema>;

export { CART_KEY_COOKIE, MAX_BOOKS_PER_ORDER, ORDER_COOKIE_PREFIX } from './order-limits.ts';

/** 400 answer of POST /api/orderItems to an order that has MAX_BOOKS_PER_ORDER books already. */
export const TooManyBooksErrorSchema = v.object({
  error: v.string(),
  code: v.literal('too_many_books'),
  /** MAX_BOOKS_PER_ORDER. */
  max: v.number(),
});
export type TooManyBooksError = v.InferOutput<typeof TooManyBooksErrorSchema>;

const CART_ACCESS_ERROR_CODES = ['not_your_cart', 'order_placed'] as const;
export type CartAccessErrorCode = (typeof CART_ACCESS_ERROR_CODES)[number];

/**
 * 403 answer of the cart's reads and writes: `not_your_cart` to a browser without the cart's key
 * (CART_KEY_COOKIE), `order_placed` to everyone once it is paid (the personal reads).
 */
export const CartAccessErrorSchema = v.object({
  error: v.string(),
  code: v.picklist(CART_ACCESS_ERROR_CODES),
});
export type CartAccessError = v.InferOutput<typeof CartAccessErrorSchema>;
