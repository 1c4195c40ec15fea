import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Paged } from '#contract/admin.ts';
import type { PersonalDataErasure, PersonalDataExport } from '#contract/personal-data.ts';
import { adminApp, AdminClient, signedIn } from './admin-helpers.ts';
import { fakePrinter, initiate } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, type Send } from './mail-helpers.ts';
import {
  answerSurvey,
  contact,
  endOrder,
  paidOrder,
  rows,
  signUp,
  unpaidOrder,
} from './retention-helpers.ts';

let t: TestApp;
let send: Send;
let owner: AdminClient;
let staff: AdminClient;
const ids: Record<string, string> = {};
const PARENT = { email: 'Liga.Berzina@example.lv', child: 'Marta' };
const OTHER = { email: 'other@example.com', child: 'Teodors' };

async function exportOf(email: string): Promise<PersonalDataExport> {
  return owner.json<PersonalDataExport>('/api/admin/personal-data/export', {
    method: 'POST',
    json: { email },
  });
}

beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
  send = appWith(t.database);
  const app = adminApp(t.database);
  owner = await signedIn(app, t.database, 'owner@example.com', 'owner');
  staff = await signedIn(app, t.database, 'staff@example.com', 'staff');

  ids.delivered = await paidOrder(t, PARENT);
  await endOrder(t, ids.delivered, 'delivered', new Date(Date.now() - 30 * 24 * 60 * 60_000));
  ids.underWay = await paidOrder(t, { ...PARENT, child: 'Pēteris' });
  ids.cart = await unpaidOrder(t, { ...PARENT, child: 'Jurģis' });
  // The parent is on the payment page of this one.
  ids.paying = await unpaidOrder(t, { ...PARENT, child: 'Ilze' });
  await initiate(t, ids.paying);
  const signup = await signUp(t, send, 'liga.berzina@example.lv', true);
  await answerSurvey(send, signup, 'sports');
  await contact(
    send,
    'Līga Bērziņa',
    'liga.berzina@example.lv',
    'Vai Martas grāmatu var piegādāt uz Cēsīm?',
  );

  ids.other = await paidOrder(t, OTHER);
  const otherSignup = await signUp(t, send, OTHER.email, true);
  await answerSurvey(send, otherSignup, 'arts');
  await contact(send, 'Other Parent', OTHER.email, 'Where is Teodors’ book?');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/personal-data/export', () => {
  it('answers everything the shop holds for the address (any case), and nothing of another address', async () => {
    const res = await owner.send('/api/admin/personal-data/export', {
      method: 'POST',
      json: { email: '  LIGA.berzina@EXAMPLE.lv ' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="storymade-personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = (await res.json()) as PersonalDataExport;
    expect(data.email).toBe('liga.berzina@example.lv');

    expect(
      data.orders.map((order) => [order.status, order.books.map((book) => book.childName)]),
    ).toEqual([
      ['delivered', ['Marta']],
      ['paid', ['Pēteris']],
      ['cart', ['Jurģis']],
      ['awaiting_payment', ['Ilze']],
    ]);
    const [delivered] = data.orders;
    expect(delivered!.orderNumber).toMatch(/^SM-\d{4}-\d{5}$/);
    expect(delivered!.books[0]).toMatchObject({
      dadName: 'Tom',
      mumName: 'Anna',
      dedication: 'For Marta, who never gives up.',
    });
    expect(delivered!.deliveryDetails).toMatchObject({
      email: PARENT.email,
      phone: '+37120000000',
      shippingAddress: { firstName: 'Anna', address1: 'Brīvības iela 1', city: 'Rīga' },
    });
    expect(delivered!.snapshots).toEqual([
      expect.objectContaining({
        email: PARENT.email,
        books: [expect.objectContaining({ childName: 'Marta' })],
      }),
    ]);
    expect(delivered!.payments).toEqual([
      expect.objectContaining({ provider: 'sandbox', status: 'paid', currencyCode: 'GBP' }),
    ]);
    expect(delivered!.statusHistory.map((step) => step.to)).toEqual([
      'awaiting_payment',
      'paid',
      'delivered',
    ]);
    expect(delivered!.printFiles.map((file) => file.kind).sort()).toEqual([
      'cover',
      'endpapers',
      'interior',
      'packing-slip',
      'proof',
    ]);

    expect(data.newsletter).toMatchObject({
      email: 'liga.berzina@example.lv',
      preferredLanguage: 'lv',
      confirmedAt: expect.any(String),
    });
    expect(data.newsletter!.signups[0]!.surveyAnswers[0]).toMatchObject({
      questionId: 1,
      responseText: 'sports',
    });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        fromName: 'Līga Bērziņa',
        message: 'Vai Martas grāmatu var piegādāt uz Cēsīm?',
      }),
    ]);
    // The order confirmations and the newsletter's mail to the parent, and the contact form's mail
    // to the shop on the parent's behalf (Reply-To).
    expect(data.mails.length).toBeGreaterThanOrEqual(4);
    for (const mail of data.mails)
      expect(`${mail.to} ${mail.replyTo}`.toLowerCase()).toContain('liga.berzina@example.lv');
    expect(data.mails.filter((mail) => mail.replyTo !== null)).toEqual([
      expect.objectContaining({ text: expect.stringContaining('Cēsīm') }),
    ]);

    const text = JSON.stringify(data);
    for (const foreign of [OTHER.email, OTHER.child, 'arts', 'Where is'])
      expect(text).not.toContain(foreign);
    expect(
      data.mails.find((mail) => mail.subject.includes(delivered!.orderNumber!))!.text,
    ).toContain('/order-status/[removed]');
    // No id or reference that opens an order, a payment or a subscription, in the data or the mails' links.
    const secrets = await rows<{ id: string }>(
      t,
      sql`select id from orders union all select reference from payments union all select provider_reference from payments
          union all select unsubscribe_token from subscribers union all select confirm_token from signups union all select id from signups`,
    );
    for (const { id } of secrets) expect(text).not.toContain(id);
  });

  it('answers an empty export for an address the shop does not know', async () => {
    expect(await exportOf('nobody@example.com')).toMatchObject({
      orders: [],
      newsletter: null,
      contactMessages: [],
      mails: [],
    });
  });
});

