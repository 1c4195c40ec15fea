// Benchmark of an erasure (POST /api/admin/personal-data/erase) with work queued for the person.
//   npm run bench:erase   [RUNS=5] [ORDERS=10] [DATABASE_URL=postgres://… to measure PostgreSQL]
// Runs the Hono app in this process on a fresh PGlite in a temporary DATA_DIR (or PostgreSQL).
// For each of RUNS parents it makes ORDERS paid orders of one address (delivered, so the erase
// anonymises them) and queues 10 jobs of each kind that writes a person's data (issue #44, item 1):
// print files, the confirmation mail, the refund mail, the documents mail, a status mail, the
// review request, the PDF's links, the automatic refund's mail, and 10 stored mails waiting for
// the relay. It times the erase, then runs the queue and counts what was written for the person
// (0 expected). The same erase of a parent whose jobs all ran before (nothing queued) is timed
// beside it.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { defaultCharacters } from '#book/character-set.ts';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { createShopJobs, type ShopJobs } from '#server/shop-jobs.ts';
import { queueMailJob } from '#server/platform/mail/mail-job.ts';
import { moveSandboxPayment } from '#server/services/payment/providers/sandbox.ts';
import { addStaff } from '#server/services/staff/staff-accounts.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const ORDERS = Number(process.env.ORDERS ?? 10);
const PER_KIND = 10;
const COST = { N: 2 ** 12, r: 8, p: 1 };

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storymade-bench-erase-'));
const database = process.env.DATABASE_URL
  ? openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL })
  : openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
