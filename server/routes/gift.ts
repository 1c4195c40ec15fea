import { Hono } from 'hono';
import * as v from 'valibot';
import type { GiftView } from '#contract/gift.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import { giftViewOf, isGiftKey } from '#server/services/gift/gift-access.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { notFound } from './validate.ts';
import { routeDocs } from './route-docs.ts';

const NO_GIFT = 'No such gift.';

/**
 * GET /api/order/{orderId}/gift?key=…: a paid gift's recipient (name and address) and message,
 * only to the holder of the buyer's link (server/services/gift/gift-access.ts); the same 404 for
 * no key, another key, an unknown order and an order that is not a gift.
 */
export function giftRoutes({ db, secret }: { db: Db; secret: string | Buffer }) {
  return new Hono().get(
    '/order/:orderId/gift',
    routeDocs['GET /order/:orderId/gift'],
    async (c) => {
      const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
      if (!orderId.success || !isGiftKey(secret, orderId.output, c.req.query('key')))
        return notFound(c, NO_GIFT);
      const order = await placedOrder(db, orderId.output);
      const gift = order && (await giftViewOf(db, order));
      if (!gift) return notFound(c, NO_GIFT);
      return c.json(gift satisfies GiftView);
    },
  );
}
