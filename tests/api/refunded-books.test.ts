import { execFileSync } from 'node:child_process';
import { toAmount } from '#contract/markets.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '#book/typography.ts';
import type { AdminOrderDetail, Dashboard } from '#contract/admin-orders.ts';
import type { AdminRefund, AdminRefundPreview } from '#contract/admin-refunds.ts';
import type { DigitalStatus } from '#contract/digital.ts';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import type { SavePayload } from '#contract/orders.ts';
import { firstEditionNumbers, printFiles } from '#server/db/schema/checkout.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { digitalEditions } from '#server/db/schema/digital.ts';
import { downloadProblemPage } from '#server/services/fulfilment/digital/digital-mail.ts';
import { makeParcelFiles } from '#server/services/fulfilment/parcel-files.ts';
import { placedOrder } from '#server/services/order/placed-order.ts';
import { makePrintFiles, PROOF_KIND } from '#server/services/fulfilment/stored-print-files.ts';
import { signedIn, type AdminClient } from './admin-helpers.ts';
import {
  fakePrinter,
  initiate,
  mailsAbout,
  sandboxPress,
  saveDelivery,
  rigaDelivery,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, createOrder, savePayload } from './orders-helpers.ts';

// Per-book truth (#43 item 4, #44 findings 2 and 8): what was refunded or cancelled, book by book,
// drives the PDF's links, the print files and the printer's zip, the packing slip, the status
// page, the first edition's numbers and the owner's alert. The print files are a fake printer's
// and the screen PDF a fake (what is checked is which books get files, not their pages); the
// packing slip is the real PDF, read with pdftotext.

let t: TestApp;
let owner: AdminClient;
const printer = fakePrinter();
/** The screen PDF's renderer: a stand-in (which books get one is what is checked). */
const screen = async () => ({ bytes: Buffer.from('%PDF-screen'), pageCount: 24 });
const SHOP = 'hello@storymade.eu';

beforeAll(async () => {
  t = await createTestApp({
    checkout: { printRenderer: printer.render, screenRenderer: screen },
  });
  owner = await signedIn(t.app, t.database, 'owner@example.com', 'owner');
}, 120_000);
afterAll(async () => {
  await t.close();
});

let keys = 0;
const key = () => `books-refund-key-${String((keys += 1)).padStart(6, '0')}`;

/** A child of another name, with the default look. */
const child = (name: string): SavePayload['child'] => ({ ...savePayload().child, name });

/** An order of the books given (the first made with createOrder), delivered to Latvia, paid, its jobs run. */
async function paidOrder(books: Partial<SavePayload>[], email = 'parent@example.com') {
  const [first, ...rest] = books;
  const { orderId } = await createOrder(t, first);
  for (const book of rest) await addItem(t, orderId, book);
  await saveDelivery(t, orderId, rigaDelivery(email));
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  await t.checkout.jobs.runUntilIdle();
  const order = await owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
  return { orderId, order, itemIds: order.items.map((item) => item.itemId) };
}

const detail = (orderId: string) => owner.json<AdminOrderDetail>(`/api/admin/orders/${orderId}`);
const statusOf = async (orderId: string) =>
  (await (await t.request(`/api/order/${orderId}/status`)).json()) as PlacedOrderStatus;

async function refund(orderId: string, body: Record<string, unknown>) {
  const res = await owner.send(`/api/admin/orders/${orderId}/refunds`, {
    method: 'POST',
    json: { reason: 'The parent asked', requestKey: key(), ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await t.checkout.jobs.runUntilIdle();
  return (await res.json()) as AdminRefund;
}

async function moveTo(orderId: string, ...steps: ('checked' | 'in_production')[]) {
  for (const to of steps)
    await owner.json(`/api/admin/orders/${orderId}/status`, { method: 'POST', json: { to } });
  await t.checkout.jobs.runUntilIdle();
}

/** The download links in the mails to `to`, one list per mail, oldest mail first. */
async function mailedLinks(to: string): Promise<string[][]> {
  const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, to));
  return rows
    .filter((mail) => mail.text.includes('/api/digital/'))
    .sort((a, b) => a.id - b.id)
    .map((mail) =>
      [...mail.text.matchAll(/http:\/\/localhost:3000(\/api\/digital\/[^\s)]+)/g)].map(
        (match) => match[1]!,
      ),
    );
}

