import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Paged } from '#contract/admin.ts';
import { auditLog } from '#server/db/schema/staff.ts';
import { AdminClient, adminApp, createStaff, type AdminApp } from './admin-helpers.ts';
import { insertPaidOrder, insertPrintFiles } from './admin-orders-fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 31, finding 6: the audit log records who did what, when and from where (the client's
// address, here from X-Forwarded-For behind a trusted proxy) for sign-ins, failed sign-ins, order
// views, each print file downloaded, subscriber and message views, exports and status changes;
// and it is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).

let t: TestApp;
let app: AdminApp;
let owner: AdminClient;
let staff: AdminClient;
const OWNER_ADDRESS = '198.51.100.23';
const STAFF_ADDRESS = '2001:db8:1:2::77';

/** A browser behind our proxy at `address`. */
async function signInFrom(
  address: string,
  email: string,
  role: 'owner' | 'staff',
): Promise<AdminClient> {
  const account = await createStaff(t.database, email, role);
  const client = new AdminClient(app);
  const send = client.send.bind(client);
  client.send = (path, init = {}) =>
    send(path, {
      ...init,
      headers: {
        ...Object.fromEntries(new Headers(init.headers)),
        'X-Forwarded-For': `10.9.9.9, ${address}`,
      },
    });
  expect((await client.signIn(email, account.password)).status).toBe(200);
  return client;
}

async function entries(): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (let page = 1; ; page += 1) {
    const log = await owner.json<Paged<AuditEntry>>(`/api/admin/audit?page=${page}`);
    all.push(...log.rows);
    if (page * log.pageSize >= log.total) return all;
  }
}

/** The newest entry of `action` by `who`. */
async function latest(action: string, who: string): Promise<AuditEntry | undefined> {
  return (await entries()).find((entry) => entry.action === action && entry.staffEmail === who);
}

beforeAll(async () => {
  t = await createTestApp();
  app = adminApp(t.database, { messaging: { trustProxy: true } });
  owner = await signInFrom(OWNER_ADDRESS, 'boss@example.com', 'owner');
  staff = await signInFrom(STAFF_ADDRESS, 'packer@example.com', 'staff');
});
afterAll(async () => {
  await t.close();
});