describe('POST /api/admin/personal-data/erase', () => {
  it('anonymises the finished order, deletes the cart, keeps the orders under way (made or being paid), removes the newsletter, messages and mails', async () => {
    const before = await exportOf(PARENT.email);
    const underWay = before.orders.find((order) => order.status === 'paid')!;
    const erased = await owner.json<PersonalDataErasure>('/api/admin/personal-data/erase', {
      method: 'POST',
      json: { email: PARENT.email },
    });
    expect(erased).toEqual({
      ordersAnonymised: 1,
      ordersDeleted: 1,
      ordersKept: [
        { orderNumber: underWay.orderNumber, status: 'paid' },
        { orderNumber: null, status: 'awaiting_payment' },
      ],
      newsletterRemoved: true,
      messagesDeleted: 1,
      mailsDeleted: before.mails.length,
    });

    // A second export finds only what must be kept: the order still to be made and delivered, and
    // the one whose payment may still arrive.
    const after = await exportOf(PARENT.email);
    expect(after).toMatchObject({ newsletter: null, contactMessages: [], mails: [] });
    expect(after.orders.map((order) => [order.orderNumber, order.status])).toEqual([
      [underWay.orderNumber, 'paid'],
      [null, 'awaiting_payment'],
    ]);

    // The finished order keeps its number, amounts and steps for the books of account.
    const [kept] = await rows<{
      email: string;
      items: { childName: string }[];
      total_minor: number;
      anonymised: boolean;
    }>(
      t,
      sql`select s.email, s.items, s.total_minor, o.anonymised_at is not null as anonymised from order_snapshots s join orders o on o.id = s.order_id where s.order_id = ${ids.delivered}`,
    );
    expect(kept).toMatchObject({
      email: '',
      items: [{ childName: '' }],
      total_minor: before.orders[0]!.snapshots[0]!.totalMinor,
      anonymised: true,
    });
    expect((await t.request(`/api/order/${ids.cart}/status`)).status).toBe(404);
    expect(await rows(t, sql`select 1 from print_files where order_id = ${ids.delivered}`)).toEqual(
      [],
    );
    expect(
      await rows(t, sql`select 1 from print_files where order_id = ${ids.underWay}`),
    ).not.toEqual([]);

    // Another parent's data is untouched.
    const other = await exportOf(OTHER.email);
    expect(other.orders.map((order) => order.books[0]!.childName)).toEqual([OTHER.child]);
    expect(other).toMatchObject({
      newsletter: { email: OTHER.email },
      contactMessages: [{ fromName: 'Other Parent' }],
    });

    // Erasing again finds nothing more to erase.
    expect(
      await owner.json<PersonalDataErasure>('/api/admin/personal-data/erase', {
        method: 'POST',
        json: { email: PARENT.email },
      }),
    ).toMatchObject({
      ordersAnonymised: 0,
      ordersDeleted: 0,
      newsletterRemoved: false,
      messagesDeleted: 0,
      mailsDeleted: 0,
    });
  });

  it('leaves the finished order’s invoice with its number, amounts and billing name and address, without the e-mail or the child’s name (issue #44, item 7)', async () => {
    const [invoice] = await rows<{
      display_number: string;
      buyer: { name: string; email: string; address: { address1: string; city: string } };
      lines: { kind: string; title: string; childName?: string; grossMinor: number }[];
      total_minor: number;
    }>(
      t,
      sql`select display_number, buyer, lines, total_minor from invoices where order_id = ${ids.delivered} and kind = 'invoice'`,
    );
    expect(invoice!.display_number).toMatch(/^INV-\d{6}$/);
    expect(invoice!.buyer).toMatchObject({
      name: 'Anna Bērziņa',
      email: '',
      address: { address1: 'Brīvības iela 1', city: 'Rīga' },
    });
    expect(invoice!.lines.filter((line) => line.kind === 'book')).toEqual([
      expect.not.objectContaining({ childName: expect.anything() }),
    ]);
    expect(invoice!.lines.reduce((sum, line) => sum + line.grossMinor, 0)).toBe(
      invoice!.total_minor,
    );
    // The PDF the back office downloads, made from what is stored.
    const res = await owner.send(
      `/api/admin/orders/${ids.delivered}/documents/${invoice!.display_number}.pdf`,
    );
    expect(res.status).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erased-invoice-'));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(invoice!.display_number);
    expect(text).toContain('Anna Bērziņa');
    expect(text).toContain("Book 'You Can Do It', hardcover");
    expect(text).not.toMatch(/Marta|starring|liga\.berzina/i);
    // The parent's other invoice, of the order still under way, is as issued.
    const [kept] = await rows<{ buyer: { email: string }; lines: { childName?: string }[] }>(
      t,
      sql`select buyer, lines from invoices where order_id = ${ids.underWay} and kind = 'invoice'`,
    );
    expect(kept!.buyer.email).toBe(PARENT.email);
    expect(kept!.lines[0]!.childName).toBe('Pēteris');
  });

  it('writes each export and erasure to the audit log, naming the address by its hash only', async () => {
    const audit = await owner.json<Paged<AuditEntry>>('/api/admin/audit');
    const entries = audit.rows.filter((row) => row.action.startsWith('personalData.'));
    expect(entries.map((row) => row.action)).toContain('personalData.erase');
    expect(entries.map((row) => row.action)).toContain('personalData.export');
    for (const entry of entries) {
      expect(entry).toMatchObject({
        staffEmail: 'owner@example.com',
        targetType: 'email',
        targetId: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
    }
    const erasures = entries.filter((row) => row.action === 'personalData.erase');
    expect(erasures.at(-1)!.after).toMatchObject({
      ordersAnonymised: 1,
      ordersDeleted: 1,
      newsletterRemoved: true,
    });
    expect(JSON.stringify(entries).toLowerCase()).not.toContain('liga.berzina');
  });
});

describe('who may ask', () => {
  it('refuses staff (403), a visitor without a session (401), a call without the CSRF token or from another site (403); a bad address is a 400', async () => {
    for (const path of ['/api/admin/personal-data/export', '/api/admin/personal-data/erase']) {
      expect(
        (await staff.send(path, { method: 'POST', json: { email: OTHER.email } })).status,
      ).toBe(403);
      expect(
        (
          await new AdminClient(adminApp(t.database)).send(path, {
            method: 'POST',
            json: { email: OTHER.email },
          })
        ).status,
      ).toBe(401);
      expect(
        (await owner.send(path, { method: 'POST', json: { email: OTHER.email }, csrf: false }))
          .status,
      ).toBe(403);
      expect(
        (
          await owner.send(path, {
            method: 'POST',
            json: { email: OTHER.email },
            headers: { Origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
      const bad = await owner.send(path, { method: 'POST', json: { email: 'not an address' } });
      expect(bad.status).toBe(400);
      expect(
        ((await bad.json()) as { fields: Record<string, string[]> }).fields.email,
      ).toBeDefined();
    }
    expect((await exportOf(OTHER.email)).orders).toHaveLength(1);
  });
});
