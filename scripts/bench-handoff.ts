// Benchmark of the hand-off to the print partner (issue #47): the time from the end of a paid
// order's hold to the partner's acknowledgement of its books.
//   npm run bench:handoff   [RUNS=10] [HOLD_MS=1500]
// 1. The sandbox printer: the Hono app in this process on a fresh PGlite in a temporary DATA_DIR,
//    its job runner in the background as `npm start` runs it (polling every 5 s, woken at each
//    hold's end), RUNS paid orders; for each, acknowledged_at - (paid_at + hold).
// 2. Lulu: the adapter against the fake Lulu of the tests (built from Lulu's documentation) on
//    localhost, RUNS submissions of a book Lulu can print (token, the search for the key, the
//    create, with the files fetched from a local file server): the call's time from start to
//    Lulu's answer, the first one with the token.
// Print files are stand-ins (this measures the hand-off, not the renderer: npm run bench:print).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { defaultCharacters } from '#book/character-set.ts';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { createShopJobs, type ShopJobs } from '#server/shop-jobs.ts';
import { moveSandboxPayment } from '#server/services/payment/providers/sandbox.ts';
import {
  createLuluPartner,
  DEFAULT_POD_PACKAGES,
} from '#server/services/fulfilment/partner/lulu.ts';
import { LULU_KEY, LULU_SECRET, startFakeLulu } from '../tests/api/lulu-fake.ts';

const RUNS = Number(process.env.RUNS ?? 10);
const HOLD_MS = Number(process.env.HOLD_MS ?? 1500);
const CART = `sm_cart=${randomBytes(32).toString('base64url')}`;

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `min ${sorted[0]!.toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (n=${sorted.length})`;
};

// ---- 1. The sandbox printer ---------------------------------------------------------------------
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storymade-bench-handoff-'));
const database = openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
await loadReferenceData(database.db);
const roomy = { limit: 1_000_000, windowMs: 60_000 };
let shop: ShopJobs | undefined;
const passing = {
  ok: true,
  binding: 'hardcover' as const,
  thresholdPercent: 0.5,
  pages: [],
  worst: null,
  failedPages: [],
  sentences: 0,
  missingSentences: [],
  ms: 0,
};
const app = createApp({
  database,
  client: null,
  publicUrl: 'http://localhost:3000',
  messaging: {
    rateLimits: {
      newOrders: roomy,
      orderWrites: roomy,
      paymentChecks: roomy,
      paymentCallbacks: roomy,
    },
  },
  shopJobs: (deps) =>
    (shop = createShopJobs(deps, {
      jobs: 'background',
      printRenderer: async () => ({
        interior: Buffer.from('%PDF-interior'),
        endpapers: Buffer.from('%PDF-endpapers'),
        cover: Buffer.from('%PDF-cover'),
        proof: passing,
      }),
      print: {
        holdMs: HOLD_MS,
        sandboxShipMs: 3_600_000,
        sandboxPost: async (url, init) => app.request(new URL(url).pathname, init),
      },
    })),
});

async function post(pathName: string, json: unknown) {
  const res = await app.request(pathName, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: CART },
    body: JSON.stringify(json),
  });
  if (res.status >= 400) throw new Error(`${pathName}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function paidOrder(): Promise<string> {
  const set = defaultCharacters('girl');
  const { gender: _gender, ...child } = set.child;
  const { orderId } = (await post('/api/order', {
    country: 'lv',
    language: 'lv',
    orderId: null,
    productId: 1,
    dedication: 'Emmai.',
    cover: 'hardcover',
    child: { name: 'Emma', gender: 'Girl', personalization: child },
    maleParent: { grownUpRole: 'dad', name: 'Jānis', personalization: set.dad },
    femaleParent: { grownUpRole: 'mum', name: 'Anna', personalization: set.mum },
    requestId: randomUUID(),
  })) as { orderId: string };
  await post(`/api/order/${orderId}/delivery-address`, {
    contactInfo: { email: 'bench@example.com', phone: '+37120000000', subscribe: false },
    shippingAddress: {
      firstName: 'Anna',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1',
      city: 'Rīga',
      zip: 'LV-1010',
      countryId: 19,
    },
    isShippingDetailsEqualBilling: true,
  });
  const { payment_link } = (await post('/api/payment/initiate', { orderId })) as {
    payment_link: string;
  };
  const reference = decodeURIComponent(String(payment_link).split('/').pop()!);
  // The tester paid on the test page (and confirmed the 3-D Secure step).
  await moveSandboxPayment(database.db, reference, 'initial', 'settled');
  await post('/api/payment/verify', { paymentReference: reference });
  return orderId;
}

const sandboxMs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const orderId = await paidOrder();
  for (;;) {
    const rows = (await database.db.execute(sql`
      select extract(epoch from (h.acknowledged_at - p.paid_at)) * 1000 as ms
      from print_handoffs h join placed_orders p on p.order_id = h.order_id
      where h.order_id = ${orderId} and h.acknowledged_at is not null`)) as unknown as {
      rows: { ms: number | string }[];
    };
    if (rows.rows[0]) {
      sandboxMs.push(Number(rows.rows[0].ms) - HOLD_MS);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
await shop!.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
console.log(`sandbox printer: end of the hold -> acknowledged: ${stats(sandboxMs)}`);

// ---- 2. Lulu (the fake from its documentation) --------------------------------------------------
const pdf = Buffer.alloc(2_000_000, 0x25);
const files = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/pdf' });
  res.end(pdf);
});
await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
const filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
const lulu = await startFakeLulu();
const partner = createLuluPartner({
  apiUrl: lulu.url,
  clientKey: LULU_KEY,
  clientSecret: LULU_SECRET,
  contactEmail: 'shop@example.com',
  shippingLevel: 'MAIL',
  podPackages: DEFAULT_POD_PACKAGES,
  productionDelayMinutes: 60,
});
const luluMs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  await partner.submit({
    reference: `SM-BENCH-${run}`,
    idempotencyKey: randomBytes(16).toString('hex'),
    books: [
      {
        itemId: `item-${run}`,
        title: `SM-BENCH-${run} Anna`,
        binding: 'softcover',
        pageCount: 46,
        quantity: 1,
        trimMm: { width: 215.9, height: 279.4 },
        bleedMm: 3.175,
        colour: 'full',
        interiorUrl: `${filesUrl}/interior.pdf`,
        coverUrl: `${filesUrl}/cover.pdf`,
      },
    ],
    shipping: {
      name: 'Jane Smith',
      street1: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      countryCode: 'GB',
      phone: '+447911123456',
      email: 'bench@example.com',
    },
    shippingLevel: 'MAIL',
  });
  luluMs.push(performance.now() - started);
}
await lulu.close();
files.close();
console.log(
  `Lulu (fake from its docs, 2 MB files fetched by it): submit -> acknowledged: ${stats(luluMs)}; first (with the token) ${luluMs[0]!.toFixed(0)} ms`,
);
console.log(
  `jobs at ${RUNS} runs, hold ${HOLD_MS} ms; the runner polls every 5 s and is woken at each hold's end`,
);
