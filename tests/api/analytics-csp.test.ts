import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { readEnv } from '#server/env.ts';

// The CSP allows Google's tag only when a measurement id is configured (GA_MEASUREMENT_ID).
const database = openDatabase({ kind: 'pglite', dataDir: null });
afterAll(() => database.close());

async function cspOf(
  options: { publicUrl: string; gaMeasurementId?: string },
  path = '/no-such-page',
) {
  const app = createApp({ database, client: null, ...options });
  const res = await app.request(path);
  return res.headers.get('content-security-policy') ?? '';
}

describe('Content-Security-Policy and the analytics tag', () => {
  it('without a measurement id scripts and connections stay on the shop itself', async () => {
    const csp = await cspOf({ publicUrl: 'http://localhost:3000' });
    // The shop's files and, for the inline state scripts of a server-rendered page, this response's nonce.
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}';/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain('unsafe');
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('google');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('API answers, never run as pages, keep the policy without a script nonce', async () => {
    const csp = await cspOf({ publicUrl: 'http://localhost:3000' }, '/api/no-such-route');
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('with a measurement id it allows the tag script from www.googletagmanager.com and its beacons', async () => {
    const csp = await cspOf({
      publicUrl: 'https://storymade.example',
      gaMeasurementId: 'G-ABC123XYZ',
    });
    expect(csp).toMatch(
      /script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' https:\/\/www\.googletagmanager\.com;/,
    );
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toMatch(/img-src 'self' data: blob: [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('upgrade-insecure-requests');
  });

  it('reads GA_MEASUREMENT_ID from the environment and rejects a malformed one', () => {
    expect(readEnv({}).gaMeasurementId).toBeUndefined();
    expect(readEnv({ GA_MEASUREMENT_ID: 'g-abc123xyz' }).gaMeasurementId).toBe('G-ABC123XYZ');
    expect(() => readEnv({ GA_MEASUREMENT_ID: 'UA-1234-5' })).toThrow(
      /GA_MEASUREMENT_ID must look like G-XXXXXXXXXX/,
    );
  });
});
