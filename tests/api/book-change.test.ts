// "Change the book" in the print hold (issue #47 item 2), through the API as the status page's
// builder calls it: the paid snapshot, the status answer, the print file's text (the real interior
// PDF read with poppler's pdftotext, as the print tests read it), the invoice line, the audit row
// and the parent's mail over a real SMTP exchange; the refusals (409 after the hold, after the
// hand-off, after a refund; 400 for bad fields and for a field fixed by the payment); and a change
// racing the hand-off never hands on a book of half old, half new.
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BOOK_CHANGES } from '#contract/book-change.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import type { SavePayload } from '#contract/orders.ts';
import { orderSnapshots, printFiles } from '#server/db/schema/checkout.ts';
import { printHandoffs } from '#server/db/schema/fulfilment.ts';
import { invoices } from '#server/db/schema/money.ts';
import { auditLog } from '#server/db/schema/staff.ts';
import { makeParcelFiles } from '#server/services/fulfilment/parcel-files.ts';
import { HANDOFF_JOB, handOffOrder } from '#server/services/fulfilment/partner/handoff.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import type { BookPdfInput } from '#server/services/fulfilment/print/book-pdf.ts';
import { renderInteriorPdf } from '#server/services/fulfilment/print/book-pdf.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { refundOrder } from '#server/services/refunds/refunds.ts';
import { fakeProof, mailsAbout, paidInRiga } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { savePayload } from './orders-helpers.ts';
import { pdfText } from './pdf-text.ts';

const HOLD_MS = 3_600_000;
const OLD_DEDICATION = 'For Oliver,\nwho never gives up.';
const NEW_DEDICATION = 'Mārtiņam —\nlai katrs vārtu guvums ir prieks!';

let t: TestApp;
let smtp: SMTPServer;
const received: { rcptTo: string[]; raw: string }[] = [];
/** The interior drawn by the real print code (slow: only where the test reads its text). */
let realInterior = false;

