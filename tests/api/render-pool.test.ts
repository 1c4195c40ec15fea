import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createWorkerPool,
  JobFailedError,
  PoolBusyError,
  PoolClosedError,
  WorkerCrashedError,
  type WorkerPool,
} from '#server/platform/worker-pool.ts';

type Job = {
  kind: 'echo' | 'fail' | 'crash' | 'hang' | 'write';
  value?: number;
  delay?: number;
  file?: string;
};
type Out = { echo: number };

const entry = new URL('./fixtures/echo-worker.mjs', import.meta.url);
let pool: WorkerPool<Job, Out> | null = null;

afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('render worker pool', () => {
  it('runs jobs on every worker and answers each caller with its own result', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 2, maxQueue: 10 });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((value) => pool!.run({ kind: 'echo', value, delay: 20 })),
    );
    expect(results.map((r) => r.echo)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses work beyond the queue bound at once instead of piling it up', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 2 });
    await pool.ready();
    const accepted = Promise.all(
      [1, 2, 3].map((value) => pool!.run({ kind: 'echo', value, delay: 100 })),
    );
    await expect(pool.run({ kind: 'echo', value: 4 })).rejects.toBeInstanceOf(PoolBusyError);
    expect((await accepted).map((r) => r.echo)).toEqual([1, 2, 3]);
    // Once the queue drained, work is accepted again.
    await expect(pool.run({ kind: 'echo', value: 5 })).resolves.toEqual({ echo: 5 });
  });

  it('runs background jobs only when no foreground job waits', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10, maxBackground: 4 });
    await pool.ready();
    const order: number[] = [];
    const track = (p: Promise<Out>) => p.then((r) => order.push(r.echo));
    const first = track(pool.run({ kind: 'echo', value: 1, delay: 50 }));
    const background = [2, 3].map((value) =>
      track(pool!.runInBackground({ kind: 'echo', value, delay: 10 }).result),
    );
    const foreground = track(pool.run({ kind: 'echo', value: 4, delay: 10 }));
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 1, background: 2 });
    await Promise.all([first, ...background, foreground]);
    // The foreground job queued after the background ones still ran before them.
    expect(order).toEqual([1, 4, 2, 3]);
  });

  it('promote() moves a waiting background job ahead of the other background jobs', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10, maxBackground: 4 });
    await pool.ready();
    const order: number[] = [];
    const busy = pool.run({ kind: 'echo', value: 1, delay: 50 }).then((r) => order.push(r.echo));
    const runs = [2, 3, 4].map((value) => pool!.runInBackground({ kind: 'echo', value, delay: 5 }));
    const done = runs.map((run) => run.result.then((r) => order.push(r.echo)));
    runs[2]!.promote();
    await Promise.all([busy, ...done]);
    expect(order).toEqual([1, 4, 2, 3]);
  });

  it('refuses background work beyond its own small bound, and closes it with the pool', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10, maxBackground: 1 });
    await pool.ready();
    const running = pool.run({ kind: 'echo', value: 1, delay: 100 });
    const waiting = pool.runInBackground({ kind: 'echo', value: 2, delay: 500 });
    await expect(pool.runInBackground({ kind: 'echo', value: 3 }).result).rejects.toBeInstanceOf(
      PoolBusyError,
    );
    // Foreground work is not limited by the background bound.
    const foreground = pool.run({ kind: 'echo', value: 4 });
    const closing = expect(waiting.result).rejects.toBeInstanceOf(PoolClosedError);
    await expect(running).resolves.toEqual({ echo: 1 });
    await expect(foreground).resolves.toEqual({ echo: 4 });
    await pool.close();
    await closing;
  });

  it('reports a failed job without losing the worker', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10 });
    await expect(pool.run({ kind: 'fail' })).rejects.toBeInstanceOf(JobFailedError);
    await expect(pool.run({ kind: 'echo', value: 7 })).resolves.toEqual({ echo: 7 });
    expect(pool.stats().restarts).toBe(0);
  });

  it('replaces a crashed worker: the job in it fails, the next ones succeed', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10 });
    const crash = expect(pool.run({ kind: 'crash' })).rejects.toBeInstanceOf(WorkerCrashedError);
    const after = expect(pool.run({ kind: 'echo', value: 9 })).resolves.toEqual({ echo: 9 });
    await Promise.all([crash, after]);
    expect(pool.stats().restarts).toBe(1);
  });

  it('fails waiting jobs when closed and refuses new ones', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10 });
    await pool.ready();
    const running = expect(pool.run({ kind: 'echo', value: 1, delay: 200 })).rejects.toBeInstanceOf(
      PoolClosedError,
    );
    const waiting = expect(pool.run({ kind: 'echo', value: 2 })).rejects.toBeInstanceOf(
      PoolClosedError,
    );
    await pool.close();
    await Promise.all([running, waiting]);
    await expect(pool.run({ kind: 'echo', value: 3 })).rejects.toBeInstanceOf(PoolClosedError);
  });

  it('answers the caller of a running job at once when closed, but stops its thread only once the job is done', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-pool-'));
    const file = path.join(dir, 'trace');
    try {
      pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10 });
      await pool.ready();
      const running = pool.run({ kind: 'write', value: 1, delay: 300, file });
      const answered = expect(running).rejects.toBeInstanceOf(PoolClosedError);
      await pool.close();
      await answered;
      // Stopped mid-job, the thread would not have written its trace.
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops a thread whose job does not end within closeTimeoutMs', async () => {
    pool = createWorkerPool<Job, Out>({ entry, size: 1, maxQueue: 10, closeTimeoutMs: 200 });
    await pool.ready();
    const hung = expect(pool.run({ kind: 'hang' })).rejects.toBeInstanceOf(PoolClosedError);
    await pool.close();
    await hung;
  });

  it('gives up on an entry that cannot start instead of respawning forever', async () => {
    pool = createWorkerPool<Job, Out>({
      entry: new URL('./fixtures/missing-worker.mjs', import.meta.url),
      size: 1,
      maxQueue: 10,
    });
    await expect(pool.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(pool.ready()).rejects.toBeInstanceOf(WorkerCrashedError);
  });
});
