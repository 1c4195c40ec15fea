import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  BookPlaceSchema,
  FIXED_FIELD_CODE,
  MAX_BOOK_CHANGES,
  type BookChangeError,
  type BookChangeRefusal,
  type BookChangeResponse,
  type PaidBook,
} from '#contract/book-change.ts';
import type { Language } from '#contract/markets.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import {
  changeBook,
  paidBookForChange,
  type BookChangeDeps,
} from '#server/services/fulfilment/book-change.ts';
import { parseSave } from './orders.ts';
import { rateLimit, type RouteLimits } from './rate-limit.ts';
import { routeDocs } from './route-docs.ts';
import { notFound } from './validate.ts';

const UNKNOWN_BOOK = 'No such book in a paid order.';

/** The 409 of a change refused, its words in the order's language (mail-change.json `refused`). */
function refused(c: Context, code: BookChangeRefusal, language: Language) {
  const error = mailText(language)(`mail-change:refused.${code}`, { max: MAX_BOOK_CHANGES });
  return c.json({ error, code } satisfies BookChangeError, 409);
}

/** The path's order id and book place, or null (answered as an unknown book). */
function pathOf(c: Context): { orderId: string; place: string } | null {
  const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
  const place = v.safeParse(BookPlaceSchema, c.req.param('place'));
  return orderId.success && place.success ? { orderId: orderId.output, place: place.output } : null;
}

/**
 * "Change the book" (issue #47 item 2): GET and PUT /api/order/{orderId}/books/{place}, the paid
 * book while its print hold lasts (services/fulfilment/book-change.ts). The status page's unguessable
 * order id is the access, as for the status itself.
 */
export function bookChangeRoutes(deps: BookChangeDeps, limits: RouteLimits) {
  const writes = rateLimit(limits.rateLimits.orderWrites, limits);
  return new Hono()
    .get(
      '/order/:orderId/books/:place',
      routeDocs['GET /order/:orderId/books/:place'],
      async (c) => {
        const path = pathOf(c);
        if (!path) return notFound(c, UNKNOWN_BOOK);
        const found = await paidBookForChange(deps, path.orderId, path.place);
        if (found.ok) {
          c.header('Cache-Control', 'private, no-store');
          return c.json(found.book satisfies PaidBook);
        }
        if (found.refusal === 'not-found') return notFound(c, UNKNOWN_BOOK);
        return refused(c, found.refusal, found.language ?? 'en-GB');
      },
    )
    .put(
      '/order/:orderId/books/:place',
      routeDocs['PUT /order/:orderId/books/:place'],
      writes,
      async (c) => {
        const path = pathOf(c);
        if (!path) return notFound(c, UNKNOWN_BOOK);
        // Checked as a cart save is: the same contract, the same book rules, the same field errors.
        const save = await parseSave(c);
        if (!save.ok) return save.response;
        const result = await changeBook(
          deps,
          path.orderId,
          path.place,
          { ...save.item, shopLanguage: save.book.shopLanguage },
          // The parent's address is not kept: the audit log is never erased.
          { address: null },
        );
        if (result.ok)
          return c.json({
            changed: result.changed,
            changesLeft: result.changesLeft,
            changeUntil: result.changeUntil.toISOString(),
          } satisfies BookChangeResponse);
        if (result.refusal === 'not-found') return notFound(c, UNKNOWN_BOOK);
        if (result.refusal === 'fixed') {
          const t = mailText(result.language);
          return c.json(
            {
              error: t('mail-change:fixed.message'),
              code: FIXED_FIELD_CODE,
              fields: Object.fromEntries(
                result.fields.map((field) => [field, [t(`mail-change:fixed.${field}`)]]),
              ),
            },
            400,
          );
        }
        return refused(c, result.refusal, result.language ?? 'en-GB');
      },
    );
}
