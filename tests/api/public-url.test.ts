import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePublicUrl, readEnv } from '#server/env.ts';
import { AdminClient, adminApp, createStaff } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue 31, finding 4: PUBLIC_URL is parsed once (WHATWG URL: trimmed, case-insensitive scheme),
// and that one parse decides HSTS, the admin cookie's Secure flag and the sandbox refusal.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let accounts = 0;
const HTTPS_SPELLINGS = [
  'HTTPS://shop.example.com',
  'Https://shop.example.com/',
  ' https://Shop.Example.com',
  '\thttps://shop.example.com:443/ ',
];

describe('PUBLIC_URL', () => {
  it.each(HTTPS_SPELLINGS)(
    '%j is the https shop https://shop.example.com, and refuses the sandbox',
    (spelling) => {
      expect(parsePublicUrl(spelling)).toEqual({ url: 'https://shop.example.com', https: true });
      expect(() => readEnv({ PUBLIC_URL: spelling })).toThrow(
        /PAYMENT_PROVIDER: the sandbox takes no real payments/,
      );
      const env = readEnv({ PUBLIC_URL: spelling, PAYMENT_SANDBOX_ALLOWED: '1' });
      expect(env).toMatchObject({
        publicUrl: 'https://shop.example.com',
        https: true,
        payment: { provider: 'sandbox' },
      });
    },
  );

  it('keeps plain http (a developer’s machine) and a path prefix', () => {
    expect(readEnv({})).toMatchObject({ publicUrl: 'http://localhost:3000', https: false });
    expect(readEnv({ PUBLIC_URL: 'HTTP://LocalHost:8080/' })).toMatchObject({
      publicUrl: 'http://localhost:8080',
      https: false,
    });
    expect(parsePublicUrl('https://example.com/shop/')).toEqual({
      url: 'https://example.com/shop',
      https: true,
    });
  });

  it.each([
    'shop.example.com',
    'https//shop.example.com',
    'ftp://shop.example.com',
    '   ',
    'https://user:pw@shop.example.com',
    'https://shop.example.com/?a=1',
    'https://',
  ])('refuses %j at start with a clear message', (bad) => {
    expect(() => readEnv({ PUBLIC_URL: bad })).toThrow(
      /Invalid configuration:\n {2}PUBLIC_URL: .*like https:\/\/shop\.example\.com/,
    );
  });

  it.each(['HTTPS://shop.example.com', 'Https://shop.example.com', ' https://shop.example.com'])(
    'as %j sends HSTS and a Secure admin cookie',
    async (spelling) => {
      const app = adminApp(t.database, { publicUrl: spelling });
      const health = await app.request('/api/health');
      expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const email = `secure-${(accounts += 1)}@example.com`;
      await createStaff(t.database, email, 'staff', 'secure-password-1');
      const res = await new AdminClient(app, 'https://shop.example.com').signIn(
        email,
        'secure-password-1',
      );
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('sm_admin_session='))).toMatch(
        /;\s*Secure/i,
      );
    },
  );

  it('over plain http sends no HSTS and no Secure cookie', async () => {
    const app = adminApp(t.database, { publicUrl: 'http://localhost:3000' });
    expect((await app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    await createStaff(t.database, 'plain@example.com', 'staff', 'plain-password-1');
    const res = await new AdminClient(app).signIn('plain@example.com', 'plain-password-1');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sm_admin_session='))).not.toMatch(
      /Secure/i,
    );
  });
});