await loadReferenceData(database.db);
const db = database.db;
const roomy = { limit: 1_000_000, windowMs: 60_000 };
let checkout: ShopJobs | undefined;
const app = createApp({
  database,
  client: null,
  publicUrl: 'http://localhost:3000',
  messaging: { rateLimits: { newOrders: roomy, orderWrites: roomy } },
  admin: { passwordCost: COST },
  shopJobs: (deps) =>
    (checkout = createShopJobs(deps, {
      jobs: 'manual',
      printRenderer: async (input) => ({
        interior: Buffer.from(`%PDF ${input.child.name}`),
        endpapers: Buffer.from('%PDF'),
        cover: Buffer.from('%PDF'),
        // A passing proof: the files are stored as they are (print-proof.ts is measured by bench:print).
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
const jobs = checkout!.jobs;

/** The browser's cookies, kept as a browser keeps them (the cart's own cookie among them). */
const cookies = new Map<string, string>();
async function call(pathName: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(pathName, {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...headers,
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    if (name && value !== undefined) cookies.set(name.trim(), value);
  }
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

// The owner, signed in.
const owner = { email: 'bench-owner@example.com', password: 'bench owner password 1' };
await addStaff(
  { db, now: () => new Date(), passwordCost: COST },
  { staffId: null, email: 'command line' },
  { email: owner.email, role: 'owner', password: owner.password },
);
const signIn = await app.request('/api/admin/session', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(owner),
});
const session = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
const { csrfToken } = (await signIn.json()) as { csrfToken: string };

function book(orderId: string | null, child: string) {
  const set = defaultCharacters('girl');
  const { gender: _gender, ...look } = set.child;
  return {
    country: 'lv',
    language: 'lv',
    orderId,
    productId: 1,
    dedication: `${child},\nkas nekad nepadodas.`,
    cover: 'hardcover',
    withPdf: true,
    child: { name: child, gender: 'Girl', personalization: look },
    maleParent: { grownUpRole: 'dad', name: 'Jānis', personalization: set.dad },
    femaleParent: { grownUpRole: 'mum', name: 'Anna', personalization: set.mum },
    requestId: randomUUID(),
  };
}

/** A paid order of `email`, delivered; its jobs (print files, confirmation) left queued. */
async function paidOrder(email: string, child: string) {
  const created = await call('/api/order', book(null, child));
  if (created.status !== 201)
    throw new Error(`order: ${created.status} ${JSON.stringify(created.body)}`);
  const { orderId } = created.body as { orderId: string };
  const saved = await call(`/api/order/${orderId}/delivery-address`, {
    contactInfo: { email, phone: '+37120000000', subscribe: true },
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
    throw new Error(`delivery: ${saved.status} ${JSON.stringify(saved.body)}`);
  const initiated = await call('/api/payment/initiate', { orderId });
  if (initiated.status !== 200) throw new Error(`initiate: ${initiated.status}`);
  const reference = decodeURIComponent(
    String((initiated.body as { payment_link: string }).payment_link)
      .split('/')
      .pop()!,
  );
  await moveSandboxPayment(db, reference, 'initial', 'settled');
  const verified = await call('/api/payment/verify', { paymentReference: reference });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
  await db.execute(sql`update orders set status = 'delivered' where id = ${orderId}`);
  return { orderId, reference };
}

/** A parent with ORDERS delivered orders and, when `queued`, 10 jobs of each kind waiting. */
async function parent(n: number, queued: boolean) {
  const email = `bench.parent.${n}.${queued ? 'q' : 'r'}@example.lv`;
  const child = `Elza${'abcdefghijklmnop'[n % 16]}${queued ? 'q' : 'r'}`;
  const orders: { orderId: string; reference: string }[] = [];
  for (let i = 0; i < ORDERS; i += 1) orders.push(await paidOrder(email, child));
  if (!queued) {
    await jobs.runUntilIdle();
    return { email, child, orders };
  }
  const kinds: [string, (i: number) => Record<string, unknown>][] = [
    ['order-refund-mail', (i) => ({ orderId: orders[i % ORDERS]!.orderId, refundId: 0 })],
    ['documents_mail', (i) => ({ orderId: orders[i % ORDERS]!.orderId })],
    ['order-status-mail', (i) => ({ orderId: orders[i % ORDERS]!.orderId, status: 'delivered' })],
    ['review-request-mail', (i) => ({ orderId: orders[i % ORDERS]!.orderId })],
    ['digital-links-mail', (i) => ({ orderId: orders[i % ORDERS]!.orderId, again: true })],
    ['payment-refund-mail', (i) => ({ reference: orders[i % ORDERS]!.reference })],
  ];
  for (const [kind, payload] of kinds)
    for (let i = 0; i < PER_KIND; i += 1)
      await enqueueJob(db, { kind, dedupeKey: `${kind}:${email}:${i}`, payload: payload(i) });
  // Print files and confirmations: one each per order from the payments; up to 10 of each.
  for (let i = ORDERS; i < PER_KIND; i += 1) {
    const orderId = orders[i % ORDERS]!.orderId;
    await enqueueJob(db, {
      kind: 'print-files',
      dedupeKey: `print-files:${email}:${i}`,
      payload: { orderId, itemId: 'none' },
    });
    await enqueueJob(db, {
      kind: 'order-confirmation-mail',
      dedupeKey: `order-confirmation-mail:${email}:${i}`,
      payload: { orderId },
    });
  }
  // Ten mails to the address still waiting for the relay, each with its mail job.
  for (let i = 0; i < PER_KIND; i += 1) {
    const [mail] = await db
      .insert(outboxMail)
      .values({
        to: email,
        subject: `Confirm ${i}`,
        text: `For ${child}`,
        html: `<p>For ${child}</p>`,
        transport: 'smtp',
      })
      .returning({ id: outboxMail.id });
    await queueMailJob(db, mail!.id, new Date());
  }
  return { email, child, orders };
}

async function erase(email: string): Promise<number> {
  const started = performance.now();
  const res = await app.request('/api/admin/personal-data/erase', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Cookie: session,
      'X-CSRF-Token': csrfToken,
    },
    body: JSON.stringify({ email }),
  });
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`erase: ${res.status} ${await res.text()}`);
  return ms;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

const withJobs: number[] = [];
const withoutJobs: number[] = [];
let queuedTotal = 0;
let cancelledTotal = 0;
let leftOver = 0;
for (let run = 0; run < RUNS; run += 1) {
  const quiet = await parent(run, false);
  withoutJobs.push(await erase(quiet.email));
  const busy = await parent(run, true);
  const ids = busy.orders.map((order) => order.orderId);
  queuedTotal += await count(sql`select count(*)::int as n from jobs where status = 'queued'`);
  const before = await count(sql`select count(*)::int as n from jobs where status = 'cancelled'`);
  withJobs.push(await erase(busy.email));
  cancelledTotal +=
    (await count(sql`select count(*)::int as n from jobs where status = 'cancelled'`)) - before;
  await db.execute(sql`update jobs set run_after = now() where status = 'queued'`);
  await jobs.runUntilIdle();
  leftOver += await count(
    sql`select (select count(*) from print_files where order_id in ${ids})
      + (select count(*) from digital_editions where order_id in ${ids})
      + (select count(*) from outbox_mail where lower("to") = ${busy.email} or text like ${`%${busy.child}%`})
      + (select count(*) from subscribers where email_key = ${busy.email}) as n`,
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (values: number[]) =>
  `median ${median(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;
console.log(
  `Database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${RUNS} runs, ${ORDERS} delivered orders a parent`,
);
console.log(`erase, nothing queued:            ${fmt(withoutJobs)}`);
console.log(
  `erase, 10 jobs of each kind queued: ${fmt(withJobs)} (${Math.round(queuedTotal / RUNS)} jobs queued a run, ${Math.round(cancelledTotal / RUNS)} cancelled by the erase)`,
);
console.log(`written for an erased parent after the queue ran: ${leftOver} (expected 0)`);
await checkout!.close();
await database.close();
