import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordCost } from '#server/services/staff/passwords.ts';
import { addStaff } from '#server/services/staff/staff-accounts.ts';
import { adminApp, type AdminApp } from './admin-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Issue #44, item 3: sign-ins for accounts that do not exist, each hashed like a wrong password
// (128 MiB and a core for about a second), kept every thread of the pool busy and stalled the
// shop. The hashes now run within limits (services/staff/passwords.ts HashGate): here one at a
// time, two waiting, one per client address; the rest is refused before anything is hashed, the
// same for a known account with a wrong password as for an unknown address.

/** A cost whose hash (~0.1-0.5 s here) outlasts the database work of a whole burst: every request meets the queue. */
const COST: PasswordCost = { N: 2 ** 15, r: 8, p: 1 };
const OWNER = { email: 'flood-owner@example.com', password: 'the owner’s own password' };

let t: TestApp;
let app: AdminApp;

beforeAll(async () => {
  t = await createTestApp();
  app = adminApp(t.database, {
    admin: {
      passwordCost: COST,
      hashLimits: { concurrent: 1, waiting: 2, perClient: 1 },
      // The per-address and per-account counters are tested on their own (admin-sign-in-limits).
      signInLimits: { perClient: 10_000, perAccount: 10_000, accountCeiling: 10_000 },
    },
    messaging: { trustProxy: true },
  });
  await addStaff(
    { db: t.database.db, now: () => new Date(), passwordCost: COST },
    { staffId: null, email: 'command line' },
    { email: OWNER.email, role: 'owner', password: OWNER.password },
  );
});
afterAll(async () => {
  await t.close();
});

/** A sign-in from `address` (behind the trusted proxy), as a browser on the shop's pages sends it. */
function signIn(address: string, email: string, password: string): Promise<Response> {
  return Promise.resolve(
    app.request('/api/admin/session', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://localhost:3000',
        'X-Forwarded-For': address,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
}

/** Sends them all at once; answers each status with its code and whether it says when to retry. */
async function burst(requests: (() => Promise<Response>)[]) {
  const answers = await Promise.all(requests.map((send) => send()));
  return Promise.all(
    answers.map(async (res) => {
      const body = (await res.json()) as { code?: string };
      const retry = Number(res.headers.get('Retry-After'));
      return `${res.status} ${body.code ?? ''}${res.status === 429 && retry >= 1 ? ' retry' : ''}`;
    }),
  );
}

const tally = (answers: string[]) =>
  Object.fromEntries(
    [...new Set(answers)].sort().map((a) => [a, answers.filter((b) => b === a).length]),
  );

describe('sign-ins for accounts that do not exist, all at once', () => {
  it('from one address: one is checked, the rest refused before hashing', async () => {
    const answers = await burst(
      Array.from(
        { length: 8 },
        (_, i) => () => signIn('198.51.100.7', `nobody-${i}@example.com`, 'guess'),
      ),
    );
    expect(tally(answers)).toEqual({
      '401 invalid_credentials': 1,
      '429 sign_in_busy retry': 7,
    });
  });

  it('from eight addresses: one runs and two wait, the rest are refused; a wrong password for the real account is answered the same', async () => {
    const unknown = await burst(
      Array.from(
        { length: 8 },
        (_, i) => () => signIn(`203.0.113.${i + 1}`, `nobody-${i}@example.com`, 'guess'),
      ),
    );
    const known = await burst(
      Array.from(
        { length: 8 },
        (_, i) => () => signIn(`203.0.113.${i + 101}`, OWNER.email, `wrong-${i}`),
      ),
    );
    expect(tally(unknown)).toEqual({
      '401 invalid_credentials': 3,
      '429 sign_in_busy retry': 5,
    });
    expect(tally(known)).toEqual(tally(unknown));
  });

  it('leaves the owner signing in once the burst is over', async () => {
    const res = await signIn('192.0.2.1', OWNER.email, OWNER.password);
    expect(res.status).toBe(200);
  });
});
