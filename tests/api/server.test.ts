import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API shell', () => {
  it('answers health 200 while the database is up', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await res.json()) as { error: string }).error).toMatch(/No API route/);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers a body that is too large with 413 JSON', async () => {
    const res = await t.request('/api/health', {
      method: 'POST',
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: keeps answering after the server ends its idle connections (as on a database restart)',
    async () => {
      const heard: string[] = [];
      const other = await createTestApp({
        onConnectionError: (error) => heard.push(error.message),
      });
      try {
        expect((await other.request('/api/health')).status).toBe(200);
        const current = (await other.database.db.execute(
          sql`select current_database() as name`,
        )) as unknown as {
          rows: { name: string }[];
        };
        const name = current.rows[0]!.name;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const { rows } = await admin.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1',
          [name],
        );
        await admin.end();
        expect(rows.length).toBeGreaterThan(0);
        // The pool hears it (instead of the process dying of an unhandled 'error') and reconnects.
        await expect
          .poll(() => heard)
          .toContainEqual(expect.stringMatching(/terminating connection/));
        const res = await other.request('/api/health');
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
      } finally {
        await other.close();
      }
    },
  );

  it('answers 503 when the database is down', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.request('/api/health');
    expect(res.status).toBe(503);
    await other.close();
  });
});
