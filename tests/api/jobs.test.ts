import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, enqueueJob } from '#server/services/jobs.ts';
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
    await enqueueJob(db, { kind: 'order-confirmation-mail', dedupeKey: 'order-confirmation-mail:a', payload: { n: 3 } });
    expect(await enqueueJob(db, { kind: 'print-files', dedupeKey: 'print-files:a:1', payload: { n: 9 } })).toBe(false);

    const claimed = [];
    for (let job = await claimJob(db); job; job = await claimJob(db)) claimed.push(job.payload);
    expect(claimed).toEqual([{ n: 3 }, { n: 1 }, { n: 2 }]);
  });
});
