// @vitest-environment node
import { queryOptions } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatDate } from '#src/lib/dates.ts';
import { createQueryClient } from '#src/lib/query-client.ts';
import { preload } from '#src/lib/query-host.ts';

// What a route loader leaves for the page (on the server, for its HTML and the browser's first render).

describe('preload', () => {
  it('leaves the answer in the cache, asked once', async () => {
    const queryClient = createQueryClient();
    let calls = 0;
    const options = queryOptions({ queryKey: ['answer'], queryFn: async () => ++calls });
    await preload(async () => queryClient, options);
    await preload(async () => queryClient, options);
    expect(queryClient.getQueryData(['answer'])).toBe(1);
    expect(calls).toBe(1);
  });

  it('drops a failed query at once (no retries), so the page shows its loading state as the browser will', async () => {
    const queryClient = createQueryClient();
    let calls = 0;
    const options = queryOptions({
      queryKey: ['broken'],
      retry: 3,
      queryFn: async (): Promise<number> => {
        calls += 1;
        throw new Error('503');
      },
    });
    await expect(preload(async () => queryClient, options)).resolves.toBeUndefined();
    expect(calls).toBe(1);
    expect(queryClient.getQueryState(['broken'])).toBeUndefined();
  });
});

describe('formatDate', () => {
  it('says the day in UTC, the same on the server and in any browser', () => {
    // A time zone 14 hours ahead of UTC: a formatter using the local day would say 24 November.
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    onTestFinished(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });
    expect(formatDate('2026-11-23T23:30:00.000Z', 'en-GB')).toBe('23 November 2026');
    expect(formatDate('2026-11-24T00:30:00.000+02:00', 'en-GB')).toBe('23 November 2026');
    expect(formatDate('2026-12-03', 'lv')).toBe('2026. gada 3. decembris');
  });
});
