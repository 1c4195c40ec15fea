// `npm run bench:admin`: (1) the back office's order list, server side, with 10,000 paid orders
// in an in-memory PGlite (or DATABASE_URL): p50/p95 of a page of 50, unfiltered, by status, and
// searched by e-mail and by a child's name; (2) rendering the print files of BOOKS (20) books with
// the real print PDF and zipping them as the back office's zip does. ORDERS and BOOKS override.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import {
  orderSnapshots,
  payments,
  placedOrders,
  printFiles,
  type SnapshotItem,
} from '#server/db/schema/checkout.ts';
import { orders } from '#server/db/schema/shop.ts';
import { listOrders } from '#server/services/admin/admin-orders.ts';
import { printFilesInProduction, zipStream } from '#server/services/fulfilment/print-zip.ts';
import { renderPrintInput } from '#server/services/fulfilment/stored-print-files.ts';
import { bookOfItem } from '#server/services/order/snapshot.ts';

const ORDERS = Number(process.env.ORDERS ?? 10_000);
const BOOKS = Number(process.env.BOOKS ?? 20);
const RUNS = 60;
const NAMES = [
  'Anna',
  'Jānis',
  'Marta',
  'Leo',
  'Olivia',
  'Emīls',
  'Sofia',
  'Noah',
  'Elza',
  'Mia',
  'Roberts',
  'Ella',
];
const id = () => randomBytes(18).toString('base64url');
const STATUSES = ['paid', 'checked', 'in_production', 'shipped', 'delivered', 'cancelled'];
const ADDRESS = {
  firstName: 'Anna',
  lastName: 'Bērziņa',
  address1: 'Brīvības iela 1',
  address2: '',
  city: 'Rīga',
  zip: 'LV-1010',
  countryId: 19,
  province: '',
  phone: '+37120000000',
};
const CHILD = JSON.stringify({
  hair: 'kid_hair_boy_03_BR',
  eyes: 'kid_eyes_GY',
  skin: 'kid_skin_2',
  tshirt: 'kid_tshirt_1',
  shorts: 'kid_shorts_2',
  lashes: null,
  accessories: [],
});
const PARENT = JSON.stringify({
  hair: 'dad_hair_01_BC',
  eyes: 'dad_eyes_BR',
  skin: 'dad_skin_2D',
  accessories: [],
});
const MUM = JSON.stringify({
  hair: 'mum_hair_02_BL',
  eyes: 'mum_eyes_BR',
  skin: 'mum_skin_2M',
  accessories: [],
});

function item(n: number): SnapshotItem {
  return {
    itemId: id(),
    productId: 1,
    title: 'You can do it',
    language: 'en-GB',
    childName: `${NAMES[n % NAMES.length]}${n}`,
    childGender: 'Boy',
    childPersonalization: CHILD,
    dadPersonalization: PARENT,
    mumPersonalization: MUM,
    dadName: 'Jānis',
    mumName: 'Ilze',
    dedication: `For you, ${NAMES[n % NAMES.length]}`,
    coverType: 'hardcover',
    unitPriceMinor: 2999,
  };
}

const database = process.env.DATABASE_URL
  ? openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : openDatabase({ kind: 'pglite', dataDir: null });
await database.migrate();
await loadReferenceData(database.db);
const db = database.db;

