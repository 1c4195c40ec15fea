import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { toLanguage, type Language } from '#contract/markets.ts';
import { PaymentReferenceSchema } from '#contract/payments.ts';
import { isCrossSite } from '#server/middleware/same-origin.ts';
import type { PaymentWork } from '#server/services/payment/initiate.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { formatMoney } from '#book/typography.ts';
import {
  moveSandboxPayment,
  sandboxNext,
  sandboxPayment,
  type SandboxState,
} from '#server/services/payment/providers/sandbox.ts';
import { verifyPayment } from '#server/services/payment/verify.ts';

const WORDS = [
  'banner',
  'title',
  'amount',
  'choose',
  'paid',
  'declined',
  'abandoned',
  'secure',
  'secureText',
  'confirm',
  'reject',
  'done',
  'back',
  'replacedTitle',
  'replaced',
  'refunded',
  'foreign',
  'tooLarge',
  'unknown',
] as const;

/** The test page's words in `language` (the locale files' sandbox-pay.json). */
function pageCopy(language: Language): Record<(typeof WORDS)[number], string> {
  const t = mailText(language);
  return Object.fromEntries(WORDS.map((word) => [word, t(`sandbox-pay:${word}`)])) as Record<
    (typeof WORDS)[number],
    string
  >;
}

/** The form has one short field: anything near this is not our page's. */
const FORM_LIMIT_BYTES = 8 * 1024;
/** Every answer of the test page: it shows one parent's payment, never kept by a browser or proxy. */
const NO_STORE = 'private, no-store';

/** Back to the shop on the same origin (`/payment-status?payment_reference=…`), as the page is ours. */
function returnPath(customerUrl: string, reference: string): string {
  return `${new URL(customerUrl).pathname}?payment_reference=${encodeURIComponent(reference)}`;
}

const ACTIONS = ['paid', 'declined', 'abandoned', 'confirm', 'reject'] as const;

function page(language: Language, body: string, title: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#fffaf3;color:#1f2a37}
.banner{background:#7c2d12;color:#fff;padding:12px 16px;font-weight:bold;text-align:center}
main{max-width:480px;margin:24px 12px;padding:24px;background:#fff;border:1px solid #eadfce;border-radius:12px}
h1{font-size:22px;margin:0 0 16px}p{line-height:1.5}
form{margin:0}button{display:block;width:100%;margin:10px 0;padding:14px;font-size:16px;border-radius:8px;border:2px solid #0f5e63;background:#fff;color:#0f5e63;cursor:pointer}
button.primary{background:#0f5e63;color:#fff}@media (min-width:520px){main{margin:24px auto}}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style></head>
<body><div class="banner" role="note">${escapeHtml(pageCopy(language).banner)}</div><main>${body}</main></body></html>`;
}

function buttons(actions: readonly { action: string; label: string; primary?: boolean }[]): string {
  return `<form method="post">${actions
    .map(
      (button) =>
        `<button type="submit" name="action" value="${button.action}"${button.primary ? ' class="primary"' : ''}>${escapeHtml(button.label)}</button>`,
    )
    .join('')}</form>`;
}

/**
 * The sandbox provider's hosted test page (/sandbox-pay/{reference}), served by our server and
 * marked as a test. No card fields: a tester picks paid (then a 3-D-Secure-like confirmation),
 * declined or abandoned; the page then tells the shop (as a provider's callback would) and
 * returns the browser to `/payment-status?payment_reference=…`.
 */
export function sandboxPayRoutes(
  shopJobs: PaymentWork,
  options: { publicUrl: string; trustProxy: boolean },
) {
  const { db } = shopJobs.payments;
  const limitBody = bodyLimit({
    maxSize: FORM_LIMIT_BYTES,
    onError: (c) => c.text(pageCopy('en-GB').tooLarge, 413, { 'Cache-Control': NO_STORE }),
  });
  const rowOf = async (c: Context) => {
    const ref = v.safeParse(PaymentReferenceSchema, c.req.param('reference'));
    return ref.success ? sandboxPayment(db, ref.output) : undefined;
  };
  return new Hono()
    .use('/sandbox-pay/*', async (c, next) => {
      await next();
      c.res.headers.set('Cache-Control', NO_STORE);
    })
    .get('/sandbox-pay/:reference', async (c) => {
      const row = await rowOf(c);
      if (!row) return c.text(pageCopy('en-GB').unknown, 404);
      const language = toLanguage(row.locale) ?? 'en-GB';
      const copy = pageCopy(language);
      const amount = `<p>${escapeHtml(copy.amount)}: <strong>${escapeHtml(formatMoney(row.amountMinor, row.currencyCode, language))}</strong></p>`;
      const state = row.state as SandboxState;
      const back = returnPath(row.customerUrl, row.reference);
      const backLink = `<p><a href="${escapeHtml(back)}">${escapeHtml(copy.back)}</a></p>`;
      let body: string;
      let title = copy.title;
      if (state === 'initial') {
        body = `<h1>${escapeHtml(copy.title)}</h1>${amount}<p>${escapeHtml(copy.choose)}</p>${buttons(
          [
            { action: 'paid', label: copy.paid, primary: true },
            { action: 'declined', label: copy.declined },
            { action: 'abandoned', label: copy.abandoned },
          ],
        )}`;
      } else if (state === 'waiting_for_3ds') {
        body = `<h1>${escapeHtml(copy.secure)}</h1>${amount}<p>${escapeHtml(copy.secureText)}</p>${buttons(
          [
            { action: 'confirm', label: copy.confirm, primary: true },
            { action: 'reject', label: copy.reject },
          ],
        )}`;
      } else if (state === 'cancelled') {
        title = copy.replacedTitle;
        body = `<h1>${escapeHtml(title)}</h1>${amount}<p role="alert">${escapeHtml(copy.replaced)}</p>${backLink}`;
      } else {
        body = `<h1>${escapeHtml(copy.title)}</h1><p>${escapeHtml(state === 'refunded' ? copy.refunded : copy.done)}</p>${backLink}`;
      }
      return c.html(page(language, body, title));
    })
    .post('/sandbox-pay/:reference', limitBody, async (c) => {
      const row = await rowOf(c);
      if (!row) return c.text(pageCopy('en-GB').unknown, 404);
      const copy = pageCopy(toLanguage(row.locale) ?? 'en-GB');
      // Only our own page posts this form (another site's page could send it without asking).
      if (isCrossSite(c, options)) return c.text(copy.foreign, 403);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const action = ACTIONS.find((candidate) => candidate === form.action);
      // A cancelled attempt (replaced, or its order paid) has no next state: the page says so.
      const next = action ? sandboxNext(row.state as SandboxState, action) : null;
      if (next) await moveSandboxPayment(db, row.reference, row.state as SandboxState, next);
      if (next === 'waiting_for_3ds' || !next)
        return c.redirect(`/sandbox-pay/${encodeURIComponent(row.reference)}`, 303);
      // Final: tell the shop as EveryPay's callback would, then send the browser back.
      const result = await verifyPayment(shopJobs.payments, row.reference, 'provider:sandbox');
      // Paid, or a second payment whose automatic refund is queued: the jobs run now.
      if (result.ok || result.code === 'superseded') shopJobs.jobs.wake();
      return c.redirect(returnPath(row.customerUrl, row.reference), 303);
    });
}
