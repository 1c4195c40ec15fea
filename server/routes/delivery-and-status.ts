import { isPrinted } from '#contract/digital.ts';
import { printHoldOf, type PrintFulfilment } from '#server/services/fulfilment/partner/handoff.ts';
import { Hono, type Context } from 'hono';
import { toWireAmounts } from '#contract/amounts.ts';
import type { OrderStatus } from '#contract/order-status.ts';
import sharp from 'sharp';
import * as v from 'valibot';
import { DeliveryPayloadSchema, type DeliveryDetails } from '#contract/checkout.ts';
import type { ApiError } from '#contract/errors.ts';
import { OrderIdSchema, OrderItemIdSchema } from '#contract/orders.ts';
import type { PaymentWork } from '#server/services/payment/initiate.ts';
import { getDeliveryDetails, saveDeliveryDetails } from '#server/services/fulfilment/delivery.ts';
import { cachedOrderStatus } from '#server/services/order/cached-answers.ts';
import { bookChangesOf } from '#server/services/fulfilment/book-change.ts';
import { paidBookAt, placedOrder } from '#server/services/order/placed-order.ts';
import type { PreviewService } from '#server/services/rendering/preview-service.ts';
import { bookOfItem } from '#server/services/order/snapshot.ts';
import type { CartAccess } from './cart-access.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { badRequest, notFound, parseJson } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const UNKNOWN_ORDER = 'Order not found.';
/** The width of a cover picture in a mail (shown 64 px wide: 3x for a sharp phone screen). */
const MAIL_COVER_WIDTH = 192;

/** A path id, or null when it cannot be one of ours (answered like an unknown id). */
function orderIdParam(c: Context, name = 'orderId'): string | null {
  const result = v.safeParse(OrderIdSchema, c.req.param(name));
  return result.success ? result.output : null;
}

/**
 * Delivery details and the order's status page (docs/product-rules.md sections 3, 7 and 8):
 * POST /api/order/{orderId}/delivery-address, GET /api/delivery/{orderId},
 * GET /api/order/{orderId}/status and the paid books' cover pictures (cover.webp for the pages,
 * cover.jpg for the mails).
 */
export function deliveryAndStatusRoutes(
  shopJobs: PaymentWork & { print: PrintFulfilment },
  previews: PreviewService,
  limits: RouteLimits,
  cart: CartAccess,
) {
  const { db } = shopJobs.payments;
  const writes = rateLimit(limits.rateLimits.orderWrites, limits);
  return new Hono()
    .post(
      '/order/:orderId/delivery-address',
      routeDocs['POST /order/:orderId/delivery-address'],
      writes,
      async (c) => {
        const orderId = orderIdParam(c);
        if (!orderId) return notFound(c, UNKNOWN_ORDER);
        const body = await parseJson(c, DeliveryPayloadSchema);
        if (!body.ok) return body.response;
        // The parent's address, e-mail and phone: only the browser holding the cart sets them.
        const refused = await cart.refuseWrite(c, orderId, UNKNOWN_ORDER);
        if (refused) return refused;
        const result = await saveDeliveryDetails(db, orderId, body.value);
        if (result.ok) return c.json(result.details satisfies DeliveryDetails);
        if (result.reason === 'invalid')
          return badRequest(c, 'The request has invalid fields.', result.fields);
        if (result.reason === 'order-not-found') return notFound(c, UNKNOWN_ORDER);
        return c.json(
          {
            error: 'This order is already paid: its delivery details can no longer change.',
          } satisfies ApiError,
          409,
        );
      },
    )
    .get('/delivery/:orderId', routeDocs['GET /delivery/:orderId'], async (c) => {
      const orderId = orderIdParam(c);
      if (!orderId) return notFound(c, UNKNOWN_ORDER);
      // The addresses, email and phone: only to the browser holding the unpaid cart.
      const refused = await cart.refuseRead(c, orderId, UNKNOWN_ORDER);
      if (refused) return refused;
      const details = await getDeliveryDetails(db, orderId);
      if (!details) return notFound(c, 'No delivery details for this order.');
      return c.json(details satisfies DeliveryDetails);
    })
    .get('/order/:orderId/status', routeDocs['GET /order/:orderId/status'], async (c) => {
      const orderId = orderIdParam(c);
      const status = orderId ? await cachedOrderStatus(db, orderId) : undefined;
      if (!status) return notFound(c, UNKNOWN_ORDER);
      // The order id alone opens the status of a paid order only; an unpaid one is its cart's.
      if (!status.placed && !(await cart.holds(c, orderId!))) return notFound(c, UNKNOWN_ORDER);
      if (!status.placed) return c.json(toWireAmounts<OrderStatus>(status));
      // When the printed books go to the print partner (the change window's end, issue #47).
      const holdUntil = printHoldOf(shopJobs.print, {
        paidAt: new Date(status.datePlaced),
        status: status.status,
        printed: status.items.some((item) => isPrinted(item.format) && !item.returned),
      });
      // While the hold lasts, which books the parent may still change (issue #47 item 2).
      const bookChanges =
        holdUntil && holdUntil > shopJobs.print.now()
          ? await bookChangesOf(shopJobs.print, orderId!)
          : null;
      return c.json(
        toWireAmounts<OrderStatus>({
          ...status,
          printHoldUntil: holdUntil?.toISOString() ?? null,
          bookChanges,
        }),
      );
    })
    .get(
      '/order/:orderId/items/:itemId/:file{cover\\.(?:webp|jpg)}',
      routeDocs['GET /order/:orderId/items/:itemId/:file{cover\\.(?:webp|jpg)}'],
      async (c) => {
        const orderId = orderIdParam(c);
        // The book's place in the order (the status answer's item id), or its item id (mails sent before).
        const key = c.req.param('itemId');
        const known = /^[1-9]\d{0,2}$/.test(key) || v.safeParse(OrderItemIdSchema, key).success;
        const order = orderId && known ? await placedOrder(db, orderId) : undefined;
        const item = order && paidBookAt(order, key);
        if (!item) return notFound(c, 'No such book in a paid order.');
        const result = await previews.render({ page: 'cover', ...bookOfItem(item) });
        // A child's name on a paid order's cover: kept by no cache, shared or the browser's.
        const headers = { 'Cache-Control': 'private, no-store' };
        if (c.req.param('file') === 'cover.jpg') {
          // The mails' picture (#44 finding 8): a JPEG, which every mail program shows (many show
          // no WebP), small enough for a 64 px column on a 3x screen.
          const jpeg = await sharp(result.image)
            .resize({ width: MAIL_COVER_WIDTH, withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 85, mozjpeg: true })
            .toBuffer();
          return c.body(new Uint8Array(jpeg), 200, {
            ...headers,
            'Content-Type': 'image/jpeg',
            ETag: `"${result.key}-mail"`,
          });
        }
        return c.body(new Uint8Array(result.image), 200, {
          ...headers,
          'Content-Type': 'image/webp',
          ETag: `"${result.key}"`,
        });
      },
    );
}
