import { Hono, type Context } from 'hono';
import { doc } from './openapi.ts';
import { toWireAmounts, type InMinorUnits } from '#contract/amounts.ts';
import type { ApiError } from '#contract/errors.ts';
import * as v from 'valibot';
import {
  AppliedCouponSchema,
  CartAccessErrorSchema,
  CartSummarySchema,
  CreateItemResponseSchema,
  CreateOrderResponseSchema,
  DiscountErrorSchema,
  OrderItemDetailSchema,
  TooManyBooksErrorSchema,
  DiscountRequestSchema,
  OrderIdSchema,
  OrderItemIdSchema,
  SavePayloadSchema,
  SummaryQuerySchema,
  type CreateItemResponse,
  type CreateOrderResponse,
  type DiscountError,
  type TooManyBooksError,
  type CartAccessError,
  type CartSummary,
  MAX_BOOKS_PER_ORDER,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyOf,
} from '#contract/orders.ts';
import { bookOfSavePayload, type BookSave } from '#contract/seed-family.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { applyDiscount } from '#server/services/catalogue/coupons.ts';
import {
  addOrderItem,
  checkSavePayload,
  deleteOrderItem,
  getOrderItem,
  updateOrderItem,
  type CheckedItem,
} from '#server/services/order/order-items.ts';
import { createOrder } from '#server/services/order/orders.ts';
import {
  cachedCartSummary,
  keepCartSummariesWarm,
  warmCartSummary,
} from '#server/services/order/cached-answers.ts';
import { ORDER_PLACED, type CartAccess } from './cart-access.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { badRequest, notFound, parseJson, parseQuery } from './validate.ts';

const IDEMPOTENCY = {
  name: IDEMPOTENCY_KEY_HEADER,
  description: 'Optional: the same key again repeats the save instead of making a second book.',
};

const UNKNOWN_ORDER = 'Order not found.';
const UNKNOWN_ITEM = 'This book is not in the cart.';
const CLOSED_ORDER = 'This order is paid: its books and discount can no longer change.';

/** 409: the order is paid, so what was paid for stays what is printed. */
function closed(c: Context) {
  return c.json({ error: CLOSED_ORDER } satisfies ApiError, 409);
}

/** A path id, or null when it cannot be one of ours (which is answered as a 404, like an unknown id). */
function pathId(
  c: Context,
  schema: typeof OrderIdSchema | typeof OrderItemIdSchema,
  name: string,
): string | null {
  const result = v.safeParse(schema, c.req.param(name));
  return result.success ? result.output : null;
}

/**
 * The save payload, checked by the contract, read into the one model (contract/seed-family.ts:
 * the seed's two parents, or our family) and checked by the book's rules; field
 * errors are answered under the payload's own names.
 */
export async function parseSave(
  c: Context,
): Promise<
  | { ok: true; book: BookSave; item: CheckedItem; repeatKey: string }
  | { ok: false; response: Response }
> {
  const body = await parseJson(c, SavePayloadSchema);
  if (!body.ok) return body;
  const key = idempotencyKeyOf(c.req.header(IDEMPOTENCY_KEY_HEADER), body.value.requestId);
  if (key === 'invalid' || key === 'conflict')
    return {
      ok: false,
      response: badRequest(
        c,
        key === 'invalid'
          ? `The ${IDEMPOTENCY_KEY_HEADER} header is not valid: send 8 to 128 visible characters.`
          : `The ${IDEMPOTENCY_KEY_HEADER} header and requestId differ.`,
        key === 'invalid'
          ? { [`header.${IDEMPOTENCY_KEY_HEADER}`]: ['Send 8 to 128 visible characters.'] }
          : { requestId: [`requestId and the ${IDEMPOTENCY_KEY_HEADER} header must be equal.`] },
      ),
    };
  const book = bookOfSavePayload(body.value);
  if (!book.ok)
    return { ok: false, response: badRequest(c, 'The request has invalid fields.', book.fields) };
  const checked = checkSavePayload(book.save);
  if (!checked.ok) {
    const fields: Record<string, string[]> = {};
    for (const [key, messages] of Object.entries(checked.fields))
      (fields[book.fieldOf(key)] ??= []).push(...messages);
    return { ok: false, response: badRequest(c, 'The request has invalid fields.', fields) };
  }
  // Without a key of the client's, the save is a new one: a key of its own that nobody repeats.
  return { ok: true, book: book.save, item: checked.item, repeatKey: key ?? randomUUID() };
}

/**
 * A cart summary's JSON, made once per computed answer: the summaries' cache gives the same object
 * while it is current, so a summary asked again (every page shows the cart) is not converted and
 * written out again.
 */