let started = performance.now();
const start = Date.UTC(2026, 0, 1);
for (let from = 0; from < ORDERS; from += 500) {
  const batch = Array.from({ length: Math.min(500, ORDERS - from) }, (_, i) => {
    const n = from + i;
    const items = n % 5 === 0 ? [item(n), item(n + 100_000)] : [item(n)];
    return {
      n,
      orderId: id(),
      snapshotId: id(),
      reference: id(),
      items,
      paidAt: new Date(start + n * 60_000),
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(orders).values(
      batch.map((b) => ({
        id: b.orderId,
        language: 'en-GB',
        currencyCode: 'GBP',
        status: STATUSES[b.n % STATUSES.length]!,
        createRequestId: id(),
      })),
    );
    await tx.insert(orderSnapshots).values(
      batch.map((b) => ({
        id: b.snapshotId,
        orderId: b.orderId,
        fingerprint: id(),
        language: 'en-GB',
        currencyCode: 'GBP',
        items: b.items,
        couponCode: null,
        subtotalMinor: 2999 * b.items.length,
        discountMinor: 0,
        deliveryMinor: 500,
        totalMinor: 2999 * b.items.length + 500,
        countryId: 19,
        deliveryDays: 10,
        email: `parent${b.n}@example.com`,
        phone: '+37120000000',
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
      })),
    );
    await tx.insert(payments).values(
      batch.map((b) => ({
        reference: b.reference,
        orderId: b.orderId,
        snapshotId: b.snapshotId,
        provider: 'sandbox',
        providerReference: b.reference,
        amountMinor: 3499,
        currencyCode: 'GBP',
        status: 'paid',
        settledAt: b.paidAt,
      })),
    );
    await tx.insert(placedOrders).values(
      batch.map((b) => ({
        orderId: b.orderId,
        orderNumber: `SM-2026-${String(b.n + 1).padStart(5, '0')}`,
        snapshotId: b.snapshotId,
        paymentReference: b.reference,
        paidAt: b.paidAt,
      })),
    );
  });
}
console.log(
  `${ORDERS} paid orders written in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor((p / 100) * values.length))
  ]!;
async function measure(label: string, query: Parameters<typeof listOrders>[1]) {
  await listOrders(db, query);
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    const page = await listOrders(db, query);
    times.push(performance.now() - t0);
    total = page.total;
  }
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${total} match)`,
  );
}
console.log(`Order list, a page of 50, ${RUNS} runs each (goal: p95 < 50 ms):`);
await measure('newest first', { page: 1 });
await measure('page 100', { page: 100 });
await measure('status = shipped', { status: 'shipped', page: 1 });
await measure('search e-mail "parent4242@"', { q: 'parent4242@', page: 1 });
await measure('search child name "marta"', { q: 'marta', page: 1 });
await measure('status = checked + search "jānis"', { status: 'checked', q: 'jānis', page: 1 });

// ---- Print files of BOOKS books, rendered and zipped ------------------------------------------
const inProduction = await db
  .select({ orderId: placedOrders.orderId, items: orderSnapshots.items })
  .from(placedOrders)
  .innerJoin(orders, (await import('drizzle-orm')).eq(orders.id, placedOrders.orderId))
  .innerJoin(
    orderSnapshots,
    (await import('drizzle-orm')).eq(orderSnapshots.id, placedOrders.snapshotId),
  )
  .where((await import('drizzle-orm')).eq(orders.status, 'in_production'))
  .limit(BOOKS);
const books = inProduction
  .flatMap((o) => o.items.map((it) => ({ orderId: o.orderId, item: it })))
  .slice(0, BOOKS);
started = performance.now();
let bytes = 0;
// Two at a time: the print worker threads run at low priority, one per book.
for (let i = 0; i < books.length; i += 2) {
  await Promise.all(
    books.slice(i, i + 2).map(async ({ orderId, item: book }) => {
      const files = await renderPrintInput({
        ...bookOfItem(book),
        dedication: book.dedication,
        title: `bench ${book.childName}`,
        editionNumber: null,
      });
      for (const [kind, data] of [
        ['interior', files.interior],
        ['cover', files.cover],
      ] as const) {
        bytes += data.length;
        await db.insert(printFiles).values({
          orderId,
          itemId: book.itemId,
          kind,
          bytes: data,
          byteSize: data.length,
          sha256: 'bench',
        });
      }
    }),
  );
}
const rendered = performance.now() - started;
started = performance.now();
const entries = (await printFilesInProduction(db)).filter((e) => e.name);
const reader = zipStream(db, entries, new Date()).getReader();
let zipped = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  zipped += value.length;
}
const zipping = performance.now() - started;
console.log(
  `Print files of ${books.length} books: rendered in ${(rendered / 1000).toFixed(1)} s (${(bytes / 1024 / 1024).toFixed(1)} MB, ${(rendered / books.length / 1000).toFixed(2)} s a book), zipped (${entries.length} files, ${(zipped / 1024 / 1024).toFixed(1)} MB) in ${(zipping / 1000).toFixed(2)} s`,
);
await database.close();
