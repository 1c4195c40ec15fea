import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { bookTitle } from '#book/story/story-text.ts';
import type { BookLanguage } from '#book/types.ts';
import {
  DOWNLOAD_LINK_DAYS,
  DownloadTokenSchema,
  type DigitalStatus,
  type NewLinksResponse,
} from '#contract/digital.ts';
import type { ApiError } from '#contract/errors.ts';
import type { Language } from '#contract/markets.ts';
import { OrderIdSchema } from '#contract/orders.ts';
import type { Db } from '#server/db/client.ts';
import {
  DIGITAL_LINKS_MAIL_JOB,
  digitalStatus,
  orderOfEdition,
  orderOfItem,
  takeDownload,
} from '#server/services/fulfilment/digital/digital-editions.ts';
import {
  downloadProblemPage,
  type DownloadProblem,
} from '#server/services/fulfilment/digital/digital-mail.ts';
import { checkDownloadToken } from '#server/services/fulfilment/digital/download-links.ts';
import { enqueueJob, type JobRunner } from '#server/platform/jobs/runner.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { createDbRateCounter } from '#server/platform/rate-counter.ts';
import { snapshotLanguage } from '#server/services/order/snapshot.ts';
import { rateLimit, tooManyRequests, type RouteLimits } from './rate-limit.ts';
import { notFound } from './validate.ts';
import { routeDocs } from './route-docs.ts';

/** New links a parent may have mailed per order: enough for a lost mail or two, never a mail bomb. */
export const NEW_LINKS_PER_ORDER = { limit: 3, windowMs: 60 * 60_000 } as const;

const UNKNOWN_ORDER = 'Order not found.';
const NO_PDF = 'This order has no digital PDF.';

interface DigitalRouteDeps {
  db: Db;
  jobs: JobRunner;
  /** The server's link secret (the same on every instance). */
  secret: string | Buffer;
  now: () => Date;
}

/** The language a problem page speaks when the link names no order: the browser's, else en-GB. */
function browserLanguage(c: Context): Language {
  const accepted = (c.req.header('accept-language') ?? '').toLowerCase();
  if (/^\s*lv\b/.test(accepted)) return 'lv';
  if (/^\s*en-us\b/.test(accepted)) return 'en-US';
  return 'en-GB';
}

/** A PDF's file name: the book's title and the child's name in plain letters ('Tu-to-vari-Kersta.pdf'). */
export function pdfFileName(language: BookLanguage, childName: string): string {
  const plain = `${bookTitle(language)} ${childName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${plain || 'book'}.pdf`;
}

/**
 * The digital edition (#36 item 2):
 * GET  /api/digital/{token}                 -> 200 the screen PDF (the download is counted);
 *                                              403 a link we did not make, 410 an expired link
 *                                              or a book refunded or cancelled, 404 a PDF not
 *                                              made (yet) or erased
 * GET  /api/order/{orderId}/digital         -> 200 DigitalStatus (no links), 404 without PDFs
 * POST /api/order/{orderId}/digital/links   -> 202 NewLinksResponse: new links to the PDFs kept
 *                                              mailed to the order's address (3 an hour per
 *                                              order, 429 after); 409 when none is kept
 * A browser (Accept: text/html) gets the problems as a small page in the order's language.
 */
