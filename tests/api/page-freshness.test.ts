import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReviewList } from '#contract/reviews.ts';
import { createApp } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { loadReferenceData } from '#server/db/reference-data.ts';
import { orders } from '#server/db/schema/shop.ts';
import { reviews } from '#server/db/schema/reviews.ts';
import { decideReview } from '#server/services/reviews/reviews.ts';
import { standInClient } from './stand-in-client.ts';
import { createPageCache } from '#server/web/page-cache.ts';
import type { SsrEntry } from '#server/web/ssr.ts';
import { createPostgresDatabase } from '../servers/server-process.ts';
import { newCartKeyCookie, savePayload } from './orders-helpers.ts';
import { openMigratedPglite } from './pglite-template.ts';

// A cached public page asks the database nothing (issues #48, #51): what decides whether it is
// still current (the reviews it shows) is known in memory and pushed by the database's
// announcements, to the server that made the change and to every other server on one PostgreSQL.

const client = standInClient([{ path: '/', page: 'home', index: true }]);

/** A stand-in for the app's server entry: the home page lists the approved reviews it asks the API for. */
const entry: SsrEntry = {
  async render({ language, apiFetch }) {
    const res = await apiFetch!(`http://localhost/api/reviews?language=${language}`);
    const list = (await res.json()) as ReviewList;
    const words = list.reviews.map((review) => review.text).join(' | ');
    return new Response(`<p>${list.reviews.length} reviews: ${words}</p>`);
  },
};

const appOn = (database: Database) =>
  createApp({
    database,
    client,
    publicUrl: 'http://localhost',
    ssr: () => Promise.resolve(entry),
    pageCache: createPageCache(),
  });

/** The home page as a visitor without a cart sees it, and the statements its server sent meanwhile. */
async function home(app: ReturnType<typeof appOn>, database: Database) {
  const before = database.statements();
  const res = await app.request('/', { headers: { Cookie: 'LANGUAGE_CODE=en-GB' } });
  const html = await res.text();
  return { html, statements: database.statements() - before };
}

/** A review of a new order, still pending (not shown). */
async function pendingReview(app: ReturnType<typeof appOn>, database: Database, text: string) {
  const res = await app.request('/api/order', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: newCartKeyCookie() },
    body: JSON.stringify(savePayload()),
  });
  expect(res.status).toBe(201);
  const { orderId } = (await res.json()) as { orderId: string };
  const [row] = await database.db
    .insert(reviews)
    .values({ orderId, language: 'en-GB', rating: 5, text })
    .returning({ id: reviews.id });
  return { orderId, reviewId: row!.id };
}

const OWNER = { staffId: null, email: 'owner@example.com' };

/** Asks `page` until `done` holds for what it answers (at most 3 s): an announcement crosses a connection. */
async function eventually<T>(page: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const value = await page();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a cached page on PGlite', () => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('asks the database nothing, and shows an approved review, or one whose order is cancelled no more, at once', async () => {
    database = await openMigratedPglite();
    const app = appOn(database);
    const { orderId, reviewId } = await pendingReview(app, database, 'Lovely book');
    expect((await home(app, database)).html).toContain('0 reviews');
    const cached = await home(app, database);
    expect(cached.html).toContain('0 reviews');
    expect(cached.statements).toBe(0);

    await decideReview(database.db, OWNER, reviewId, 'approved', new Date());
    expect((await home(app, database)).html).toContain('1 reviews: Lovely book');
    expect((await home(app, database)).statements).toBe(0);

    // Any writer (a refund, the back office, another job): announced by the database itself.
    await database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    expect((await home(app, database)).html).toContain('0 reviews');
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('a cached page on two servers on one PostgreSQL', () => {
  let made: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    await made?.drop();
  });

  it('asks PostgreSQL nothing, and shows a review approved on the other server', async () => {
    made = await createPostgresDatabase(adminUrl!);
    const a = openDatabase({ kind: 'postgres', url: made.url });
    opened.push(a);
    await a.migrate();
    await loadReferenceData(a.db);
    const b = openDatabase({ kind: 'postgres', url: made.url });
    opened.push(b);
    await b.migrate();
    const appA = appOn(a);
    const appB = appOn(b);
    const { orderId, reviewId } = await pendingReview(appA, a, 'Read every night');

    expect((await home(appB, b)).html).toContain('0 reviews');
    const cached = await home(appB, b);
    expect(cached.html).toContain('0 reviews');
    expect(cached.statements).toBe(0);

    await decideReview(a.db, OWNER, reviewId, 'approved', new Date());
    // The server that decided shows it at once; the other as soon as it hears the announcement.
    expect((await home(appA, a)).html).toContain('1 reviews: Read every night');
    const seen = await eventually(
      () => home(appB, b),
      (page) => page.html.includes('1 reviews'),
    );
    expect(seen.html).toContain('1 reviews: Read every night');
    expect((await home(appB, b)).statements).toBe(0);

    await a.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    const hidden = await eventually(
      () => home(appB, b),
      (page) => page.html.includes('0 reviews'),
    );
    expect(hidden.html).toContain('0 reviews');
  });
});