const summaryBodies = new WeakMap<object, string>();
function summaryJson(summary: InMinorUnits<CartSummary>): string {
  let body = summaryBodies.get(summary);
  if (body === undefined) {
    body = JSON.stringify(toWireAmounts<CartSummary>(summary));
    summaryBodies.set(summary, body);
  }
  return body;
}

/**
 * The cart: orders and their books (docs/product-rules.md section 7). New orders and the writes to them are
 * limited per client (`newOrders`, `orderWrites`); reading by the unguessable ids is not.
 */
export function orderRoutes(db: Db, limits: RouteLimits, cart: CartAccess) {
  keepCartSummariesWarm(db);
  const newOrders = rateLimit(limits.rateLimits.newOrders, limits);
  // One count for every kind of write, whichever route it comes by.
  const writes = rateLimit(limits.rateLimits.orderWrites, limits);
  /** A change to a book: 404 for an unknown one, 403 unless from the browser holding its cart. */
  const refuseItemWrite = async (c: Context, itemId: string) => {
    const orderId = await cart.orderOfItem(itemId);
    if (!orderId) return notFound(c, UNKNOWN_ITEM);
    return cart.refuseWrite(c, orderId, UNKNOWN_ITEM);
  };
  return new Hono()
    .post(
      '/order',
      doc({
        summary: 'Create an order with its first book',
        tags: ['orders', 'seed'],
        body: SavePayloadSchema,
        headers: [IDEMPOTENCY],
        responses: {
          201: [
            'The new order and its first book; the cart key cookie is set',
            CreateOrderResponseSchema,
          ],
          400: 'Invalid fields',
          409: 'The order of this repeat key is paid',
          429: 'Too many new orders',
        },
      }),
      newOrders,
      async (c) => {
        const save = await parseSave(c);
        if (!save.ok) return save.response;
        // The browser making the order gets its cart key (a cookie), which holds the cart from now on.
        const ids = await createOrder(
          db,
          save.book.shopLanguage,
          save.repeatKey,
          save.item,
          cart.issue(c),
        );
        if (ids === 'order-closed') return closed(c);
        warmCartSummary(db, ids.orderId);
        return c.json(ids satisfies CreateOrderResponse, 201);
      },
    )
    .post(
      '/orderItems',
      doc({
        summary: 'Add a book to an existing order',
        tags: ['orders', 'seed'],
        body: SavePayloadSchema,
        headers: [IDEMPOTENCY],
        responses: {
          201: ['The new book', CreateItemResponseSchema],
          400: ['Invalid fields, or the order is full', TooManyBooksErrorSchema],
          403: ['Not the cart of this browser', CartAccessErrorSchema],
          404: 'Unknown order',
          409: 'The order is paid',
        },
      }),
      writes,
      async (c) => {
        const save = await parseSave(c);
        if (!save.ok) return save.response;
        const { orderId } = save.book;
        if (!orderId)
          return badRequest(c, 'The request has invalid fields.', {
            orderId: ['orderId is required.'],
          });
        const refused = await cart.refuseWrite(c, orderId, UNKNOWN_ORDER);
        if (refused) return refused;
        const result = await addOrderItem(db, orderId, save.repeatKey, save.item);
        if (result === 'order-not-found') return notFound(c, UNKNOWN_ORDER);
        if (result === 'order-closed') return closed(c);
        if (result === 'too-many-books') {
          const error = `An order holds at most ${MAX_BOOKS_PER_ORDER} books. Please place a second order for more.`;
          return c.json(
            { error, code: 'too_many_books', max: MAX_BOOKS_PER_ORDER } satisfies TooManyBooksError,
            400,
          );
        }
        warmCartSummary(db, orderId);
        return c.json(result satisfies CreateItemResponse, 201);
      },
    )
    .put(
      '/orderItems/:id',
      doc({
        summary: 'Change a book',
        tags: ['orders', 'seed'],
        body: SavePayloadSchema,
        responses: {
          200: ['The book', CreateItemResponseSchema],
          400: 'Invalid fields',
          403: ['Not the cart of this browser', CartAccessErrorSchema],
          404: 'Unknown book',
          409: 'The order is paid',
        },
      }),
      writes,
      async (c) => {
        const id = pathId(c, OrderItemIdSchema, 'id');
        if (!id) return notFound(c, UNKNOWN_ITEM);
        const save = await parseSave(c);
        if (!save.ok) return save.response;
        const refused = await refuseItemWrite(c, id);
        if (refused) return refused;
        const result = await updateOrderItem(db, id, save.book.orderId, save.item);
        if (result === 'not-found') return notFound(c, UNKNOWN_ITEM);
        if (result === 'order-closed') return closed(c);
        return c.json({ id } satisfies CreateItemResponse);
      },
    )
    .delete(
      '/orderItems/:id',
      doc({
        summary: 'Remove a book',
        tags: ['orders', 'seed'],
        responses: {
          204: 'Removed',
          403: ['Not the cart of this browser', CartAccessErrorSchema],
          404: 'Unknown book',
          409: 'The order is paid',
        },
      }),
      writes,
      async (c) => {
        const id = pathId(c, OrderItemIdSchema, 'id');
        const refused = id ? await refuseItemWrite(c, id) : notFound(c, UNKNOWN_ITEM);
        if (refused) return refused;
        const result = id ? await deleteOrderItem(db, id) : 'not-found';
        if (result === 'not-found') return notFound(c, UNKNOWN_ITEM);
        if (result === 'order-closed') return closed(c);
        return c.body(null, 204);
      },
    )
    .get(
      '/orderItems/:id',
      doc({
        summary: 'Read a book (edit mode)',
        tags: ['orders', 'seed'],
        responses: {
          200: ['The book', OrderItemDetailSchema],
          403: ['Not the cart of this browser, or a paid order', CartAccessErrorSchema],
          404: 'Unknown book',
        },
      }),
      async (c) => {
        const id = pathId(c, OrderItemIdSchema, 'id');
        const detail = id ? await getOrderItem(db, id) : undefined;
        if (!detail) return notFound(c, UNKNOWN_ITEM);
        // The names and the dedication: only to the browser holding the unpaid cart.
        const refused = await cart.refuseRead(c, detail.orderId, UNKNOWN_ITEM);
        if (refused) return refused;
        return c.json(detail);
      },
    )
    .get(
      '/order/summary/:orderId',
      doc({
        summary: 'The cart summary',
        tags: ['orders', 'seed'],
        query: SummaryQuerySchema,
        responses: {
          200: ['The cart, amounts in the currency', CartSummarySchema],
          400: 'Invalid query',
          403: ['Not the cart of this browser, or a paid order', CartAccessErrorSchema],
          404: 'Unknown order',
        },
      }),
      async (c) => {
        const orderId = pathId(c, OrderIdSchema, 'orderId');
        if (!orderId) return notFound(c, UNKNOWN_ORDER);
        const query = parseQuery(c, SummaryQuerySchema);
        if (!query.ok) return query.response;
        // `country` (the asking page's language) is checked but never re-prices the order: it answers
        // in its own currency, delivered by default to its own market's country.
        const summary = await cachedCartSummary(db, orderId, query.value.countryId);
        if (summary === 'order-not-found') return notFound(c, UNKNOWN_ORDER);
        // A paid order's cart (its dedications, the parents' names) is nobody's to read by its id,
        // which is the status link's: the status answer shows what was bought; the back office reads its own.
        if (summary === 'order-placed')
          return c.json(
            { error: ORDER_PLACED, code: 'order_placed' } satisfies CartAccessError,
            403,
          );
        // The children's and grown-ups' names, the dedications: only to the browser holding the cart.
        if (!(await cart.holds(c, orderId)))
          return c.json(
            {
              error: 'This cart is open only in the browser it was made in.',
              code: 'not_your_cart',
            } satisfies CartAccessError,
            403,
          );
        if (summary === 'country-not-found') {
          return badRequest(c, 'The query has invalid parameters.', {
            'query.countryId': ['We do not deliver to this country.'],
          });
        }
        return c.body(summaryJson(summary), 200, { 'Content-Type': 'application/json' });
      },
    )
    .post(
      '/order/:orderId/discount',
      doc({
        summary: 'Apply a coupon',
        tags: ['orders', 'seed'],
        body: DiscountRequestSchema,
        responses: {
          200: ['The coupon now on the order', AppliedCouponSchema],
          400: ['The coupon does not apply', DiscountErrorSchema],
          403: ['Not the cart of this browser', CartAccessErrorSchema],
          404: 'Unknown order',
          409: 'The order is paid',
        },
      }),
      writes,
      async (c) => {
        const orderId = pathId(c, OrderIdSchema, 'orderId');
        if (!orderId) return notFound(c, UNKNOWN_ORDER);
        const body = await parseJson(c, DiscountRequestSchema);
        if (!body.ok) return body.response;
        const refused = await cart.refuseWrite(c, orderId, UNKNOWN_ORDER);
        if (refused) return refused;
        const result = await applyDiscount(db, orderId, body.value.code);
        if (result === 'order-not-found') return notFound(c, UNKNOWN_ORDER);
        if (result === 'order-closed') return closed(c);
        if ('error' in result) return c.json(result satisfies DiscountError, 400);
        warmCartSummary(db, orderId);
        return c.json(result);
      },
    );
}
