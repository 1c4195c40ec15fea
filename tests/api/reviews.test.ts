import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReview, ReviewList } from '#contract/reviews.ts';
import { createApp } from '#server/app.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import type { ClientFiles } from '#server/web/head.ts';
import { AdminClient, createStaff } from './admin-helpers.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, savePayload } from './orders-helpers.ts';
import { endOrder } from './retention-helpers.ts';

const DAY = 86_400_000;
let clock = new Date();
let t: TestApp;

/** A paid order of `email` in `language`, its consent box ticked (or not) before paying. */
async function paidOrder(email: string, consent: boolean, language = 'en-GB', books = 1) {
  const orderId = await readyOrder(t, {
    books,
    overrides: {
      language: language.toLowerCase() as never,
      child: { ...savePayload().child, name: 'Anna' },
    },
    delivery: deliveryPayload({
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
    }),
  });
  if (consent) {
    const res = await t.request(`/api/order/${orderId}/review-consent`, {
      method: 'PUT',
      json: { consent: true },
      ...cartHolder(orderId, language),
    });
    expect(res.status).toBe(200);
  }
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

async function requestMails(email: string) {
  const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, email));
  return rows.filter((mail) => mail.text.includes('/review/'));
}

const linkIn = (text: string, path: 'review' | 'review-stop') => {
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link`);
  return match[1];
};

/** Runs the review scan as the hourly job does, at the test's clock. */
async function runScan() {
  await t.database.db.execute(
    sql`insert into jobs (kind, dedupe_key, payload) values ('review-requests', ${`review-requests:test:${Math.random()}`}, '{}')`,
  );
  await t.checkout.jobs.runUntilIdle();
}

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c86' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'SpyCam', Model: 'GPS 3000', Artist: 'Anna Bērziņa' } } })
    .toBuffer();
}

const validReview = {
  rating: 5,
  text: 'Our son reads it every evening. Lovely!',
  acceptTerms: true,
};

beforeAll(async () => {
  t = await createTestApp({
    checkout: { printRenderer: fakePrinter().render },
    now: () => clock,
  });
});
afterAll(() => t.close());

describe('the consent box at checkout', () => {
  it('is unticked by default, is stored on the order, and answers only the cart holder', async () => {
    const orderId = await readyOrder(t);
    const read = await t.request(`/api/order/${orderId}/review-consent`, cartHolder(orderId));
    expect(await read.json()).toEqual({ consent: false });
    const stranger = await t.browser()(`/api/order/${orderId}/review-consent`, {
      method: 'PUT',
      json: { consent: true },
      ...cartHolder(orderId),
    });
    expect(stranger.status).toBe(403);
    const bad = await t.request(`/api/order/${orderId}/review-consent`, {
      method: 'PUT',
      json: { consent: 'yes' },
      ...cartHolder(orderId),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string[]> }).fields).toHaveProperty(
      'consent',
    );
  });
});

describe('the review request, the form and moderation', () => {
  let agreed: string;
  let formToken: string;
  let stopToken: string;

  it('asks once, only a buyer who agreed, and not before five days after delivery', async () => {
    clock = new Date();
    agreed = await paidOrder('agreed@example.com', true);
    const declined = await paidOrder('declined@example.com', false);
    await endOrder(t, agreed, 'delivered', clock);
    await endOrder(t, declined, 'delivered', clock);

    clock = new Date(Date.now() + 4 * DAY);
    await runScan();
    expect(await requestMails('agreed@example.com')).toHaveLength(0);

    clock = new Date(Date.now() + 6 * DAY);
    await runScan();
    await runScan();
    const mails = await requestMails('agreed@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('How do you like your Storymade book?');
    expect(await requestMails('declined@example.com')).toHaveLength(0);
    formToken = linkIn(mails[0]!.text, 'review');
    stopToken = linkIn(mails[0]!.text, 'review-stop');
    expect(mails[0]!.html).toContain(`/review-stop/${stopToken}`);
  });

  it('refuses a link whose signature is not ours', async () => {
    const forged = `${agreed}.${'A'.repeat(32)}`;
    expect((await t.request(`/api/reviews/form/${forged}`)).status).toBe(404);
    expect((await t.request(`/api/reviews/form/${stopToken}`)).status).toBe(404);
  });

  it('answers field errors for a review that is not complete', async () => {
    expect(await (await t.request(`/api/reviews/form/${formToken}`)).json()).toEqual({
      state: 'open',
      language: 'en-GB',
    });
    const res = await t.request(`/api/reviews/form/${formToken}`, {
      method: 'POST',
      json: { rating: 7, text: 'meh', firstName: 'x'.repeat(51), acceptTerms: false },
    });
    expect(res.status).toBe(400);
    const { fields } = (await res.json()) as { fields: Record<string, string[]> };
    expect(Object.keys(fields).sort()).toEqual(['acceptTerms', 'firstName', 'rating', 'text']);
    const hidden = await t.request(`/api/reviews/form/${formToken}`, {
      method: 'POST',
      json: { ...validReview, text: 'Great book\u202Egnp.exe for us all' },
    });
    expect(hidden.status).toBe(400);
    expect(((await hidden.json()) as { fields: Record<string, string[]> }).fields).toHaveProperty(
      'text',
    );
    const notAPicture = await t.request(`/api/reviews/form/${formToken}`, {
      method: 'POST',
      json: { ...validReview, photo: Buffer.from('<svg></svg>').toString('base64') },
    });
    expect(notAPicture.status).toBe(400);
    expect(
      ((await notAPicture.json()) as { fields: Record<string, string[]> }).fields,
    ).toHaveProperty('photo');
  });

  it('stores one review per order, with the photo re-encoded, smaller and without its EXIF', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await t.request(`/api/reviews/form/${formToken}`, {
      method: 'POST',
      json: {
        ...validReview,
        firstName: '  Laura ',
        city: 'Rīga',
        photo: original.toString('base64'),
      },
    });
    expect(res.status).toBe(201);
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.orderId, agreed));
    expect(stored).toMatchObject({
      status: 'pending',
      rating: 5,
      firstName: 'Laura',
      city: 'Rīga',
      language: 'en-GB',
    });
    const meta = await sharp(stored!.photo!).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(stored!.photo!.includes(Buffer.from('SpyCam'))).toBe(false);

    const again = await t.request(`/api/reviews/form/${formToken}`, {
      method: 'POST',
      json: validReview,
    });
    expect(again.status).toBe(409);
    expect(await (await t.request(`/api/reviews/form/${formToken}`)).json()).toMatchObject({
      state: 'reviewed',
    });
  });

  it('shows nothing until the owner approves; the decision is audit-logged; the list is per language', async () => {
    const before = (await (await t.request('/api/reviews?language=en-GB')).json()) as ReviewList;
    expect(before).toEqual({ reviews: [], rating: null });

    const owner = await createStaff(t.database, 'owner@example.com', 'owner');
    const admin = new AdminClient(t.app);
    expect((await admin.signIn(owner.email, owner.password)).status).toBe(200);
    const pending = await admin.json<{ rows: AdminReview[] }>('/api/admin/reviews?status=pending');
    expect(pending.rows.map((row) => row.orderId)).toEqual([agreed]);
    const id = pending.rows[0]!.id;
    expect((await admin.send(`/api/admin/reviews/${id}/photo.webp`)).status).toBe(200);
    expect((await t.request(`/api/reviews/${id}/photo.webp`)).status).toBe(404);

    const bad = await admin.send(`/api/admin/reviews/${id}`, {
      method: 'PATCH',
      json: { status: 'maybe' },
    });
    expect(bad.status).toBe(400);
    const approved = await admin.json<AdminReview>(`/api/admin/reviews/${id}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    expect(approved.status).toBe('approved');
    const audit = await t.database.db.execute<{
      action: string;
      target_id: string;
      staff_email: string;
    }>(sql`select action, target_id, staff_email from audit_log where action like 'review.%'`);
    expect((audit as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'review.approve', target_id: String(id), staff_email: 'owner@example.com' },
    ]);

    const list = (await (await t.request('/api/reviews?language=en-GB')).json()) as ReviewList;
    expect(list.rating).toEqual({ value: 5, count: 1 });
    expect(list.reviews).toEqual([
      expect.objectContaining({
        id,
        rating: 5,
        firstName: 'Laura',
        city: 'Rīga',
        photoUrl: `/api/reviews/${id}/photo.webp`,
      }),
    ]);
    expect((await t.request(`/api/reviews/${id}/photo.webp`)).status).toBe(200);
    const latvian = (await (await t.request('/api/reviews?language=lv')).json()) as ReviewList;
    expect(latvian).toEqual({ reviews: [], rating: null });
    expect((await t.request('/api/reviews?language=de')).status).toBe(400);

    await admin.json(`/api/admin/reviews/${id}`, { method: 'PATCH', json: { status: 'rejected' } });
    const gone = (await (await t.request('/api/reviews?language=en-GB')).json()) as ReviewList;
    expect(gone).toEqual({ reviews: [], rating: null });
    await admin.json(`/api/admin/reviews/${id}`, { method: 'PATCH', json: { status: 'approved' } });
  });

  it('a staff member who is not the owner cannot moderate', async () => {
    const staff = await createStaff(t.database, 'staff@example.com', 'staff');
    const admin = new AdminClient(t.app);
    await admin.signIn(staff.email, staff.password);
    expect((await admin.send('/api/admin/reviews')).status).toBe(403);
  });

  it('the stop link withdraws the consent, with no sign-in', async () => {
    const res = await t.request(`/api/reviews/stop/${stopToken}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const rows = await t.database.db.execute<{ review_consent: boolean }>(
      sql`select review_consent from orders where id = ${agreed}`,
    );
    expect(
      (rows as unknown as { rows: { review_consent: boolean }[] }).rows[0]?.review_consent,
    ).toBe(false);
  });

  it('a buyer who stops before the mail goes is not asked', async () => {
    clock = new Date();
    const orderId = await paidOrder('changed-mind@example.com', true, 'lv');
    await endOrder(t, orderId, 'delivered', clock);
    await t.database.db.execute(
      sql`update orders set review_consent = false where id = ${orderId}`,
    );
    clock = new Date(Date.now() + 10 * DAY);
    await runScan();
    expect(await requestMails('changed-mind@example.com')).toHaveLength(0);
  });

  it('the product page carries aggregateRating from the approved reviews of its language only', async () => {
    const files: ClientFiles = {
      dir: '/nowhere',
      indexHtml:
        '<!doctype html><html lang="en-GB"><head><!--head-meta--></head><body><div id="root"></div></body></html>',
      meta: {
        siteName: 'Storymade',
        ogImage: '/og.png',
        routes: [{ path: '/YouCanDoIt', page: 'product', index: true }],
        pages: {},
        products: {
          product: Object.fromEntries(
            (['lv', 'en-GB', 'en-US'] as const).map((language) => [
              language,
              {
                name: 'You can do it',
                description: 'A story',
                image: '/c.webp',
                price: '29.99',
                currency: 'EUR',
              },
            ]),
          ) as never,
        },
      },
    };
    const site = createApp({
      database: t.database,
      client: files,
      publicUrl: 'http://localhost:3000',
    });
    const jsonLd = async (language: string) => {
      const html = await (
        await site.request('/YouCanDoIt', { headers: { Cookie: `LANGUAGE_CODE=${language}` } })
      ).text();
      const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
      return JSON.parse(match![1]!) as Record<string, unknown>;
    };
    expect(await jsonLd('en-GB')).toMatchObject({
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 },
    });
    expect(await jsonLd('lv')).not.toHaveProperty('aggregateRating');
  });
});

describe('what counts as a verified purchase (issue #44, item 6)', () => {
  let owner: AdminClient;
  // Each order's links are used in a window of their own: the per-client limit is 10 in 10 minutes.
  let minutes = 0;
  /** A paid order with consent, delivered, its request mailed: answers the order and its links. */
  async function askedOrder(email: string, books = 1) {
    clock = new Date();
    const orderId = await paidOrder(email, true, 'en-GB', books);
    await endOrder(t, orderId, 'delivered', clock);
    minutes += 11;
    clock = new Date(Date.now() + 6 * DAY + minutes * 60_000);
    await runScan();
    const [mail] = await requestMails(email);
    return { orderId, form: linkIn(mail!.text, 'review'), stop: linkIn(mail!.text, 'review-stop') };
  }
  const post = (token: string) =>
    t.request(`/api/reviews/form/${token}`, { method: 'POST', json: validReview });
  const refund = (orderId: string, scope: 'full' | 'items', itemIds?: string[]) =>
    owner.send(`/api/admin/orders/${orderId}/refunds`, {
      method: 'POST',
      json: {
        scope,
        ...(itemIds ? { itemIds } : {}),
        reason: 'The parcel was lost',
        requestKey: `key-${orderId}-${scope}`,
      },
    });

  beforeAll(async () => {
    const account = await createStaff(t.database, 'verified-owner@example.com', 'owner');
    owner = new AdminClient(t.app);
    expect((await owner.signIn(account.email, account.password)).status).toBe(200);
  });

  it('takes no review after the buyer pressed stop', async () => {
    const { orderId, form, stop } = await askedOrder('stopped@example.com');
    expect((await t.request(`/api/reviews/stop/${stop}`, { method: 'POST' })).status).toBe(200);
    expect(await (await t.request(`/api/reviews/form/${form}`)).json()).toEqual({
      state: 'stopped',
      language: 'en-GB',
    });
    const res = await post(form);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'review_stopped' });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toEqual(
      [],
    );
  });

  it('takes none from a cancelled or fully refunded order, and hides one taken before', async () => {
    const refunded = await askedOrder('refunded@example.com');
    const cancelled = await askedOrder('cancelled@example.com');
    // The review came before the refund: approved, shown with 'verified purchase'.
    expect((await post(refunded.form)).status).toBe(201);
    const [row] = await t.database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.orderId, refunded.orderId));
    await owner.json(`/api/admin/reviews/${row!.id}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    const shown = async () =>
      ((await (await t.request('/api/reviews?language=en-GB')).json()) as ReviewList).reviews.map(
        (review) => review.id,
      );
    expect(await shown()).toContain(row!.id);

    expect((await refund(refunded.orderId, 'full')).status).toBe(201);
    expect(await shown()).not.toContain(row!.id);
    expect((await t.request(`/api/reviews/${row!.id}/photo.webp`)).status).toBe(404);
    const list = (await (await t.request('/api/reviews?language=en-GB')).json()) as ReviewList;
    expect(list.rating?.count ?? 0).toBe(list.reviews.length);

    await endOrder(t, cancelled.orderId, 'cancelled', clock);
    expect(await (await t.request(`/api/reviews/form/${cancelled.form}`)).json()).toMatchObject({
      state: 'closed',
    });
    const res = await post(cancelled.form);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'order_not_kept' });

    // Moderation shows the order's state beside each review.
    const approved = await owner.json<{ rows: AdminReview[] }>(
      '/api/admin/reviews?status=approved',
    );
    expect(approved.rows.find((review) => review.id === row!.id)).toMatchObject({
      orderStatus: 'refunded',
      verifiedPurchase: false,
      partlyRefunded: false,
    });
  });

  it('shows the moderator a partly refunded order and a buyer who stopped since', async () => {
    const { orderId, form, stop } = await askedOrder('partly@example.com', 2);
    expect((await post(form)).status).toBe(201);
    await t.request(`/api/reviews/stop/${stop}`, { method: 'POST' });
    // Two books, one refunded: the order goes on, and its review is still a verified purchase.
    const detail = await owner.json<{ items: { itemId: string }[] }>(
      `/api/admin/orders/${orderId}`,
    );
    expect((await refund(orderId, 'items', [detail.items[1]!.itemId])).status).toBe(201);
    const pending = await owner.json<{ rows: AdminReview[] }>('/api/admin/reviews?status=pending');
    expect(pending.rows.find((review) => review.orderId === orderId)).toMatchObject({
      orderStatus: 'delivered',
      partlyRefunded: true,
      consentWithdrawn: true,
      verifiedPurchase: true,
    });
  });

  it('sends no review request for an order refunded in full before it was due', async () => {
    clock = new Date();
    const orderId = await paidOrder('refunded-early@example.com', true);
    await endOrder(t, orderId, 'delivered', clock);
    expect((await refund(orderId, 'full')).status).toBe(201);
    clock = new Date(Date.now() + 6 * DAY);
    await runScan();
    expect(await requestMails('refunded-early@example.com')).toHaveLength(0);
  });
});

describe('retention', () => {
  it('an anonymised order takes its review with it', async () => {
    const { anonymiseOrders } = await import('#server/services/retention/retention.ts');
    const rows = await t.database.db.select({ orderId: reviews.orderId }).from(reviews);
    expect(rows.length).toBeGreaterThan(0);
    await anonymiseOrders(
      t.database.db,
      rows.map((row) => row.orderId),
      new Date(),
    );
    expect(await t.database.db.select().from(reviews)).toEqual([]);
  });
});

describe('abuse', () => {
  it('limits how often a client may send the form', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n += 1) {
      const res = await t.request(`/api/reviews/form/${'a'.repeat(24)}.${'b'.repeat(32)}`, {
        method: 'POST',
        json: validReview,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 404 || status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
