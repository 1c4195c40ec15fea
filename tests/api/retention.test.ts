import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { readEnv } from '#server/env.ts';
import { createShopJobs } from '#server/shop-jobs.ts';
import { createShopMailer } from '#server/services/notifications/shop-mailer.ts';
import {
  DEFAULT_RETENTION,
  monthsBefore,
  runRetention,
} from '#server/services/retention/retention.ts';
import {
  queueRetention,
  RETENTION_JOB,
  startRetentionSchedule,
} from '#server/services/retention/retention-job.ts';
import { fakePrinter } from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, PUBLIC_URL, type Send } from './mail-helpers.ts';
import {
  backdate,
  contact,
  endOrder,
  idleSince,
  paidOrder,
  rows,
  signUp,
  unpaidOrder,
} from './retention-helpers.ts';

const DAY = 24 * 60 * 60_000;
/** The retention job's clock: the tests date the rows relative to it. */
const NOW = new Date();

describe('the retention rules (RETENTION_* defaults)', () => {
  let t: TestApp;
  let send: Send;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
    send = appWith(t.database);
    ids.old = await paidOrder(t, { email: 'old@example.com', child: 'Oskars' });
    await endOrder(t, ids.old, 'delivered', monthsBefore(NOW, 25));
    ids.recent = await paidOrder(t, { email: 'recent@example.com', child: 'Rasma' });
    await endOrder(t, ids.recent, 'delivered', monthsBefore(NOW, 23));
    ids.cancelled = await paidOrder(t, { email: 'cancelled@example.com', child: 'Kārlis' });
    await endOrder(t, ids.cancelled, 'cancelled', monthsBefore(NOW, 25));
    ids.abandoned = await unpaidOrder(t, { email: 'abandoned@example.com', child: 'Alise' });
    await idleSince(t, ids.abandoned, monthsBefore(NOW, 7));
    ids.saved = await unpaidOrder(t, { email: 'saved@example.com', child: 'Sandra' });
    await idleSince(t, ids.saved, monthsBefore(NOW, 5));

    await signUp(t, send, 'pending-31@example.lv', false);
    await signUp(t, send, 'pending-29@example.lv', false);
    await signUp(t, send, 'confirmed-31@example.lv', true);
    const signupOf = (email: string) =>
      sql`subscriber_id = (select id from subscribers where email = ${email})`;
    for (const [email, days] of [
      ['pending-31@example.lv', 31],
      ['pending-29@example.lv', 29],
      ['confirmed-31@example.lv', 31],
    ] as const) {
      await backdate(t, 'subscribers', sql`email = ${email}`, new Date(NOW.getTime() - days * DAY));
      await backdate(t, 'signups', signupOf(email), new Date(NOW.getTime() - days * DAY));
    }

    await contact(
      send,
      'Vecā Ziņa',
      'old-message@example.lv',
      'Sveiki, vai grāmata būs līdz Ziemassvētkiem?',
    );
    await contact(send, 'Jaunā Ziņa', 'new-message@example.lv', 'Paldies par grāmatu!');
    await backdate(
      t,
      'contact_messages',
      sql`email = 'old-message@example.lv'`,
      monthsBefore(NOW, 13),
    );
    await backdate(
      t,
      'contact_messages',
      sql`email = 'new-message@example.lv'`,
      monthsBefore(NOW, 11),
    );
    // The stored mails of the old order are 7 months old; the recent order's 5.
    await backdate(t, 'outbox_mail', sql`"to" = 'old@example.com'`, monthsBefore(NOW, 7));
    await backdate(t, 'outbox_mail', sql`"to" = 'recent@example.com'`, monthsBefore(NOW, 5));
  });
  afterAll(async () => {
    await t.close();
  });

  it('anonymises the order delivered 25 months ago and keeps the one delivered 23 months ago; a second run changes nothing', async () => {
    const snapshotsOf = (orderId: string) =>
      rows<{
        email: string;
        phone: string;
        shipping: Record<string, unknown>;
        items: { childName: string; dedication: string; dadName: string | null }[];
      }>(
        t,
        sql`select email, phone, shipping_address as shipping, items from order_snapshots where order_id = ${orderId}`,
      );
    const before = await snapshotsOf(ids.old!);
    expect(before[0]).toMatchObject({ email: 'old@example.com', items: [{ childName: 'Oskars' }] });
    const statusBefore = (await (
      await t.request(`/api/order/${ids.old}/status`)
    ).json()) as PlacedOrderStatus;

    const result = await runRetention(t.database.db, DEFAULT_RETENTION, NOW);
    expect(result).toMatchObject({
      ordersAnonymised: 2,
      unpaidOrdersDeleted: 1,
      subscribersDeleted: 1,
      messagesDeleted: 1,
    });

    for (const orderId of [ids.old!, ids.cancelled!]) {
      const [snapshot] = await snapshotsOf(orderId);
      expect(snapshot).toMatchObject({
        email: '',
        phone: '',
        shipping: {
          firstName: '',
          lastName: '',
          address1: '',
          city: '',
          zip: '',
          phone: '',
          countryId: 19,
        },
      });
      expect(snapshot!.items).toEqual([
        expect.objectContaining({
          childName: '',
          dedication: '',
          dadName: null,
          mumName: null,
          coverType: 'hardcover',
        }),
      ]);
      const [details] = await rows<{
        email: string;
        phone: string;
        billing: Record<string, unknown>;
      }>(
        t,
        sql`select email, phone, billing_address as billing from delivery_details where order_id = ${orderId}`,
      );
      expect(details).toMatchObject({
        email: '',
        phone: '',
        billing: { firstName: '', address1: '', countryId: 19 },
      });
      const items = await rows<{
        child_name: string;
        dad_name: string | null;
        mum_name: string | null;
        dedication: string;
      }>(
        t,
        sql`select child_name, dad_name, mum_name, dedication from order_items where order_id = ${orderId}`,
      );
      expect(items).toEqual([{ child_name: '', dad_name: null, mum_name: null, dedication: '' }]);
      expect(await rows(t, sql`select 1 from print_files where order_id = ${orderId}`)).toEqual([]);
      const [placed] = await rows<{ search: string; order_number: string }>(
        t,
        sql`select search, order_number from placed_orders where order_id = ${orderId}`,
      );
      expect(placed!.search).toBe(placed!.order_number.toLowerCase());
    }
    // The accounting side of the order stays: its number, status, amounts and steps.
    const statusAfter = (await (
      await t.request(`/api/order/${ids.old}/status`)
    ).json()) as typeof statusBefore;
    expect(statusAfter).toMatchObject({
      orderNumber: statusBefore.orderNumber,
      status: 'delivered',
      total: statusBefore.total,
    });
    expect(JSON.stringify(statusAfter)).not.toContain('Oskars');

    const [recent] = await snapshotsOf(ids.recent!);
    expect(recent).toMatchObject({
      email: 'recent@example.com',
      shipping: { firstName: 'Anna', address1: 'Brīvības iela 1' },
      items: [{ childName: 'Rasma' }],
    });
    expect(
      await rows(t, sql`select 1 from print_files where order_id = ${ids.recent}`),
    ).not.toEqual([]);

    expect(await runRetention(t.database.db, DEFAULT_RETENTION, NOW)).toEqual({
      ordersAnonymised: 0,
      unpaidOrdersDeleted: 0,
      subscribersDeleted: 0,
      messagesDeleted: 0,
      mailsDeleted: 0,
    });
  });

  it('deleted the unpaid order idle for 7 months and kept the one idle for 5', async () => {
    expect((await t.request(`/api/order/${ids.abandoned}/status`)).status).toBe(404);
    expect(
      await rows(t, sql`select 1 from delivery_details where email = 'abandoned@example.com'`),
    ).toEqual([]);
    expect((await t.request(`/api/delivery/${ids.saved}`)).status).not.toBe(404);
    expect(
      await rows(t, sql`select child_name from order_items where order_id = ${ids.saved}`),
    ).toEqual([{ child_name: 'Sandra' }]);
  });

  it('deleted the sign-up left unconfirmed for 31 days and kept the one of 29 days and the confirmed one', async () => {
    const left = await rows<{ email: string }>(
      t,
      sql`select email from subscribers order by email`,
    );
    expect(left.map((row) => row.email)).toEqual([
      'confirmed-31@example.lv',
      'pending-29@example.lv',
    ]);
  });

  it('deleted the contact message of 13 months and kept the one of 11', async () => {
    const left = await rows<{ email: string }>(t, sql`select email from contact_messages`);
    expect(left.map((row) => row.email)).toEqual(['new-message@example.lv']);
  });

  it('deleted the stored mails older than 6 months', async () => {
    expect(await rows(t, sql`select 1 from outbox_mail where "to" = 'old@example.com'`)).toEqual(
      [],
    );
    expect(
      await rows(t, sql`select 1 from outbox_mail where "to" = 'recent@example.com'`),
    ).not.toEqual([]);
  });
});

