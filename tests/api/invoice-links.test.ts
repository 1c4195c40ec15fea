import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { documentKey, isDocumentKey } from '#server/services/invoices/document-links.ts';
import { signedIn } from './admin-helpers.ts';
import {
  countRows,
  deliveryPayload,
  fakePrinter,
  initiate,
  mailsAbout,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 31: the order-status link (its order id) opens no document with the buyer's name and
// address. The invoice and credit notes open only by the keyed links in the order's mails; the
// status page names them and can have them mailed again.

let t: TestApp;
let clock = new Date('2026-11-27T10:00:00.000Z').getTime();
beforeAll(async () => {
  t = await createTestApp({
    checkout: { printRenderer: fakePrinter().render },
    now: () => new Date(clock),
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

let parents = 0;
/** A paid order of its own parent (a fresh address, so each test reads its own mails), its jobs run. */
async function paidOrder(language: 'en-GB' | 'lv' = 'en-GB') {
  const email = `invoice-parent-${(parents += 1)}@example.com`;
  const orderId = await readyOrder(t, {
    ...(language === 'lv' ? { overrides: { language: 'lv', country: 'lv' } } : {}),
    delivery: deliveryPayload({
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
    }),
  });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  const status = (await (
    await t.request(`/api/order/${orderId}/status`)
  ).json()) as PlacedOrderStatus;
  return { orderId, email, status };
}

/** The links to documents in a mail's text: `{ number, path }` (path with its key, relative to the shop). */
function documentLinks(text: string) {
  return [
    ...text.matchAll(
      /http:\/\/localhost:3000(\/api\/order\/[\w-]+\/documents\/((?:INV|CN)-\d+)\.pdf\?key=([\w-]+))/g,
    ),
  ].map((m) => ({ path: m[1]!, number: m[2]!, key: m[3]! }));
}

function pdfText(pdf: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-link-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, Buffer.from(pdf));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const resend = (orderId: string, json: unknown = {}) =>
  t.request(`/api/order/${orderId}/documents/resend`, { method: 'POST', json });

describe('the invoice link', () => {
  it("opens the invoice only with its key: none, a wrong one and another order's are a 404 like an unknown document", async () => {
    const mine = await paidOrder();
    const other = await paidOrder();
    const [confirmation] = await mailsAbout(t, mine.email, mine.status.orderNumber);
    const [link] = documentLinks(confirmation!.text);
    expect(link?.number).toBe(mine.status.documents?.[0]?.number);
    const [otherConfirmation] = await mailsAbout(t, other.email, other.status.orderNumber);
    const [otherLink] = documentLinks(otherConfirmation!.text);

    const bare = `/api/order/${mine.orderId}/documents/${link!.number}.pdf`;
    const unknown = await t.request(
      `/api/order/${mine.orderId}/documents/INV-999999.pdf?key=${link!.key}`,
    );
    expect(unknown.status).toBe(404);
    const { error: unknownError } = (await unknown.json()) as { error: string };
    const wrongKey = `${link!.key.slice(0, -1)}${link!.key.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      bare,
      `${bare}?key=`,
      `${bare}?key=${wrongKey}`,
      `${bare}?key=${link!.key}x`,
      `${bare}?key=${otherLink!.key}`,
      `/api/order/${other.orderId}/documents/${otherLink!.number}.pdf?key=${link!.key}`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      // The same answer as for a document that does not exist: nothing tells it does.
      expect(((await res.json()) as { error: string }).error).toBe(unknownError);
    }

    const res = await t.request(link!.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(pdfText(await res.arrayBuffer())).toContain(`Invoice ${link!.number}`);
    // The other order's link opens the other order's invoice.
    expect((await t.request(otherLink!.path)).status).toBe(200);
  });

  it('is the same link on every instance with the same secret, and no key under another secret', () => {
    const secret = 'the-instances-share-this-preview-etag-secret';
    const key = documentKey(secret, 'order-id-0000000000000000', 'INV-000001');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(isDocumentKey(secret, 'order-id-0000000000000000', 'INV-000001', key)).toBe(true);
    expect(isDocumentKey(`${secret}-other`, 'order-id-0000000000000000', 'INV-000001', key)).toBe(
      false,
    );
    expect(isDocumentKey(secret, 'order-id-0000000000000000', 'INV-000002', key)).toBe(false);
    expect(isDocumentKey(secret, 'order-id-0000000000000001', 'INV-000001', key)).toBe(false);
    // Not the preview ETag's HMAC of the same text under the same secret.
    expect(
      createHmac('sha256', secret)
        .update('order-id-0000000000000000:INV-000001')
        .digest('base64url'),
    ).not.toBe(key);
  });

  it('is not in the status answer: documents by kind and number, no url and no key', async () => {
    const { orderId, status } = await paidOrder();
    expect(status.documents).toEqual([
      { kind: 'invoice', number: expect.stringMatching(/^INV-\d{6}$/) as string },
    ]);
    const raw = await (await t.request(`/api/order/${orderId}/status`)).text();
    expect(raw).not.toMatch(/documents\/|\.pdf|key=|"url"/);
  });
});

describe('POST /api/order/{orderId}/documents/resend', () => {
  it('mails the documents again at most once in 10 minutes however often it is pressed, with links that open them', async () => {
    const { orderId, email, status } = await paidOrder();
    const jobs = () =>
      countRows(
        t,
        sql`select count(*) as n from jobs where kind = 'documents_mail' and payload->>'orderId' = ${orderId}`,
      );
    const mails = () => mailsAbout(t, email, `Your invoice for order ${status.orderNumber}`);

    // Half way through a 10-minute slot: a double click (two at once), then presses 1, 4 and 7
    // minutes later (the last in the next slot).
    clock = Math.floor(clock / 600_000) * 600_000 + 5 * 60_000;
    const firstPress = clock;
    const first = await Promise.all([resend(orderId), resend(orderId)]);
    expect(first.map((res) => res.status)).toEqual([202, 202]);
    for (const minutes of [1, 4, 9]) {
      clock += 60_000 * (minutes === 1 ? 1 : 3);
      expect((await resend(orderId)).status).toBe(202);
    }
    expect(await jobs()).toBe(1);
    await t.checkout.jobs.runUntilIdle();
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.text).toContain('here are the documents of your order');
    const links = documentLinks(mail!.text);
    expect(links.map((link) => link.number)).toEqual([status.documents![0]!.number]);
    expect(mail!.html).toContain(links[0]!.path.replace(/&/g, '&amp;'));
    const pdf = await t.request(links[0]!.path);
    expect(pdf.status).toBe(200);
    expect(pdfText(await pdf.arrayBuffer())).toContain(`Invoice ${links[0]!.number}`);

    // A second short of 10 minutes after the first press: still none; at 10 minutes, one more.
    clock = firstPress + 10 * 60_000 - 1_000;
    expect((await resend(orderId)).status).toBe(202);
    await t.checkout.jobs.runUntilIdle();
    expect(await mails()).toHaveLength(1);
    clock = firstPress + 10 * 60_000;
    expect((await resend(orderId)).status).toBe(202);
    expect((await resend(orderId)).status).toBe(202);
    await t.checkout.jobs.runUntilIdle();
    expect(await mails()).toHaveLength(2);
  });

  it('writes in the order language and links the credit notes too', async () => {
    const { orderId, email, status } = await paidOrder('lv');
    // A book paid back by the shop: a credit note in its own series.
    const owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner');
    const detail = await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
    const refunded = await owner.send(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      json: { scope: 'full', reason: 'Misprinted name', requestKey: 'invoice-links-refund-0001' },
    });
    expect(refunded.status).toBe(201);
    const creditNote = (
      await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`)
    ).documents.find((doc) => doc.kind === 'credit_note')!.number;
    expect(detail.documents).toHaveLength(1);
    expect((await resend(orderId)).status).toBe(202);
    await t.checkout.jobs.runUntilIdle();
    const [mail] = await mailsAbout(t, email, `Jūsu rēķins par pasūtījumu ${status.orderNumber}`);
    expect(mail?.text).toContain('Lūdzu, nedalieties ar šīm saitēm');
    const links = documentLinks(mail!.text);
    expect(links.map((link) => link.number)).toEqual([status.documents![0]!.number, creditNote]);
    expect(mail!.text).toContain(
      `Kredītrēķins ${creditNote} (PDF): http://localhost:3000${links[1]!.path}`,
    );
    expect((await t.request(links[1]!.path)).status).toBe(200);
  });

  it('is a 404 for an unknown or unpaid order and a 400 for a body other than {}', async () => {
    expect((await resend('unknown-order-id-0000000000')).status).toBe(404);
    const unpaid = await readyOrder(t);
    expect((await resend(unpaid)).status).toBe(404);
    expect(
      await countRows(
        t,
        sql`select count(*) as n from jobs where kind = 'documents_mail' and payload->>'orderId' = ${unpaid}`,
      ),
    ).toBe(0);
    const { orderId } = await paidOrder();
    const bad = await resend(orderId, { email: 'someone-else@example.com' });
    expect(bad.status).toBe(400);
    expect(
      await countRows(
        t,
        sql`select count(*) as n from jobs where kind = 'documents_mail' and payload->>'orderId' = ${orderId}`,
      ),
    ).toBe(0);
  });
});
