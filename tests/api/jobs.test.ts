import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { claimJob, createJobRunner, enqueueJob } from '#server/platform/jobs/runner.ts';
import { schedulePeriodic } from '#server/platform/jobs/schedule.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('background jobs', () => {
  it('claims a mail before print files queued earlier, then the rest in order, each once', async () => {
    const db = t.database.db;
    await enqueueJob(db, { kind: 'print-files', dedupeKey: 'print-files:a:1', payload: { n: 1 } });
    await enqueueJob(db, { kind: 'print-files', dedupeKey: 'print-files:a:2', payload: { n: 2 } });
    await enqueueJob(db, {
      kind: 'order-confirmation-mail',
      dedupeKey: 'order-confirmation-mail:a',
      payload: { n: 3 },
    });
    expect(
      await enqueueJob(db, {
        kind: 'print-files',
        dedupeKey: 'print-files:a:1',
        payload: { n: 9 },
      }),
    ).toBe(false);

    const claimed = [];
    for (let job = await claimJob(db); job; job = await claimJob(db)) claimed.push(job.payload);
    expect(claimed).toEqual([{ n: 3 }, { n: 1 }, { n: 2 }]);
  });

  it('a periodic job scheduled by two instances runs once per time slot, plus once at each start', async () => {
    const db = t.database.db;
    const kind = 'test-periodic';
    const ran: string[] = [];
    const runner = (name: string) =>
      createJobRunner({
        db,
        handlers: { [kind]: async (_payload, job) => void ran.push(`${name}:${job.dedupeKey}`) },
      });
    const [one, two] = [runner('one'), runner('two')];
    const everyMs = 150;
    const began = Date.now();
    const stops = [
      schedulePeriodic(db, { kind, everyMs }),
      schedulePeriodic(db, { kind, everyMs }),
    ];
    // Until a few slots have passed (timers run late on a loaded machine).
    const slotRows = async () =>
      Number(
        (
          (await db.execute(
            sql`select count(*) as n from jobs where kind = ${kind} and dedupe_key not like '%:start:%'`,
          )) as unknown as { rows: { n: string }[] }
        ).rows[0]!.n,
      );
    while ((await slotRows()) < 3 && Date.now() - began < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (const stop of stops) stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const slots = Math.ceil((Date.now() - began) / everyMs) + 1;
    await Promise.all([one.runUntilIdle(), two.runUntilIdle()]);
    const keys = ran.map((entry) => entry.slice(entry.indexOf(':') + 1));
    // Each row ran once, by one of the two instances.
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((key) => key.includes(':start:'))).toHaveLength(2);
    // Both instances enqueued every slot, yet a slot is one job.
    const periodic = keys.filter((key) => !key.includes(':start:'));
    expect(periodic.length).toBeGreaterThanOrEqual(3);
    expect(periodic.length).toBeLessThanOrEqual(slots);
    const rows = await db.execute(sql`select count(*) as n from jobs where kind = ${kind}`);
    expect(Number((rows as unknown as { rows: { n: string }[] }).rows[0]!.n)).toBe(keys.length);
  });
});