export function digitalRoutes(deps: DigitalRouteDeps, limits: RouteLimits) {
  const { db } = deps;
  const perOrder = createDbRateCounter(db, 'digitalLinks', NEW_LINKS_PER_ORDER, limits.now);
  const perClient = rateLimit(limits.rateLimits.links, limits);

  async function problem(
    c: Context,
    kind: DownloadProblem,
    status: 403 | 404 | 410,
    language: Language,
  ) {
    const messages: Record<DownloadProblem, string> = {
      expired: `This download link has expired. Ask for a new one on your order page (links work for ${DOWNLOAD_LINK_DAYS} days).`,
      invalid: 'This download link is not valid.',
      missing: 'This book has no PDF to download.',
      refunded: 'This book was refunded, so its PDF can no longer be downloaded.',
      cancelled: 'This book was cancelled with its order, so its PDF can no longer be downloaded.',
    };
    if ((c.req.header('accept') ?? '').includes('text/html'))
      return c.html(
        downloadProblemPage({ language, problem: kind, days: DOWNLOAD_LINK_DAYS }),
        status,
      );
    return c.json({ error: messages[kind] } satisfies ApiError, status);
  }

  return new Hono()
    .get('/digital/:token', routeDocs['GET /digital/:token'], perClient, async (c) => {
      const parsed = v.safeParse(DownloadTokenSchema, c.req.param('token'));
      if (!parsed.success) return problem(c, 'invalid', 403, browserLanguage(c));
      const check = checkDownloadToken(deps.secret, parsed.output, deps.now());
      if (!check.ok && check.reason === 'invalid')
        return problem(c, 'invalid', 403, browserLanguage(c));
      // The book decides, not the order: a refunded or cancelled book's PDF is gone for good
      // (410, saying so even when the link has expired too), whatever became of the rest of its
      // order (#44 finding 2). Its file was deleted with the refund, so the order is found by the
      // item id the link carries.
      const orderId =
        (await orderOfEdition(db, check.itemId)) ?? (await orderOfItem(db, check.itemId));
      const order = orderId ? await placedOrder(db, orderId) : undefined;
      const item = order?.snapshot.items.find((candidate) => candidate.itemId === check.itemId);
      const returned = order?.returned.get(check.itemId);
      if (order && item && returned)
        return problem(c, returned.state, 410, snapshotLanguage(order.snapshot));
      if (!check.ok)
        return problem(
          c,
          'expired',
          410,
          order ? snapshotLanguage(order.snapshot) : browserLanguage(c),
        );
      if (!order || !item)
        return problem(
          c,
          'missing',
          404,
          order ? snapshotLanguage(order.snapshot) : browserLanguage(c),
        );
      const download = await takeDownload(db, check.itemId, deps.now());
      if (!download) return problem(c, 'missing', 404, snapshotLanguage(order.snapshot));
      const name = pdfFileName(item.language.toLowerCase() as BookLanguage, item.childName);
      return c.body(new Uint8Array(download.bytes), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Content-Length': String(download.bytes.length),
        // The child's book: kept by no cache, shared or the browser's.
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      });
    })
    .get('/order/:orderId/digital', routeDocs['GET /order/:orderId/digital'], async (c) => {
      const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
      const order = orderId.success ? await placedOrder(db, orderId.output) : undefined;
      if (!order) return notFound(c, UNKNOWN_ORDER);
      // An order without a PDF has none to show: an empty list, so its status page asks without
      // an error (a 404 would be one in every parent's console).
      const status = (await digitalStatus(db, order)) ?? {
        items: [],
        linkDays: DOWNLOAD_LINK_DAYS,
      };
      return c.json(status satisfies DigitalStatus);
    })
    .post(
      '/order/:orderId/digital/links',
      routeDocs['POST /order/:orderId/digital/links'],
      perClient,
      async (c) => {
        const orderId = v.safeParse(OrderIdSchema, c.req.param('orderId'));
        const order = orderId.success ? await placedOrder(db, orderId.output) : undefined;
        if (!order) return notFound(c, UNKNOWN_ORDER);
        // None bought, or erased with the order's personal data (retention): nothing to mail.
        const pdfs = await digitalStatus(db, order);
        if (pdfs === null) return notFound(c, NO_PDF);
        // Links go only to the PDFs kept: none left when every one was refunded or cancelled.
        if (pdfs.items.every((item) => item.returned !== undefined))
          return c.json(
            {
              error:
                order.status === 'cancelled'
                  ? 'This order was cancelled.'
                  : 'The PDFs of this order were refunded.',
            } satisfies ApiError,
            409,
          );
        const wait = await perOrder.take(order.orderId);
        if (wait !== null) return tooManyRequests(c, wait);
        // Each request its own mail (the rate limit above keeps them few).
        await enqueueJob(db, {
          kind: DIGITAL_LINKS_MAIL_JOB,
          dedupeKey: `${DIGITAL_LINKS_MAIL_JOB}:${order.orderId}:${randomUUID()}`,
          payload: { orderId: order.orderId, again: true },
        });
        deps.jobs.wake();
        return c.json({ sent: true } satisfies NewLinksResponse, 202);
      },
    );
}
