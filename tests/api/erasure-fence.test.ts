import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalDataErasure } from '#contract/personal-data.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { AdminClient, createStaff } from './admin-helpers.ts';
import {
  deliveryPayload,
  fakeProof,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { savePayload } from './orders-helpers.ts';
import { rows } from './retention-helpers.ts';

// Issue #44, item 1: an erasure wins over the work queued before it. Each kind of job that writes
// a person's data (print files, the packing slip, the screen PDF, every order mail, the newsletter
// sign-up of the delivery form's box, a mail waiting for the relay) is queued, running or waiting
// to be retried when the owner erases the address; afterwards the queue runs, and nothing of the
// person is in any table, stored file or mail that reached the SMTP relay after the erasure.

/** One person: the address, the child, the grown-ups, the street, the phone. */
interface Person {
  email: string;
  child: string;
  dedication: string;
  first: string;
  last: string;
  street: string;
  phone: string;
}

const person = (n: number, child: string): Person => ({
  email: `erase.me.${n}@example.lv`,
  child,
  dedication: `${child}, kas nekad nepadodas`,
  first: ['Ilga', 'Vizma', 'Rūta'][n]!,
  last: ['Kalniņa', 'Ozoliņa', 'Vītola'][n]!,
  street: `Klusā iela ${n + 7}`,
  phone: `+371 2611 111${n}`,
});

/** What a relay received: to whom, and the whole message. */
const received: { to: string[]; raw: string }[] = [];
/** Addresses the relay refuses for now (451), so their mails wait for the mail job's retry. */
const refusing = new Set<string>();
/** Called when the relay receives a mail to an address (the mail is then on its way). */
const onMail = new Map<string, () => Promise<void>>();
let smtp: SMTPServer;
let t: TestApp;
let owner: AdminClient;
/** Called by the print renderer when it draws this child's book (the job is running then). */
const whileRendering = new Map<string, () => Promise<void>>();

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        if (to.some((address) => refusing.has(address))) {
          callback(Object.assign(new Error('Mailbox busy'), { responseCode: 451 }));
          return;
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        const hook = to.map((address) => onMail.get(address)).find(Boolean);
        if (!hook) return callback(null);
        void hook().then(
          () => callback(null),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    checkout: {
      printRenderer: async (input) => {
        const name = input.child.name;
        await whileRendering.get(name)?.();
        return {
          interior: Buffer.from(`%PDF-interior ${name} ${input.dedication}`),
          endpapers: Buffer.from('%PDF-endpapers'),
          cover: Buffer.from(`%PDF-cover ${name}`),
          proof: fakeProof(true),
        };
      },
      screenRenderer: async (input) => ({
        bytes: Buffer.from(`%PDF-screen ${input.child.name}`),
        pageCount: 26,
      }),
    },
  });
  const account = await createStaff(t.database, 'erase-owner@example.com', 'owner');
  owner = new AdminClient(t.app);
  expect((await owner.signIn(account.email, account.password)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** An order of `who` with delivery details (the newsletter box ticked), paid; its jobs are left queued. */
async function paidOrder(who: Person, books: { withPdf?: boolean }[] = [{}]) {
  const orderId = await readyOrder(t, {
    books: books.length,
    overrides: {
      child: { ...savePayload().child, name: who.child },
      maleParent: { ...savePayload().maleParent, name: 'Jānis' },
      femaleParent: { ...savePayload().femaleParent, name: who.first },
      dedication: who.dedication,
      ...(books[0]?.withPdf ? { withPdf: true } : {}),
    },
    delivery: deliveryPayload({
      contactInfo: { email: who.email, phone: who.phone, subscribe: true },
      shippingAddress: {
        firstName: who.first,
        lastName: who.last,
        address1: who.street,
        city: 'Cēsis',
        zip: 'LV-4101',
        countryId: 19,
      },
    }),
  });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  return { orderId, reference };
}

async function erase(who: Person): Promise<PersonalDataErasure> {
  return owner.json<PersonalDataErasure>('/api/admin/personal-data/erase', {
    method: 'POST',
    json: { email: who.email },
  });
}

/** Every job that is not finished becomes due now (a retry's pause is over). */
async function runEverythingDue() {
  await t.database.db.execute(
    sql`update jobs set run_after = now() where status in ('queued', 'running')`,
  );
  await t.checkout.jobs.runUntilIdle();
}

/** What the shop holds of `who`: rows of any table naming them, stored files and invoices' copies. */
async function traces(who: Person, orderIds: string[]) {
  const needles = [
    who.email,
    who.child,
    who.dedication,
    who.first,
    who.last,
    who.street,
    who.phone.replace(/\s/g, ''),
  ].map((text) => `%${text.toLowerCase()}%`);
  const anyNeedle = sql`(array[${sql.join(
    needles.map((needle) => sql`${needle}`),
    sql`, `,
  )}])`;
  const tables = await rows<{ name: string }>(
    t,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  expect(tables.length).toBeGreaterThan(25);
  const found: string[] = [];
  for (const { name } of tables) {
    // The invoice keeps the billing name and address the law asks for (checked below).
    if (name === 'invoices') continue;
    const hits = await rows<{ row: string }>(
      t,
      sql`select left(x::text, 160) as row from ${sql.identifier(name)} x
          where lower(x::text) like any ${anyNeedle}`,
    );
    found.push(...hits.map((hit) => `${name}: ${hit.row}`));
  }
  const files = await rows<{ kind: string }>(
    t,
    sql`select kind from print_files where order_id in ${orderIds}
        union all select 'screen pdf' from digital_editions where order_id in ${orderIds}
        union all select 'review' from reviews where order_id in ${orderIds}`,
  );
  found.push(...files.map((file) => `stored file: ${file.kind}`));
  const invoices = await rows<{ text: string }>(
    t,
    sql`select buyer::text || lines::text as text from invoices where order_id in ${orderIds}`,
  );
  for (const invoice of invoices) {
    for (const text of [who.email, who.child])
      if (invoice.text.toLowerCase().includes(text.toLowerCase())) found.push(`invoice: ${text}`);
  }
  return found;
}

/** Mails the relay received for `who` (to the address, or naming the child) from `from` on. */
function mailsOf(who: Person, from: number) {
  return received
    .slice(from)
    .filter(
      (mail) =>
        mail.to.includes(who.email) ||
        mail.raw.toLowerCase().includes(who.email) ||
        mail.raw.includes(who.child),
    );
}

describe('an erasure during a queue of every kind of job', () => {
  it('leaves nothing of the person once the queue has run: jobs queued before, and a retry due later', async () => {
    const who = person(0, 'Zelmīra');
    const other = person(1, 'Teodors');
    // The newsletter: a sign-up whose confirmation mail the relay refuses for now (its mail job
    // will retry), and its survey.
    refusing.add(who.email);
    const signup = await t.request('/api/Subscriptions', {
      method: 'POST',
      json: { email: who.email, preferredLanguage: 'lv' },
    });
    expect(signup.status).toBe(200);
    // Order A: paid, then cancelled by the owner with its money refunded: its print files,
    // packing slip, confirmation mail (with the newsletter box), the refund mail wait in the queue.
    const a = await paidOrder(who, [{ withPdf: true }, {}]);
    const cancel = await owner.send(`/api/admin/orders/${a.orderId}/refunds`, {
      method: 'POST',
      json: { scope: 'cancel', reason: 'The parent asked', requestKey: 'erase-cancel-order-a' },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(201);
    // The parent asks for the invoice again.
    expect(
      (
        await t.request(`/api/order/${a.orderId}/documents/resend`, {
          method: 'POST',
          json: {},
        })
      ).status,
    ).toBe(202);
    // The other kinds, as their own triggers queue them: the status mail of a staff move, the
    // review request, the PDF's links, the mail about an automatic refund.
    const db = t.database.db;
    for (const [kind, payload] of [
      ['order-status-mail', { orderId: a.orderId, status: 'cancelled' }],
      ['review-request-mail', { orderId: a.orderId }],
      ['digital-links-mail', { orderId: a.orderId, again: true }],
      ['payment-refund-mail', { reference: a.reference }],
    ] as const)
      await enqueueJob(db, { kind, dedupeKey: `${kind}:erase-test`, payload });
    // One print job of A runs before the erasure: A is cancelled, so it makes nothing (a book paid
    // back has no print files; a print job that renders while the erasure comes is the next test).
    await db.execute(sql`update jobs set run_after = now() + interval '1 hour'`);
    await db.execute(
      sql`update jobs set run_after = now() where id = (select min(id) from jobs where kind = 'print-files' and payload->>'orderId' = ${a.orderId})`,
    );
    expect(await t.checkout.jobs.runUntilIdle()).toBe(1);
    await db.execute(
      sql`update jobs set run_after = now() where status = 'queued' and attempts = 0`,
    );
    const kinds = await rows<{ kind: string }>(
      t,
      sql`select distinct kind from jobs where status = 'queued' order by kind`,
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      'digital-links-mail',
      'documents_mail',
      'mail',
      'order-confirmation-mail',
      'order-refund-mail',
      'order-status-mail',
      'parcel-files',
      'payment-refund-mail',
      'print-files',
      'print-handoff',
      // The refund's cancel at the print partner (it writes no personal data).
      'print-handoff-cancel',
      'review-request-mail',
    ]);
    // Someone else's order, queued in between: the fence is not theirs.
    const theirs = await paidOrder(other);

    const sentBefore = received.length;
    const erased = await erase(who);
    expect(erased).toMatchObject({ ordersAnonymised: 1, ordersKept: [], newsletterRemoved: true });
    refusing.clear();
    await runEverythingDue();
    await runEverythingDue();

    expect(await traces(who, [a.orderId])).toEqual([]);
    expect(mailsOf(who, sentBefore)).toEqual([]);
    // The other parent's work went on: their files, their confirmation mail, their sign-up.
    expect(await traces(other, [theirs.orderId])).not.toEqual([]);
    expect(mailsOf(other, sentBefore).length).toBeGreaterThanOrEqual(2);
    const cancelled = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from jobs where status = 'cancelled'`,
    );
    expect(cancelled[0]!.n).toBeGreaterThanOrEqual(9);
  }, 120_000);

  it('fences a job that is running when the erasure comes: the files it renders are not stored, the sign-up it asks for is not made', async () => {
    const who = person(2, 'Ojārs');
    const { orderId } = await paidOrder(who);
    const sentBefore = received.length;
    // The confirmation mail (mails run first) reaches the relay, and the erasure comes while the
    // relay takes it: the job goes on to sign the parent up for the newsletter, behind the fence.
    onMail.set(who.email, async () => {
      onMail.delete(who.email);
      await erase(who);
    });
    await t.database.db.execute(sql`update orders set status = 'cancelled' where id = ${orderId}`);
    await runEverythingDue();
    expect(onMail.has(who.email)).toBe(false);
    // The one mail that left is the one that was on its way when the erasure came.
    expect(mailsOf(who, sentBefore)).toHaveLength(1);
    expect(await traces(who, [orderId])).toEqual([]);
  });

  it('fences a print job that renders while the erasure comes', async () => {
    const who = { ...person(2, 'Gunārs'), email: 'erase.me.render@example.lv' };
    const { orderId } = await paidOrder(who);
    // Delivered (its details are no longer needed: the erasure anonymises it), its print job
    // still queued.
    await t.database.db.execute(sql`update orders set status = 'delivered' where id = ${orderId}`);
    // Mails first: the confirmation goes before the print job starts.
    await t.database.db.execute(
      sql`update jobs set run_after = now() + interval '1 hour' where payload->>'orderId' = ${orderId} and kind = 'print-files'`,
    );
    await t.checkout.jobs.runUntilIdle();
    let erasedWhileRendering = false;
    whileRendering.set(who.child, async () => {
      whileRendering.delete(who.child);
      expect((await erase(who)).ordersAnonymised).toBe(1);
      erasedWhileRendering = true;
    });
    await runEverythingDue();
    expect(erasedWhileRendering).toBe(true);
    expect(await traces(who, [orderId])).toEqual([]);
  });
});