describe('the retention job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await contact(appWith(t.database), 'Vecā Ziņa', 'old-message@example.lv', 'Sveiki!');
    await backdate(t, 'contact_messages', sql`true`, monthsBefore(NOW, 13));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is queued once a day and claimed once by two servers running their jobs at the same time', async () => {
    const deps = {
      db: t.database.db,
      mailer: createShopMailer({
        db: t.database.db,
        from: { name: 'Storymade', address: 'hello@example.com' },
      }),
      publicUrl: PUBLIC_URL,
      now: () => NOW,
    };
    const servers = [
      createShopJobs(deps, { jobs: 'manual' }),
      createShopJobs(deps, { jobs: 'manual' }),
    ];
    try {
      const queued = await Promise.all([
        queueRetention(t.database.db, NOW),
        queueRetention(t.database.db, NOW),
      ]);
      expect(queued.sort()).toEqual([false, true]);
      const ran = await Promise.all(servers.map((server) => server.jobs.runUntilIdle()));
      expect(ran[0]! + ran[1]!).toBe(1);
      const jobs = await rows<{ status: string; attempts: number; dedupe_key: string }>(
        t,
        sql`select status, attempts, dedupe_key from jobs where kind = ${RETENTION_JOB}`,
      );
      expect(jobs).toEqual([
        { status: 'done', attempts: 1, dedupe_key: `retention:${NOW.toISOString().slice(0, 10)}` },
      ]);
      expect(await rows(t, sql`select 1 from contact_messages`)).toEqual([]);

      // Each server's schedule queues the day's run at start; the day's run is already done.
      const schedules = servers.map((server) =>
        startRetentionSchedule({ db: t.database.db, jobs: server.jobs, now: () => NOW }),
      );
      schedules.forEach((schedule) => schedule.stop());
      expect(await Promise.all(servers.map((server) => server.jobs.runUntilIdle()))).toEqual([
        0, 0,
      ]);
      // The next day is a new run.
      expect(await queueRetention(t.database.db, new Date(NOW.getTime() + DAY))).toBe(true);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe('RETENTION_* configuration', () => {
  it('defaults to 24 and 6 months for orders, 30 days for sign-ups, 12 months for messages, 6 for mails; nonsense stops the start', () => {
    expect(readEnv({}).retention).toEqual(DEFAULT_RETENTION);
    expect(DEFAULT_RETENTION).toEqual({
      orderMonths: 24,
      unpaidMonths: 6,
      signupDays: 30,
      contactMonths: 12,
      mailMonths: 6,
    });
    expect(
      readEnv({ RETENTION_ORDER_MONTHS: '36', RETENTION_SIGNUP_DAYS: '14' }).retention,
    ).toMatchObject({ orderMonths: 36, signupDays: 14 });
    expect(() => readEnv({ RETENTION_ORDER_MONTHS: 'two years' })).toThrow(
      /RETENTION_ORDER_MONTHS must be a whole number of months/,
    );
    expect(() => readEnv({ RETENTION_CONTACT_MONTHS: '0' })).toThrow(/RETENTION_CONTACT_MONTHS/);
  });
});

describe('the retention of a family book (issue #33)', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it("clears the grown-ups' names in the item's family and in the snapshot's items, and keeps who they are", async () => {
    t = await createTestApp({ checkout: { printRenderer: fakePrinter().render } });
    const orderId = await paidOrder(t, { email: 'mums@example.com', child: 'Ella' });
    const look = { hair: 'mum_hair_1', eyes: 'mum_eyes_1', skin: 'mum_skin_1', accessories: [] };
    const family = {
      shape: 'mum-mum',
      grownUps: [
        { kind: 'mum', name: 'Ilze', call: 'mamma', personalization: look },
        { kind: 'mum', name: 'Anda', call: 'name', personalization: look },
      ],
    };
    const answer = {
      ...family,
      grownUps: family.grownUps.map((g) => ({
        ...g,
        personalization: JSON.stringify(g.personalization),
      })),
    };
    await t.database.db.execute(
      sql`update order_items set family = ${JSON.stringify(family)} where order_id = ${orderId}`,
    );
    await t.database.db.execute(
      sql`update order_snapshots set items = (select jsonb_agg(e.item || jsonb_build_object('family', ${JSON.stringify(answer)}::jsonb)) from jsonb_array_elements(items) as e(item)) where order_id = ${orderId}`,
    );
    await endOrder(t, orderId, 'delivered', monthsBefore(NOW, 25));

    expect(await runRetention(t.database.db, DEFAULT_RETENTION, NOW)).toMatchObject({
      ordersAnonymised: 1,
    });

    const [item] = await rows<{ family: string }>(
      t,
      sql`select family from order_items where order_id = ${orderId}`,
    );
    const stored = JSON.parse(item!.family) as typeof family;
    expect(stored).toEqual({
      ...family,
      grownUps: family.grownUps.map((g) => ({ ...g, name: null })),
    });
    const [snapshot] = await rows<{ items: { childName: string; family: typeof answer }[] }>(
      t,
      sql`select items from order_snapshots where order_id = ${orderId}`,
    );
    expect(snapshot!.items).toEqual([
      expect.objectContaining({
        childName: '',
        family: { ...answer, grownUps: answer.grownUps.map((g) => ({ ...g, name: null })) },
      }),
    ]);
    const everything = JSON.stringify(
      await rows(
        t,
        sql`select i.*, s.items from order_items i join order_snapshots s using (order_id) where i.order_id = ${orderId}`,
      ),
    );
    expect(everything).not.toContain('Ilze');
    expect(everything).not.toContain('Anda');
  });
});
