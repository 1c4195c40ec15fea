import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminSession,
  AuditEntry,
  NewStaffResponse,
  Paged,
  StaffMember,
} from '#contract/admin.ts';
import { staff, staffSessions } from '#server/db/schema/staff.ts';
import { verifyPassword } from '#server/services/staff/passwords.ts';
import {
  AdminClient,
  adminApp,
  createStaff,
  sessionCookieOf,
  signedIn,
  type AdminApp,
} from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { manualClock } from './mail-helpers.ts';

let t: TestApp;
let app: AdminApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp();
  app = adminApp(t.database, {
    messaging: { now: clock.now },
    admin: { signInLimits: { perAccount: 5, perClient: 1000 } },
  });
});
afterAll(async () => {
  await t.close();
});

describe('sign-in', () => {
  it('answers an unknown address and a wrong password alike, and sets no cookie', async () => {
    await createStaff(t.database, 'same@example.com', 'staff', 'the-right-password');
    const client = new AdminClient(app);
    const unknown = await client.signIn('nobody@example.com', 'the-right-password');
    const wrong = await client.signIn('same@example.com', 'a-wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // Alike but for the request id every error answer carries (it names the request, not the reason).
    const { requestId: unknownId, ...unknownBody } = (await unknown.json()) as {
      requestId?: string;
    };
    const { requestId: wrongId, ...wrongBody } = (await wrong.json()) as { requestId?: string };
    expect(unknownBody).toEqual(wrongBody);
    expect([typeof unknownId, typeof wrongId]).toEqual(['string', 'string']);
    expect(sessionCookieOf(unknown)).toBeUndefined();
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie for the admin API only, and keeps only a hash of it', async () => {
    await createStaff(t.database, 'Cookie@Example.com', 'staff', 'cookie-password-1');
    const client = new AdminClient(app);
    const res = await client.signIn('  cookie@example.COM ', 'cookie-password-1');
    expect(res.status).toBe(200);
    const session = (await res.json()) as AdminSession;
    expect(session.staff).toMatchObject({
      email: 'Cookie@Example.com',
      role: 'staff',
      mustChangePassword: false,
    });
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const header = res.headers.getSetCookie().find((c) => c.startsWith('sm_admin_session='))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\/api\/admin/);
    expect(header).not.toMatch(/Secure/);
    const token = client.cookie!.split('=')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await t.database.db.select().from(staffSessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect((await client.send('/api/admin/session')).status).toBe(200);
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    await createStaff(t.database, 'secure@example.com', 'staff', 'secure-password-1');
    const client = new AdminClient(
      adminApp(t.database, { publicUrl: 'https://shop.example', messaging: { now: clock.now } }),
      'https://shop.example',
    );
    const res = await client.signIn('secure@example.com', 'secure-password-1');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sm_admin_session='))).toMatch(
      /Secure/,
    );
  });

  it('stores passwords as salted scrypt hashes', async () => {
    await createStaff(t.database, 'salt-a@example.com', 'staff', 'one-shared-password');
    await createStaff(t.database, 'salt-b@example.com', 'staff', 'one-shared-password');
    const rows = await t.database.db.select().from(staff);
    const a = rows.find((r) => r.email === 'salt-a@example.com')!.passwordHash;
    const b = rows.find((r) => r.email === 'salt-b@example.com')!.passwordHash;
    expect(a).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('one-shared-password');
    expect(await verifyPassword('one-shared-password', a)).toBe(true);
    expect(await verifyPassword('one-shared-passwort', a)).toBe(false);
  });

  it('answers 400 with field errors for a malformed sign-in', async () => {
    const res = await new AdminClient(app).send('/api/admin/session', {
      method: 'POST',
      json: { email: 'x', password: '' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('limits failed sign-ins per account, known or not, even with the right password then', async () => {
    await createStaff(t.database, 'locked@example.com', 'staff', 'locked-password-1');
    const client = new AdminClient(app);
    for (let i = 0; i < 5; i += 1)
      expect((await client.signIn('locked@example.com', `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 5; i += 1)
      expect((await client.signIn('ghost@example.com', `wrong-${i}`)).status).toBe(401);
    const right = await client.signIn('locked@example.com', 'locked-password-1');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.signIn('ghost@example.com', 'anything')).status).toBe(429);
    clock.advance(16 * 60_000);
    expect((await client.signIn('locked@example.com', 'locked-password-1')).status).toBe(200);
  });

  it('limits sign-in attempts per client, counted in the database (a second server instance counts too)', async () => {
    const strict = { signInLimits: { perClient: 3, perAccount: 100 } };
    const one = new AdminClient(
      adminApp(t.database, { messaging: { now: clock.now }, admin: strict }),
    );
    const two = new AdminClient(
      adminApp(t.database, { messaging: { now: clock.now }, admin: strict }),
    );
    clock.advance(16 * 60_000);
    expect((await one.signIn('a@example.com', 'x')).status).toBe(401);
    expect((await two.signIn('b@example.com', 'x')).status).toBe(401);
    expect((await one.signIn('c@example.com', 'x')).status).toBe(401);
    expect((await two.signIn('d@example.com', 'x')).status).toBe(429);
    clock.advance(16 * 60_000);
  });
});

describe('sessions', () => {
  it('signs out: the cookie no longer works and is cleared', async () => {
    const client = await signedIn(app, t.database, 'out@example.com', 'staff');
    const res = await client.send('/api/admin/session', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join()).toMatch(/sm_admin_session=;/);
    expect((await client.send('/api/admin/session')).status).toBe(401);
    expect((await client.send('/api/admin/messages')).status).toBe(401);
  });

  it('ends after two idle hours and after twelve hours in all', async () => {
    const idle = await signedIn(app, t.database, 'idle@example.com', 'staff');
    clock.advance(119 * 60_000);
    expect((await idle.send('/api/admin/session')).status).toBe(200);
    clock.advance(121 * 60_000);
    expect((await idle.send('/api/admin/session')).status).toBe(401);

    const busy = await signedIn(app, t.database, 'busy@example.com', 'staff');
    for (let hour = 0; hour < 11; hour += 1) {
      clock.advance(60 * 60_000);
      expect((await busy.send('/api/admin/session')).status).toBe(200);
    }
    clock.advance(61 * 60_000);
    expect((await busy.send('/api/admin/session')).status).toBe(401);
  });

  it('refuses a state-changing call without the CSRF token, as a form or from another site', async () => {
    const client = await signedIn(app, t.database, 'csrf@example.com', 'staff');
    const noToken = await client.send('/api/admin/session', { method: 'DELETE', csrf: false });
    expect(noToken.status).toBe(403);
    const forged = await client.send('/api/admin/session', {
      method: 'DELETE',
      headers: { 'X-CSRF-Token': 'x'.repeat(32) },
    });
    expect(forged.status).toBe(403);
    const form = await client.send('/api/admin/password', {
      method: 'POST',
      body: 'currentPassword=a&newPassword=b',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
      },
    });
    expect(form.status).toBe(403);
    const text = await client.send('/api/admin/password', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect([403, 415]).toContain(text.status);
    const otherSite = await client.send('/api/admin/session', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example' },
    });
    expect(otherSite.status).toBe(403);
    expect((await client.send('/api/admin/session')).status).toBe(200);
  });
});

describe('a bodiless call without Origin (issue #44, item 9)', () => {
  // No browser sends a DELETE without Origin, so such a call is a script's or curl's: it passes
  // the cross-site rule, and still needs the session and its CSRF token (README, 'Back office').
  const bare = (client: AdminClient, path: string, csrf: boolean) =>
    app.request(path, {
      method: 'DELETE',
      headers: {
        Cookie: client.cookie!,
        ...(csrf ? { 'X-CSRF-Token': client.csrfToken! } : {}),
      },
    });

  it('signs out and removes a staff account with the session and its CSRF token', async () => {
    const owner = await signedIn(app, t.database, 'bare-owner@example.com', 'owner');
    const member = await createStaff(t.database, 'bare-staff@example.com', 'staff');
    expect((await bare(owner, `/api/admin/staff/${member.id}`, true)).status).toBe(204);
    const out = await bare(owner, '/api/admin/session', true);
    expect(out.status).toBe(204);
    expect((await owner.send('/api/admin/session')).status).toBe(401);
  });

  it('is still refused without the CSRF token, or when a browser says another site sent it', async () => {
    const owner = await signedIn(app, t.database, 'bare-owner-2@example.com', 'owner');
    expect((await bare(owner, '/api/admin/session', false)).status).toBe(403);
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await owner.send('/api/admin/session', { method: 'DELETE', headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await owner.send('/api/admin/session')).status).toBe(200);
  });
});

describe('one-time passwords and staff accounts', () => {
  it('lets an owner add staff; the one-time password must be changed before anything else', async () => {
    const owner = await signedIn(app, t.database, 'owner@example.com', 'owner');
    const added = await owner.send('/api/admin/staff', {
      method: 'POST',
      json: { email: 'new@example.com', role: 'staff' },
    });
    expect(added.status).toBe(201);
    const { staff: member, oneTimePassword } = (await added.json()) as NewStaffResponse;
    expect(member).toMatchObject({
      email: 'new@example.com',
      role: 'staff',
      mustChangePassword: true,
    });
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{20}$/);

    const again = await owner.send('/api/admin/staff', {
      method: 'POST',
      json: { email: 'NEW@example.com', role: 'owner' },
    });
    expect(again.status).toBe(409);

    const fresh = new AdminClient(app);
    expect((await fresh.signIn('new@example.com', oneTimePassword)).status).toBe(200);
    const blocked = await fresh.send('/api/admin/messages');
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: 'password_change_required' });
    const short = await fresh.send('/api/admin/password', {
      method: 'POST',
      json: { currentPassword: oneTimePassword, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    const wrong = await fresh.send('/api/admin/password', {
      method: 'POST',
      json: { currentPassword: 'not-it', newPassword: 'a-brand-new-password' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fields: { currentPassword: expect.any(Array) } });
    const changed = await fresh.send('/api/admin/password', {
      method: 'POST',
      json: { currentPassword: oneTimePassword, newPassword: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as AdminSession).staff.mustChangePassword).toBe(false);
    expect((await fresh.send('/api/admin/messages')).status).toBe(200);
    expect((await new AdminClient(app).signIn('new@example.com', oneTimePassword)).status).toBe(
      401,
    );
    expect(
      (await new AdminClient(app).signIn('new@example.com', 'a-brand-new-password')).status,
    ).toBe(200);
  });

  it('does not let staff add or list staff', async () => {
    const member = await signedIn(app, t.database, 'plain@example.com', 'staff');
    const res = await member.send('/api/admin/staff', {
      method: 'POST',
      json: { email: 'sneaky@example.com', role: 'owner' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).not.toHaveProperty('oneTimePassword');
    expect((await member.send('/api/admin/staff')).status).toBe(403);
    expect(
      await t.database.db.select().from(staff).where(eq(staff.emailKey, 'sneaky@example.com')),
    ).toHaveLength(0);
  });

  it('removes an account (its sessions end), but never the owner themselves or the last owner', async () => {
    const owner = await signedIn(app, t.database, 'boss@example.com', 'owner');
    const gone = await signedIn(app, t.database, 'gone@example.com', 'staff');
    const list = await owner.json<StaffMember[]>('/api/admin/staff');
    const goneId = list.find((m) => m.email === 'gone@example.com')!.id;
    const bossId = list.find((m) => m.email === 'boss@example.com')!.id;
    expect((await owner.send(`/api/admin/staff/${goneId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await gone.send('/api/admin/session')).status).toBe(401);
    expect((await owner.send(`/api/admin/staff/${goneId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.send(`/api/admin/staff/${bossId}`, { method: 'DELETE' })).status).toBe(409);
    expect((await owner.json<StaffMember[]>('/api/admin/staff')).map((m) => m.email)).not.toContain(
      'gone@example.com',
    );
  });

  it('writes each action to the audit log: who, what, when, before and after', async () => {
    const owner = await signedIn(app, t.database, 'auditor@example.com', 'owner');
    await owner.send('/api/admin/staff', {
      method: 'POST',
      json: { email: 'audited@example.com', role: 'staff' },
    });
    const log = await owner.json<Paged<AuditEntry>>('/api/admin/audit');
    const added = log.rows.find(
      (e) =>
        e.action === 'staff.add' && (e.after as { email?: string }).email === 'audited@example.com',
    );
    expect(added).toMatchObject({
      staffEmail: 'auditor@example.com',
      targetType: 'staff',
      after: { email: 'audited@example.com', role: 'staff' },
    });
    expect(Date.parse(added!.createdAt)).not.toBeNaN();
    expect(
      log.rows.some((e) => e.action === 'session.signIn' && e.staffEmail === 'auditor@example.com'),
    ).toBe(true);
    expect(
      log.rows.some(
        (e) =>
          e.action === 'staff.remove' &&
          (e.before as { email?: string }).email === 'gone@example.com',
      ),
    ).toBe(true);
    expect(
      log.rows.some(
        (e) => e.action === 'staff.passwordChange' && e.staffEmail === 'new@example.com',
      ),
    ).toBe(true);
    expect(JSON.stringify(log)).not.toMatch(/password-|scrypt\$/);
  });
});
