import * as v from 'valibot';
import { toLanguage, type Language } from '#contract/markets.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import type { Database } from '#server/db/client.ts';
import { cachedOrderStatus } from '#server/services/order/cached-answers.ts';

/**
 * The language of a page that belongs to a paid order (the order-status page): the one the visitor
 * chose on it (`?lang=`), else the order's, whatever the browser's; undefined for other pages
 * and orders not placed (then the cookie or the browser decides).
 */
export async function orderPageLanguage(
  db: Database['db'],
  page: string,
  path: string,
  chosen: string | undefined,
): Promise<Language | undefined> {
  if (page !== 'orderStatus') return undefined;
  const explicit = chosen === undefined ? undefined : toLanguage(chosen);
  if (explicit) return explicit;
  const orderId = v.safeParse(OrderIdSchema, path.split('/').filter(Boolean)[1] ?? '');
  if (!orderId.success) return undefined;
  try {
    const status = await cachedOrderStatus(db, orderId.output);
    return status?.placed ? status.language : undefined;
  } catch {
    // The page itself says when the order cannot be read (its own call of the API).
    return undefined;
  }
}
