// Benchmark of the checkout's server side.
//   npm run bench:checkout   [RUNS=20] [DATABASE_URL=postgres://… to measure PostgreSQL]
// Runs the Hono app in this process on a fresh PGlite in a temporary DATA_DIR (or PostgreSQL),
// with the sandbox provider, one request at a time (load 1). For each of RUNS orders (two books,
// MULTI25, delivery to Latvia) it times, on the server side:
//   initiate  POST /api/payment/initiate -> { payment_link }          (goal < 300 ms)
//   verify    POST /api/payment/verify on return, the call that settles (goal < 300 ms)
//   reload    POST /api/payment/verify again (a reload of the success page)
// Then 50 duplicate verifications of one more paid order, all at once, and prints the number of
// paid transitions, confirmation mails and first-edition numbers it made (goal 1, 1, 1).
// Print files are not drawn here (a stand-in renderer): they run in the background after payment.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { defaultCharacters } from '#book/character-set.ts';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { payments } from '#server/db/schema/checkout.ts';
import { createShopJobs, type ShopJobs } from '#server/shop-jobs.ts';
import { moveSandboxPayment } from '#server/services/payment/providers/sandbox.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const CART = `sm_cart=${randomBytes(32).toString('base64url')}`;
const DUPLICATES = 50;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storymade-bench-checkout-'));
const database = process.env.DATABASE_URL
  ? openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
await loadReferenceData(database.db);
const roomy = { limit: 1_000_000, windowMs: 60_000 };
let checkout: ShopJobs | undefined;
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
    (checkout = createShopJobs(deps, {
      jobs: 'manual',
      // Print files are not what this bench measures: stand-ins that pass their proof.
      printRenderer: async () => ({
        interior: Buffer.from('%PDF'),
        endpapers: Buffer.from('%PDF'),
        cover: Buffer.from('%PDF'),
        proof: {
          ok: true,
          binding: 'hardcover',
          thresholdPercent: 0.5,
          pages: [],
          worst: null,
          failedPages: [],
          sentences: 0,
          missingSentences: [],
          ms: 0,
        },
      }),
    })),
});

async function call(
  pathName: string,
  json?: unknown,
): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const res = await app.request(pathName, {
    method: json === undefined ? 'GET' : 'POST',
    // The parents' browser: its cart key (routes/cart-access.ts) holds the carts it makes.
    headers: {
      Cookie: CART,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  const body = await res.json().catch(() => null);
  return { status: res.status, body, ms: performance.now() - started };
}

function book(orderId: string | null) {
  const set = defaultCharacters('girl');
  const { gender: _gender, ...child } = set.child;
  return {
    country: 'lv',
    language: 'lv',
    orderId,
    productId: 1,
    dedication: 'Emmai,\nkas nekad nepadodas.',
    cover: 'hardcover',
    child: { name: 'Emma', gender: 'Girl', personalization: child },
    maleParent: { grownUpRole: 'dad', name: 'Jānis', personalization: set.dad },
    femaleParent: { grownUpRole: 'mum', name: 'Anna', personalization: set.mum },
    requestId: randomUUID(),
  };
}

async function readyOrder(books: number): Promise<string> {
  const created = await call('/api/order', book(null));
  const { orderId } = created.body as { orderId: string };
  for (let n = 1; n < books; n += 1) await call('/api/orderItems', book(orderId));
  if (books > 1) await call(`/api/order/${orderId}/discount`, { code: 'MULTI25' });
  const saved = await call(`/api/order/${orderId}/delivery-address`, {
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
  if (saved.status !== 200)
    throw new Error(`delivery details: ${saved.status} ${JSON.stringify(saved.body)}`);
  return orderId;
}

async function initiateAndPay(orderId: string) {
  const initiated = await call('/api/payment/initiate', { orderId });
  if (initiated.status !== 200)
    throw new Error(`initiate: ${initiated.status} ${JSON.stringify(initiated.body)}`);
  const reference = decodeURIComponent(
    String((initiated.body as { payment_link: string }).payment_link)
      .split('/')
      .pop()!,
  );
  // The tester paid on the test page (and confirmed the 3-D Secure step).
  await moveSandboxPayment(database.db, reference, 'initial', 'settled');
  return { reference, initiateMs: initiated.ms };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const summary = (values: number[]) =>
  `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

const timings = { initiate: [] as number[], verify: [] as number[], reload: [] as number[] };
for (let run = 0; run < RUNS; run += 1) {
  const orderId = await readyOrder(2);
  const { reference, initiateMs } = await initiateAndPay(orderId);
  const verified = await call('/api/payment/verify', { paymentReference: reference });
  if (verified.status !== 200)
    throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const reload = await call('/api/payment/verify', { paymentReference: reference });
  timings.initiate.push(initiateMs);
  timings.verify.push(verified.ms);
  timings.reload.push(reload.ms);
}

// 50 duplicate verifications of one paid order, at once.
const orderId = await readyOrder(1);
const { reference } = await initiateAndPay(orderId);
const answers = await Promise.all(
  Array.from({ length: DUPLICATES }, () =>
    call('/api/payment/verify', { paymentReference: reference }),
  ),
);
await checkout!.jobs.runUntilIdle();
const count = async (query: ReturnType<typeof sql>) =>
  Number(
    ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
  );
const paidTransitions = await count(
  sql`select count(*) as n from order_status_history where order_id = ${orderId} and to_status = 'paid'`,
);
const mails = await count(
  sql`select count(*) as n from outbox_mail o join placed_orders p on p.order_id = ${orderId} where o.subject like '%' || p.order_number`,
);
const editionNumbers = await count(
  sql`select count(*) as n from first_edition_numbers where order_id = ${orderId}`,
);
const payment = await database.db.select({ status: payments.status }).from(payments);

console.log(
  `Checkout benchmark (${database.kind}, sandbox provider, ${RUNS} orders of 2 books, load 1)`,
);
console.log(`  initiate -> payment_link      ${summary(timings.initiate)}  (goal < 300 ms)`);
console.log(`  return -> verified (settles)  ${summary(timings.verify)}  (goal < 300 ms)`);
console.log(`  reload of the success page    ${summary(timings.reload)}`);
console.log(
  `  ${DUPLICATES} concurrent duplicate verifications: ${answers.filter((a) => a.status === 200).length} answered 200; ` +
    `paid transitions ${paidTransitions}, confirmation mails ${mails}, first-edition numbers ${editionNumbers} (goal 1, 1, 1)`,
);
void payment;
await checkout!.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