describe('the audit log records', () => {
  it('sign-ins and failed sign-ins, with the client’s address', async () => {
    const signIn = await latest('session.signIn', 'boss@example.com');
    expect(signIn).toMatchObject({ clientAddress: OWNER_ADDRESS, targetType: 'staff' });
    expect(Date.parse(signIn!.createdAt)).not.toBeNaN();
    const wrong = new AdminClient(app);
    const res = await wrong.send('/api/admin/session', {
      method: 'POST',
      json: { email: 'Packer@Example.com', password: 'not-it' },
      headers: { 'X-Forwarded-For': '203.0.113.50' },
    });
    expect(res.status).toBe(401);
    expect(await latest('session.signInFailed', 'packer@example.com')).toMatchObject({
      clientAddress: '203.0.113.50',
    });
    // An address with no account is not kept as typed.
    await wrong.send('/api/admin/session', {
      method: 'POST',
      json: { email: 'nobody.private@example.com', password: 'x' },
      headers: { 'X-Forwarded-For': '203.0.113.51' },
    });
    const unknown = (await entries()).find(
      (e) => e.action === 'session.signInFailed' && e.clientAddress === '203.0.113.51',
    );
    expect(unknown?.staffEmail).toBe('(no such account)');
    expect(JSON.stringify(await entries())).not.toContain('nobody.private');
  });

  it('order views, each print file downloaded, the print zip and status changes', async () => {
    const order = await insertPaidOrder(t.database, {
      orderNumber: 'SM-2026-00300',
      children: ['Anna'],
      status: 'in_production',
      editionNumbers: true,
    });
    await insertPrintFiles(t.database, order.orderId, order.itemIds[0]!);
    expect((await staff.send(`/api/admin/orders/${order.orderId}`)).status).toBe(200);
    expect(await latest('order.view', 'packer@example.com')).toMatchObject({
      targetType: 'order',
      targetId: order.orderId,
      clientAddress: STAFF_ADDRESS,
    });

    for (const file of ['interior', 'cover'] as const) {
      expect(
        (
          await staff.send(
            `/api/admin/orders/${order.orderId}/items/${order.itemIds[0]}/${file}.pdf`,
          )
        ).status,
      ).toBe(200);
    }
    const downloads = (await entries()).filter(
      (e) => e.action === 'order.printFile' && e.staffEmail === 'packer@example.com',
    );
    expect(downloads.map((e) => (e.after as { file: string }).file).sort()).toEqual([
      'cover',
      'interior',
    ]);
    expect(downloads[0]).toMatchObject({
      targetId: order.orderId,
      clientAddress: STAFF_ADDRESS,
      after: { itemId: order.itemIds[0] },
    });

    expect((await staff.send('/api/admin/print-files.zip')).status).toBe(200);
    expect(await latest('order.printZip', 'packer@example.com')).toMatchObject({
      clientAddress: STAFF_ADDRESS,
      after: { files: 3 },
    });

    const shipped = await staff.send(`/api/admin/orders/${order.orderId}/status`, {
      method: 'POST',
      json: { to: 'shipped', trackingNumber: 'LV123', trackingUrl: 'https://track.example/LV123' },
    });
    expect(shipped.status).toBe(200);
    expect(await latest('order.status', 'packer@example.com')).toMatchObject({
      targetId: order.orderId,
      clientAddress: STAFF_ADDRESS,
      before: { status: 'in_production' },
      after: { status: 'shipped', trackingNumber: 'LV123' },
    });
    // A page that does not exist is no view.
    const views = (await entries()).filter((e) => e.action === 'order.view').length;
    expect((await staff.send(`/api/admin/orders/${'A'.repeat(24)}`)).status).toBe(404);
    expect((await entries()).filter((e) => e.action === 'order.view')).toHaveLength(views);
  });

  it('subscriber-list and message views, the survey and the subscribers export', async () => {
    expect((await owner.send('/api/admin/subscribers?state=confirmed&page=1')).status).toBe(200);
    expect(await latest('subscribers.list', 'boss@example.com')).toMatchObject({
      clientAddress: OWNER_ADDRESS,
      after: { state: 'confirmed', page: 1 },
    });
    expect((await owner.send('/api/admin/subscribers/confirmed.csv')).status).toBe(200);
    expect(await latest('subscribers.export', 'boss@example.com')).toMatchObject({
      clientAddress: OWNER_ADDRESS,
    });
    expect((await staff.send('/api/admin/messages?state=open')).status).toBe(200);
    expect(await latest('messages.list', 'packer@example.com')).toMatchObject({
      clientAddress: STAFF_ADDRESS,
      after: { state: 'open' },
    });
    expect((await owner.send('/api/admin/survey')).status).toBe(200);
    expect(await latest('survey.view', 'boss@example.com')).toMatchObject({
      clientAddress: OWNER_ADDRESS,
    });
    // A refused call (staff may not read the subscribers) records nothing.
    expect((await staff.send('/api/admin/subscribers')).status).toBe(403);
    expect(await latest('subscribers.list', 'packer@example.com')).toBeUndefined();
  });

  it('sign-outs, and staff changes with the owner’s address', async () => {
    expect(
      (
        await owner.send('/api/admin/staff', {
          method: 'POST',
          json: { email: 'temp@example.com', role: 'staff' },
        })
      ).status,
    ).toBe(201);
    expect(await latest('staff.add', 'boss@example.com')).toMatchObject({
      clientAddress: OWNER_ADDRESS,
    });
    const leaving = await signInFrom('192.0.2.99', 'leaving@example.com', 'staff');
    expect((await leaving.send('/api/admin/session', { method: 'DELETE' })).status).toBe(204);
    expect(await latest('session.signOut', 'leaving@example.com')).toMatchObject({
      clientAddress: '192.0.2.99',
    });
  });
});

describe('the audit log', () => {
  it('is append-only: the database refuses to change, delete or truncate its rows', async () => {
    const { db } = t.database;
    const before = await db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(5);
    await expect(
      db.update(auditLog).set({ staffEmail: 'someone-else@example.com' }),
    ).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await db.select().from(auditLog)).toEqual(before);
  });

  it('lets a retention job remove only rows older than two years (the addresses in them are personal data)', async () => {
    const { db } = t.database;
    const old = new Date(Date.now() - 3 * 365 * 86_400_000);
    const recent = new Date(Date.now() - 700 * 86_400_000);
    await db.insert(auditLog).values([
      {
        staffEmail: 'gone@example.com',
        action: 'session.signIn',
        clientAddress: '192.0.2.1',
        createdAt: old,
      },
      {
        staffEmail: 'gone@example.com',
        action: 'session.signIn',
        clientAddress: '192.0.2.2',
        createdAt: recent,
      },
    ]);
    await expect(
      db.delete(auditLog).where(sql`${auditLog.createdAt} = ${recent}`),
    ).rejects.toThrow();
    await expect(
      db
        .update(auditLog)
        .set({ clientAddress: null })
        .where(sql`${auditLog.createdAt} = ${old}`),
    ).rejects.toThrow();
    await db.delete(auditLog).where(sql`${auditLog.createdAt} < now() - interval '2 years'`);
    const left = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.staffEmail} = 'gone@example.com'`);
    expect(left.map((row) => row.clientAddress)).toEqual(['192.0.2.2']);
  });
});