/** The stored print files of an order by item id and kind (the books' proofs are no print files). */
async function filesOf(orderId: string) {
  return t.database.db
    .select({ itemId: printFiles.itemId, kind: printFiles.kind, bytes: printFiles.bytes })
    .from(printFiles)
    .where(and(eq(printFiles.orderId, orderId), ne(printFiles.kind, PROOF_KIND)));
}

function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'slip-'));
  const file = path.join(dir, 'slip.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function packingSlipText(orderId: string): Promise<string> {
  const slip = (await filesOf(orderId)).find((file) => file.kind === 'packing-slip');
  expect(slip, 'a packing slip').toBeDefined();
  return pdfText(slip!.bytes);
}

/** The printer's zip's entries of one order. */
async function zipOf(orderNumber: string): Promise<string[]> {
  const res = await owner.send('/api/admin/print-files.zip');
  expect(res.status).toBe(200);
  return Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))
    .filter((name) => name.startsWith(`${orderNumber}/`))
    .sort();
}

const lowestFreeNumber = async () => {
  const result = await t.database.db.execute<{ n: number }>(
    sql`select min(number) as n from first_edition_numbers where order_item_id is null and retired_at is null`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('a refunded PDF', () => {
  it('answers 410 on its mailed link with a clear page, and "Email me a new link" mails links only to the PDFs kept', async () => {
    const { orderId, itemIds } = await paidOrder(
      [
        { cover: 'hardcover', withPdf: true, child: child('Oliver') },
        { cover: 'digital', child: child('Mia') },
      ],
      'pdf-parent@example.com',
    );
    const [printedId, pdfId] = itemIds;
    const [links] = await mailedLinks('pdf-parent@example.com');
    expect(links).toHaveLength(2);
    const linkOf = (itemId: string, list: string[]) =>
      list.find((link) => link.startsWith(`/api/digital/${itemId}.`));
    const refundedLink = linkOf(pdfId!, links!)!;
    expect((await t.request(refundedLink)).status).toBe(200);

    await refund(orderId, { scope: 'items', itemIds: [pdfId] });

    // The mailed link of the refunded PDF: gone for good (410), with a page that says why.
    const page = await t.request(refundedLink, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('This book was refunded');
    expect(html).toContain('its PDF can no longer be downloaded');
    const json = await t.request(refundedLink);
    expect(json.status).toBe(410);
    expect(((await json.json()) as { error: string }).error).toBe(
      'This book was refunded, so its PDF can no longer be downloaded.',
    );
    // The book kept is still there.
    expect((await t.request(linkOf(printedId!, links!)!)).status).toBe(200);

    // The status page's PDFs: the refunded one says so and is not offered.
    const pdfs = (await (await t.request(`/api/order/${orderId}/digital`)).json()) as DigitalStatus;
    expect(pdfs.items).toEqual([
      expect.objectContaining({ id: '1', childName: 'Oliver', ready: true }),
      expect.objectContaining({ id: '2', childName: 'Mia', ready: false, returned: 'refunded' }),
    ]);
    expect(pdfs.items[0]).not.toHaveProperty('returned');

    // A new link: mailed for the kept book only.
    const again = await t.request(`/api/order/${orderId}/digital/links`, {
      method: 'POST',
      json: {},
    });
    expect(again.status).toBe(202);
    await t.checkout.jobs.runUntilIdle();
    const mails = await mailedLinks('pdf-parent@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]).toHaveLength(1);
    expect(mails[1]![0]).toMatch(new RegExp(`^/api/digital/${printedId}\\.`));

    // Every PDF refunded: no link is mailed at all.
    await refund(orderId, { scope: 'items', itemIds: [printedId] });
    const none = await t.request(`/api/order/${orderId}/digital/links`, {
      method: 'POST',
      json: {},
    });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: string }).error).toBe(
      'The PDFs of this order were refunded.',
    );
    await t.checkout.jobs.runUntilIdle();
    expect(await mailedLinks('pdf-parent@example.com')).toHaveLength(2);
    expect((await t.request(linkOf(printedId!, links!)!)).status).toBe(410);
  });

  it('says so in each language: the page of a refunded and of a cancelled book', () => {
    const titles = {
      'en-GB': ['This book was refunded', 'This book was cancelled'],
      'en-US': ['This book was refunded', 'This book was canceled'],
      lv: ['Par šo grāmatu nauda ir atmaksāta', 'Šī grāmata ir atcelta'],
    } as const;
    for (const [language, [refunded, cancelled]] of Object.entries(titles)) {
      const page = (problem: 'refunded' | 'cancelled') =>
        downloadProblemPage({ language: language as 'lv', problem, days: 7 });
      expect(page('refunded')).toContain(`<title>${refunded}</title>`);
      expect(page('refunded')).toContain(`lang="${language}"`);
      expect(page('cancelled')).toContain(`<title>${cancelled}</title>`);
    }
  });
});

describe('a book refunded before its files left the shop', () => {
  it('has no print files, leaves the zip and the packing slip, gives its edition number back, and the status page says which book was refunded', async () => {
    const { orderId, order, itemIds } = await paidOrder([
      { cover: 'hardcover', child: child('Oliver') },
      { cover: 'softcover', child: child('Mia') },
    ]);
    const [keptId, refundedId] = itemIds;
    expect((await filesOf(orderId)).map((file) => file.itemId)).toContain(refundedId);
    expect(await packingSlipText(orderId)).toContain('Mia');
    const refundedNumber = order.items[1]!.editionNumber;
    expect(refundedNumber).not.toBeNull();

    const made = await refund(orderId, { scope: 'items', itemIds: [refundedId] });

    // Its print files are gone; the kept book's stay; the slip lists the parcel at what was kept.
    const files = await filesOf(orderId);
    expect(files.filter((file) => file.itemId === refundedId)).toEqual([]);
    expect(
      files
        .filter((file) => file.itemId === keptId)
        .map((file) => file.kind)
        .sort(),
    ).toEqual(['cover', 'endpapers', 'interior']);
    const slip = await packingSlipText(orderId);
    expect(slip).toContain('Oliver');
    expect(slip).not.toContain('Mia');
    const money = (minor: number) => formatMoney(minor, order.currencyCode, 'en-GB');
    expect(slip).toContain(money(order.items[0]!.unitPriceMinor));
    expect(slip).toContain(money(order.totalMinor - made.amountMinor));
    expect(slip).not.toContain(money(order.totalMinor));

    // The back office marks the book; its number is free for the next printed book.
    const after = await detail(orderId);
    expect(after.items[1]).toMatchObject({
      returned: { state: 'refunded', handedOnAt: null },
      editionNumber: null,
      editionRetired: false,
      files: [],
    });
    expect(after.items[0]).toMatchObject({
      returned: null,
      editionNumber: order.items[0]!.editionNumber,
    });
    const [number] = await t.database.db
      .select()
      .from(firstEditionNumbers)
      .where(eq(firstEditionNumbers.number, refundedNumber!));
    expect(number).toMatchObject({ orderItemId: null, orderId: null, retiredAt: null });

    // The status page: which book was refunded, and what was kept.
    const status = await statusOf(orderId);
    expect(status.items.map((item) => [item.id, item.returned ?? 'kept'])).toEqual([
      ['1', 'kept'],
      ['2', 'refunded'],
    ]);
    expect(status.items[1]!.editionNumber).toBeNull();
    expect(status).toMatchObject({
      refunded: toAmount(made.amountMinor),
      refundedItemIds: ['2'],
      kept: toAmount(order.totalMinor - made.amountMinor),
    });
    expect(status.estimatedDeliveryDate).not.toBeNull();

    // In production, the printer's zip holds the kept book and the parcel's slip only, and no
    // one is alerted (nothing of the refunded book had left).
    await moveTo(orderId, 'checked', 'in_production');
    expect(await zipOf(order.orderNumber)).toEqual(
      [
        ...['cover', 'endpapers', 'interior'].map(
          (kind) =>
            `${order.orderNumber}/${order.orderNumber}-1-Oliver-ed${String(order.items[0]!.editionNumber).padStart(3, '0')}-${kind}.pdf`,
        ),
        `${order.orderNumber}/${order.orderNumber}-packing-slip.pdf`,
      ].sort(),
    );
    expect(await mailsAbout(t, SHOP, order.orderNumber)).toEqual([]);
    // Its files are handed on no more, one by one either.
    const file = await owner.send(`/api/admin/orders/${orderId}/items/${refundedId}/interior.pdf`);
    expect(file.status).toBe(410);
  });

  it('is never stored by a print job that read the order before the refund', async () => {
    const { orderId, itemIds } = await paidOrder([
      { cover: 'hardcover', child: child('Oliver') },
      { cover: 'softcover', withPdf: true, child: child('Mia') },
    ]);
    const [, refundedId] = itemIds;
    const before = await placedOrder(t.database.db, orderId);
    await t.database.db.delete(printFiles).where(eq(printFiles.orderId, orderId));
    await refund(orderId, { scope: 'items', itemIds: [refundedId] });
    await t.database.db.delete(printFiles).where(eq(printFiles.orderId, orderId));
    // The job that read the order before the refund ends after it: it stores nothing of the
    // refunded book (print files or PDF), and a slip made from the old order is not stored either.
    await makePrintFiles(t.database.db, before!, refundedId!, printer.render, screen);
    await makeParcelFiles(t.database.db, before!);
    expect(await filesOf(orderId)).toEqual([]);
    expect(
      await t.database.db
        .select({ itemId: digitalEditions.itemId })
        .from(digitalEditions)
        .where(eq(digitalEditions.orderId, orderId)),
    ).toEqual([]);
    await makeParcelFiles(t.database.db, (await placedOrder(t.database.db, orderId))!);
    expect(await packingSlipText(orderId)).not.toContain('Mia');
  });
});

describe('a book refunded after its files went to the printer', () => {
  it('alerts the owner, retires its edition number and leaves the zip; the confirmation said so first', async () => {
    const { orderId, order, itemIds } = await paidOrder([
      { cover: 'hardcover', child: child('Oliver') },
      { cover: 'softcover', child: child('Mia') },
    ]);
    const [, refundedId] = itemIds;
    await moveTo(orderId, 'checked', 'in_production');
    expect(await zipOf(order.orderNumber)).toHaveLength(6); // Oliver's three files, Mia's softcover two, the packing slip
    const before = await owner.json<Dashboard>('/api/admin/dashboard');

    // The owner's confirmation: what, how much, and that the printer has its files.
    const preview = await owner.json<AdminRefundPreview>(
      `/api/admin/orders/${orderId}/refunds/preview`,
      {
        method: 'POST',
        json: { scope: 'items', itemIds: [refundedId], reason: 'Wrong name', requestKey: key() },
      },
    );
    expect(preview).toMatchObject({
      itemIds: [refundedId],
      delivery: false,
      cancel: false,
      currencyCode: order.currencyCode,
      amountMinor: order.itemRefundMinor[refundedId!],
      handedOn: [{ itemId: refundedId, at: expect.any(String) }],
    });
    expect((await detail(orderId)).refundedMinor).toBe(0);

    const made = await refund(orderId, { scope: 'items', itemIds: [refundedId] });
    expect(made.amountMinor).toBe(preview.amountMinor);

    const [alert] = await mailsAbout(t, SHOP, order.orderNumber);
    expect(alert?.subject).toBe(
      `Refunded after it went to the printer: 1 book of ${order.orderNumber}`,
    );
    expect(alert?.text).toContain(
      `The book for Mia, softcover, first edition no. ${order.items[1]!.editionNumber}: files handed on`,
    );
    expect(alert?.text).toContain('Ask the printer not to print it');
    expect(alert?.text).toContain(`http://localhost:3000/admin/orders/${orderId}`);

    const after = await detail(orderId);
    expect(after.items[1]).toMatchObject({
      returned: { state: 'refunded', handedOnAt: preview.handedOn[0]!.at },
      editionNumber: order.items[1]!.editionNumber,
      editionRetired: true,
      files: [],
    });
    const dashboard = await owner.json<Dashboard>('/api/admin/dashboard');
    expect(dashboard.firstEdition.sold).toBe(before.firstEdition.sold - 1);
    expect(dashboard.firstEdition.retired).toBe(before.firstEdition.retired + 1);
    expect(dashboard.booksSold.week).toBe(before.booksSold.week - 1);
    expect(await lowestFreeNumber()).not.toBe(order.items[1]!.editionNumber);
    expect((await zipOf(order.orderNumber)).filter((name) => /-2-Mia-/.test(name))).toEqual([]);
    expect(await packingSlipText(orderId)).not.toContain('Mia');
  });
});

describe('the first edition', () => {
  it('numbers printed books only, and counts copies as books sold are counted', async () => {
    const before = await owner.json<Dashboard>('/api/admin/dashboard');
    const pdf = await paidOrder([{ cover: 'digital', child: child('Ada') }]);
    expect(pdf.order.items[0]!.editionNumber).toBeNull();
    expect((await statusOf(pdf.orderId)).items[0]!.editionNumber).toBeNull();
    const free = await lowestFreeNumber();
    const printed = await paidOrder([{ cover: 'hardcover', child: child('Ben') }]);
    expect(printed.order.items[0]!.editionNumber).toBe(free);
    const sold = await owner.json<Dashboard>('/api/admin/dashboard');
    expect(sold.booksSold.week - before.booksSold.week).toBe(2);
    expect(sold.firstEdition.sold - before.firstEdition.sold).toBe(1);

    // Cancelled before production: the book is neither sold nor a copy, and its number is free.
    await refund(printed.orderId, { scope: 'cancel' });
    const cancelled = await owner.json<Dashboard>('/api/admin/dashboard');
    expect(cancelled.booksSold.week - before.booksSold.week).toBe(1);
    expect(cancelled.firstEdition.sold).toBe(before.firstEdition.sold);
    expect(await lowestFreeNumber()).toBe(free);

    // A cancelled order's status: each book cancelled, no estimate of a delivery that won't come.
    const status = await statusOf(printed.orderId);
    expect(status.status).toBe('cancelled');
    expect(status.items.map((item) => item.returned)).toEqual(['cancelled']);
    expect(status.estimatedDeliveryDate).toBeNull();
    expect(status.kept).toBe(0);
  });

  it("a PDF order's last refund names no delivery: none was paid", async () => {
    const pdfs = await paidOrder(
      [
        { cover: 'digital', child: child('Ada') },
        { cover: 'digital', child: child('Eve') },
      ],
      'two-pdfs@example.com',
    );
    await refund(pdfs.orderId, { scope: 'items', itemIds: [pdfs.itemIds[0]] });
    await refund(pdfs.orderId, { scope: 'items', itemIds: [pdfs.itemIds[1]] });
    const mails = await mailsAbout(
      t,
      'two-pdfs@example.com',
      `Refund for your order ${pdfs.order.orderNumber}`,
    );
    expect(mails.map((mail) => /Refunded: .*\./.exec(mail.text)?.[0])).toEqual([
      'Refunded: the book starring Ada.',
      'Refunded: the book starring Eve.',
    ]);
  });
});