/** The print files: a real interior PDF when asked, else a marker of the name and dedication. */
async function render(input: BookPdfInput & { editionNumber: number | null }) {
  const binding = input.cover?.binding ?? 'hardcover';
  return {
    interior: realInterior
      ? await renderInteriorPdf(input)
      : Buffer.from(`%PDF-interior ${input.child.name} | ${input.dedication}`),
    endpapers: binding === 'hardcover' ? Buffer.from('%PDF-endpapers') : null,
    cover: Buffer.from(`%PDF-cover ${input.child.name}`),
    proof: fakeProof(true, binding),
  };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    checkout: {
      printRenderer: render,
      print: {
        holdMs: HOLD_MS,
        sandboxShipMs: HOLD_MS,
        sandboxPost: async (url, init) => t.app.request(new URL(url).pathname, init),
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

const paidOrder = (email: string, overrides: Partial<SavePayload> = {}) =>
  paidInRiga(t, email, { dedication: OLD_DEDICATION, ...overrides });

const status = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;

/** PUT /api/order/{orderId}/books/{place} from a browser that has only the status link. */
function change(orderId: string, overrides: Partial<SavePayload>, place = '1') {
  return t.browser()(`/api/order/${orderId}/books/${place}`, {
    method: 'PUT',
    json: savePayload({ dedication: OLD_DEDICATION, ...overrides }),
  });
}

async function interiorOf(orderId: string) {
  const [file] = await t.database.db
    .select()
    .from(printFiles)
    .where(and(eq(printFiles.orderId, orderId), eq(printFiles.kind, 'interior')));
  return file;
}

async function snapshotItem(orderId: string) {
  const [row] = await t.database.db
    .select({ items: orderSnapshots.items })
    .from(orderSnapshots)
    .where(eq(orderSnapshots.orderId, orderId));
  return row!.items[0]!;
}

/** The hold is over: the payment an hour earlier, and the hand-off job due now. */
async function holdOver(orderId: string) {
  await t.database.db.execute(
    sql`update placed_orders set paid_at = paid_at - ${`${HOLD_MS} milliseconds`}::interval where order_id = ${orderId}`,
  );
  await t.database.db.execute(
    sql`update jobs set run_after = now() where kind = ${HANDOFF_JOB} and status = 'queued' and payload ->> 'orderId' = ${orderId}`,
  );
}

describe('changing a paid book in the print hold', () => {
  beforeEach(() => {
    realInterior = false;
  });
  it(
    'changes the snapshot, the status answer, the printed dedication, the invoice line, with an audit row and a mail',
    { timeout: 120_000 },
    async () => {
      realInterior = true;
      const orderId = await paidOrder('change@example.com');
      const before = await status(orderId);
      expect(before.bookChanges).toMatchObject({ left: MAX_BOOK_CHANGES, books: ['1'] });
      expect(pdfText((await interiorOf(orderId))!.bytes)).toContain(oneLine(OLD_DEDICATION));
      const [invoiceBefore] = await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId));

      // The builder loads the paid book by the status link alone.
      const loaded = await t.browser()(`/api/order/${orderId}/books/1`);
      expect(loaded.status).toBe(200);
      expect(await loaded.json()).toMatchObject({
        id: '1',
        customization: { dedication: OLD_DEDICATION, bookCoverType: 'hardcover' },
        children: [{ name: 'Oliver' }],
        changesLeft: MAX_BOOK_CHANGES,
      });

      const res = await change(orderId, {
        dedication: NEW_DEDICATION,
        child: { ...savePayload().child, name: 'Mārtiņš' },
      });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { changed: string[]; changesLeft: number };
      expect(answer.changed.sort()).toEqual(['childName', 'dedication']);
      expect(answer.changesLeft).toBe(MAX_BOOK_CHANGES - 1);

      // The snapshot and the status answer; the price stays.
      const item = await snapshotItem(orderId);
      expect(item).toMatchObject({ childName: 'Mārtiņš', dedication: NEW_DEDICATION });
      const after = await status(orderId);
      expect(after.items[0]).toMatchObject({
        childName: 'Mārtiņš',
        unitPrice: before.items[0]!.unitPrice,
      });
      expect(after.total).toBe(before.total);
      expect(after.bookChanges).toMatchObject({ left: MAX_BOOK_CHANGES - 1 });
      // The old files are gone at once (never handed on), and made again from the change.
      expect(await interiorOf(orderId)).toBeUndefined();
      await t.checkout.jobs.runUntilIdle();
      const text = pdfText((await interiorOf(orderId))!.bytes);
      expect(text).toContain(oneLine(NEW_DEDICATION));
      expect(text).not.toContain(oneLine(OLD_DEDICATION));
      expect(text).toContain('Mārtiņš');
      const kinds = await t.database.db
        .select({ kind: printFiles.kind })
        .from(printFiles)
        .where(eq(printFiles.orderId, orderId));
      expect(kinds.map((row) => row.kind).sort()).toEqual([
        'cover',
        'endpapers',
        'interior',
        'packing-slip',
        'proof',
      ]);

      // The invoice line names the child now; its number and money are as issued.
      const [invoiceAfter] = await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId));
      expect(invoiceAfter!.displayNumber).toBe(invoiceBefore!.displayNumber);
      expect(invoiceAfter!.totalMinor).toBe(invoiceBefore!.totalMinor);
      expect(invoiceAfter!.lines[0]).toEqual({ ...invoiceBefore!.lines[0], childName: 'Mārtiņš' });

      // The audit row: the parent by the status link, the parts changed, no names or words.
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, orderId));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'order.bookChange',
        staffId: null,
        staffEmail: 'parent (status link)',
        clientAddress: null,
        before: { book: 1, change: 1 },
      });
      expect((audit[0]!.after as { changed: string[] }).changed.sort()).toEqual([
        'childName',
        'dedication',
      ]);
      expect(JSON.stringify(audit)).not.toMatch(/Mārtiņ|Oliver|prieks|gives up/);

      // The parent's mail, sent over SMTP: the names and dedication now, and the window's end.
      const [mail] = await mailsAbout(
        t,
        'change@example.com',
        'Your changes to the book are saved',
      );
      expect(mail!.subject).toBe(`Your changes to the book are saved (${after.orderNumber})`);
      expect(mail!.text).toContain('Child: Mārtiņš');
      expect(mail!.text).toContain('  Mārtiņam —\n  lai katrs vārtu guvums ir prieks!');
      expect(mail!.text).toContain('You can still change it until');
      expect(mail!.text).toContain(`http://localhost:3000/order-status/${orderId}`);
      const sent = received.filter((m) => m.rcptTo.includes('change@example.com'));
      expect(
        sent.some((m) =>
          m.raw.includes(`Subject: Your changes to the book are saved (${after.orderNumber})`),
        ),
      ).toBe(true);
      realInterior = false;
    },
  );

  it('answers 400 with field errors, and refuses a field fixed by the payment', async () => {
    const orderId = await paidOrder('fields@example.com');
    const blank = await change(orderId, { child: { ...savePayload().child, name: ' ' } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { fields: object }).fields).toHaveProperty(['child.name']);
    const long = await change(orderId, {
      dedication: Array.from({ length: 11 }, (_, i) => `line ${i + 1}`).join('\n'),
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fields: object }).fields).toHaveProperty('dedication');

    const cover = await change(orderId, { cover: 'softcover', dedication: NEW_DEDICATION });
    expect(cover.status).toBe(400);
    expect(await cover.json()).toMatchObject({
      error: mailText('en-GB')('mail-change:fixed.message'),
      code: 'fixed_after_payment',
      fields: { cover: [mailText('en-GB')('mail-change:fixed.cover')] },
    });
    const pdf = await change(orderId, { withPdf: true, dedication: NEW_DEDICATION });
    expect(((await pdf.json()) as { fields: object }).fields).toHaveProperty('withPdf');
    // Nothing changed, nothing counted.
    expect((await snapshotItem(orderId)).dedication).toBe(OLD_DEDICATION);
    expect((await status(orderId)).bookChanges).toMatchObject({ left: MAX_BOOK_CHANGES });
    // An unknown place, or an id that is not one of ours: 404.
    expect((await change(orderId, {}, '2')).status).toBe(404);
    expect((await t.request('/api/order/not-an-order/books/1')).status).toBe(404);
  });

  it('refuses with 409 after the hold, after the hand-off and after a refund', async () => {
    const over = await paidOrder('over@example.com');
    await t.database.db.execute(
      sql`update placed_orders set paid_at = paid_at - ${`${HOLD_MS} milliseconds`}::interval where order_id = ${over}`,
    );
    const late = await change(over, { dedication: NEW_DEDICATION });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      code: 'hold_over',
      error: mailText('en-GB')('mail-change:refused.hold_over'),
    });
    expect((await status(over)).bookChanges).toBeNull();

    const handed = await paidOrder('handed@example.com');
    await holdOver(handed);
    await t.checkout.jobs.runUntilIdle();
    expect((await status(handed)).status).toBe('in_production');
    const afterHandoff = await change(handed, { dedication: NEW_DEDICATION });
    expect(afterHandoff.status).toBe(409);
    expect(((await afterHandoff.json()) as { code: string }).code).toBe('handed_on');
    expect((await t.browser()(`/api/order/${handed}/books/1`)).status).toBe(409);

    const refunded = await paidOrder('refunded@example.com', { country: 'lv', language: 'lv' });
    const cancelled = await refundOrder(
      { db: t.database.db, jobs: t.checkout.jobs, provider: t.checkout.payments.provider },
      { staffId: null, email: 'owner@example.com' },
      refunded,
      { scope: 'cancel', reason: 'The parent asked', requestKey: 'book-change-refund-0001' },
      () => new Date(),
    );
    expect(cancelled).toMatchObject({ ok: true });
    const afterRefund = await change(refunded, {
      country: 'lv',
      language: 'lv',
      dedication: NEW_DEDICATION,
    });
    expect(afterRefund.status).toBe(409);
    // In the order's language.
    expect(await afterRefund.json()).toMatchObject({
      code: 'order_closed',
      error: mailText('lv')('mail-change:refused.order_closed'),
    });
  });

  it(`takes at most ${MAX_BOOK_CHANGES} changes an order`, async () => {
    const orderId = await paidOrder('many@example.com');
    for (let n = 1; n <= MAX_BOOK_CHANGES; n += 1) {
      const res = await change(orderId, { dedication: `Change ${n}` });
      expect([n, res.status, res.status === 200 ? '' : await res.text()]).toEqual([n, 200, '']);
    }
    // The same book again changes nothing and is not counted.
    expect((await change(orderId, { dedication: `Change ${MAX_BOOK_CHANGES}` })).status).toBe(200);
    const more = await change(orderId, { dedication: 'One more' });
    expect(more.status).toBe(409);
    expect(((await more.json()) as { code: string }).code).toBe('too_many_changes');
    await t.checkout.jobs.runUntilIdle();
    // The files are the last change's.
    expect(Buffer.from((await interiorOf(orderId))!.bytes).toString()).toContain(
      `| Change ${MAX_BOOK_CHANGES}`,
    );
  });

  it('stores no packing slip made before a change: the one made again names the new child', async () => {
    const orderId = await paidOrder('slip@example.com');
    await t.checkout.jobs.runUntilIdle();
    const slip = async () => {
      const [file] = await t.database.db
        .select()
        .from(printFiles)
        .where(and(eq(printFiles.orderId, orderId), eq(printFiles.kind, 'packing-slip')));
      return file;
    };
    expect(pdfText((await slip())!.bytes)).toContain('Oliver');
    // The slip's job read the order (its child Oliver) and was still drawing when the parent
    // changed the name: the change removed the parcel's files and queued them again.
    const before = (await placedOrder(t.database.db, orderId))!;
    expect(
      (await change(orderId, { child: { ...savePayload().child, name: 'Mārtiņš' } })).status,
    ).toBe(200);
    await makeParcelFiles(t.database.db, before);
    expect(await slip()).toBeUndefined();
    await t.checkout.jobs.runUntilIdle();
    const text = pdfText((await slip())!.bytes);
    expect(text).toContain('Mārtiņš');
    expect(text).not.toContain('Oliver');
  });

  it('never hands on half old, half new when a change races the hand-off', async () => {
    for (const first of ['change', 'handoff'] as const) {
      const orderId = await paidOrder(`race-${first}@example.com`);
      // Another server whose clock is past the hold hands on while this one takes the change.
      const late = { ...t.checkout.print, now: () => new Date(Date.now() + HOLD_MS + 1000) };
      const changing = () => change(orderId, { dedication: NEW_DEDICATION });
      const handing = () => handOffOrder(late, orderId);
      const [res] =
        first === 'change'
          ? await Promise.all([changing(), handing()])
          : await Promise.all([handing(), changing()]).then(([, r]) => [r]);
      await t.checkout.jobs.runUntilIdle();
      const [handoff] = await t.database.db
        .select()
        .from(printHandoffs)
        .where(eq(printHandoffs.orderId, orderId));
      if (res!.status === 200) {
        // The change won: nothing was handed on from the old files; after the hold the new ones are.
        if (!handoff) {
          await holdOver(orderId);
          await t.checkout.jobs.runUntilIdle();
        }
      } else {
        expect(res!.status).toBe(409);
        expect(((await res!.json()) as { code: string }).code).toBe('handed_on');
      }
      const [handedOn] = await t.database.db
        .select()
        .from(printHandoffs)
        .where(eq(printHandoffs.orderId, orderId));
      expect(handedOn).toBeDefined();
      // What was handed on is the snapshot as it is, every file of it made before the hand-off.
      const item = await snapshotItem(orderId);
      const files = await t.database.db
        .select()
        .from(printFiles)
        .where(and(eq(printFiles.orderId, orderId), eq(printFiles.itemId, item.itemId)));
      const interior = files.find((file) => file.kind === 'interior')!;
      expect(Buffer.from(interior.bytes).toString()).toBe(
        `%PDF-interior ${item.childName} | ${item.dedication}`,
      );
      for (const file of files)
        expect(file.createdAt.getTime()).toBeLessThanOrEqual(handedOn!.submitStartedAt!.getTime());
    }
  });
});
