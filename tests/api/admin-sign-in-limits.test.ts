import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, Paged } from '#contract/admin.ts';
import { DEFAULT_SIGN_IN_LIMITS, signInDelayMs } from '#server/platform/rate-limits.ts';
import { AdminClient, adminApp, createStaff, signedIn, type AdminApp } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { manualClock } from './mail-helpers.ts';

// Issue 31, findings 2 and 3: the sign-in limit is counted before the password is checked (so a
// burst cannot slip under it), and it locks an account per client address, so an attacker who
// knows the owner's e-mail locks out only their own address. Across addresses the account is
// slowed, never refused. The client's address comes from X-Forwarded-For (TRUST_PROXY=1).

let t: TestApp;
let app: AdminApp;
const clock = manualClock();
/** The shop's limits, with the slowing made short enough for a test (the rules are the same). */
const limits = { ...DEFAULT_SIGN_IN_LIMITS, slowStepMs: 20, slowMaxMs: 100 };

beforeAll(async () => {
  t = await createTestApp();
  app = adminApp(t.database, {
    messaging: { now: clock.now, trustProxy: true },
    admin: { signInLimits: limits },
  });
});
afterAll(async () => {
  await t.close();
});

function signInFrom(address: string, email: string, password: string) {
  return new AdminClient(app).send('/api/admin/session', {
    method: 'POST',
    json: { email, password },
    headers: { 'X-Forwarded-For': address },
  });
}

describe('sign-in limits', () => {
  it('check at most 10 of 20 wrong passwords sent at once for one account', async () => {
    await createStaff(t.database, 'race@example.com', 'owner', 'race-password-right');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signInFrom('203.0.113.7', i % 2 ? 'race@example.com' : ' RACE@Example.com ', `wrong-${i}`),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(
      statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length,
    ).toBe(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    const limited = answers.find((res) => res.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The attacker's address stays locked, even with the right password.
    expect(
      (await signInFrom('203.0.113.7', 'race@example.com', 'race-password-right')).status,
    ).toBe(429);
  });

  it('let the owner sign in from another address while the attacker’s address is locked, whatever the case or spaces of the e-mail', async () => {
    clock.advance(16 * 60_000);
    await createStaff(t.database, 'owner@example.com', 'owner', 'owner-password-right');
    for (let i = 0; i < 10; i += 1) {
      const email = ['owner@example.com', 'OWNER@example.com', '  Owner@Example.COM '][i % 3]!;
      expect((await signInFrom('198.51.100.9', email, `guess-${i}`)).status).toBe(401);
    }
    expect((await signInFrom('198.51.100.9', 'Owner@example.com', 'guess-10')).status).toBe(429);
    expect(
      (await signInFrom('198.51.100.9', 'owner@example.com', 'owner-password-right')).status,
    ).toBe(429);
    // The owner, at home: another address.
    const home = await signInFrom('192.0.2.44', 'owner@example.com', 'owner-password-right');
    expect(home.status).toBe(200);
    // …and still locked for the attacker.
    expect((await signInFrom('198.51.100.9', ' owner@example.com', 'guess-11')).status).toBe(429);
    clock.advance(16 * 60_000);
    expect((await signInFrom('198.51.100.9', 'owner@example.com', 'guess-12')).status).toBe(401);
  });

  it('slow an account guessed from many addresses rather than refuse it: each attempt over the ceiling is answered later', async () => {
    clock.advance(16 * 60_000);
    await createStaff(t.database, 'spread@example.com', 'owner', 'spread-password-right');
    const waits: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const started = performance.now();
      expect((await signInFrom(`10.0.${i}.1`, 'spread@example.com', `guess-${i}`)).status).toBe(
        401,
      );
      waits.push(performance.now() - started);
    }
    // The right password from yet another address: slowed, not refused.
    expect(
      (await signInFrom('10.0.99.1', 'spread@example.com', 'spread-password-right')).status,
    ).toBe(200);
    expect(signInDelayMs(limits, 10)).toBe(0);
    expect(signInDelayMs(limits, 11)).toBe(20);
    expect(signInDelayMs(limits, 1000)).toBe(100);
    expect(signInDelayMs(DEFAULT_SIGN_IN_LIMITS, 15)).toBe(5000);
    // The attempts over the ceiling (the 11th on) waited at least their delay.
    for (let i = 10; i < 14; i += 1)
      expect(waits[i]).toBeGreaterThanOrEqual(signInDelayMs(limits, i + 1) - 2);
  });

  it('are written to the audit log: failed sign-ins, the lock and the slowing, with the client’s address', async () => {
    const owner = await signedIn(app, t.database, 'audit-reader@example.com', 'owner');
    const entries: AuditEntry[] = [];
    for (let page = 1; ; page += 1) {
      const log = await owner.json<Paged<AuditEntry>>(`/api/admin/audit?page=${page}`);
      entries.push(...log.rows);
      if (page * log.pageSize >= log.total) break;
    }
    const of = (action: string, email: string) =>
      entries.filter((e) => e.action === action && e.staffEmail === email);
    expect(of('session.signInFailed', 'owner@example.com').length).toBe(11);
    expect(of('session.signInFailed', 'owner@example.com')[0]!.clientAddress).toBe('198.51.100.9');
    expect(of('session.lockout', 'owner@example.com')).toHaveLength(1);
    expect(of('session.lockout', 'owner@example.com')[0]).toMatchObject({
      clientAddress: '198.51.100.9',
      after: { scope: 'account-and-client' },
    });
    expect(of('session.signIn', 'owner@example.com')[0]).toMatchObject({
      clientAddress: '192.0.2.44',
      targetType: 'staff',
    });
    expect(of('session.slowed', 'spread@example.com')).toHaveLength(1);
    expect(of('session.lockout', 'race@example.com')).toHaveLength(1);
    expect(of('session.signInFailed', 'race@example.com').length).toBeLessThanOrEqual(10);
  });
});
