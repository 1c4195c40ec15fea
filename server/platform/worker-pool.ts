import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads. Jobs wait in a bounded queue; when the queue is full `run`
 * rejects at once with `PoolBusyError` (back-pressure: the caller answers 503 instead of letting
 * memory grow). A worker that crashes or exits is replaced; the job it was running fails with
 * `WorkerCrashedError` and the next jobs run on the new worker.
 *
 * Background jobs (`runInBackground`, e.g. drawing the pages a visitor will ask for next) wait in
 * a second, small queue and only get a worker when no foreground job waits; `promote()` moves one
 * to the foreground queue once somebody is waiting for it.
 */

export class PoolBusyError extends Error {
  constructor() {
    super('The renderer is busy; try again shortly');
    this.name = 'PoolBusyError';
  }
}

export class WorkerCrashedError extends Error {
  constructor(cause: unknown) {
    super(`A render worker stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'WorkerCrashedError';
  }
}

export class PoolClosedError extends Error {
  constructor() {
    super('The worker pool is closed');
    this.name = 'PoolClosedError';
  }
}

/** A failure reported by the job itself (not a crash): the worker stays alive. */
export class JobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailedError';
  }
}

interface WorkerPoolOptions {
  /** The worker's entry file (an .mjs that can load TypeScript). */
  entry: URL;
  size: number;
  /** Jobs allowed to wait beyond the ones running. */
  maxQueue: number;
  /** Passed to every worker as workerData. */
  workerData?: unknown;
  /** Background jobs allowed to wait; more are refused (PoolBusyError). Default: 2 per worker. */
  maxBackground?: number;
  /** How long close() lets a worker finish the job it is running before stopping it anyway. */
  closeTimeoutMs?: number;
}

interface Job<In, Out> {
  input: In;
  transfer: ArrayBuffer[];
  resolve: (value: Out) => void;
  reject: (error: Error) => void;
}

interface Slot<In, Out> {
  worker: Worker;
  /** The caller waiting for this worker's answer (null once answered, failed or given up). */
  job: Job<In, Out> | null;
  ready: boolean;
  /** Set while the thread works on a job, even one whose caller close() has already failed. */
  working: { done: Promise<void>; finish: () => void } | null;
}

/** Messages a worker sends: `{ ready: true }` once, then one `{ ok, value | error }` per job. */
type WorkerMessage<Out> = { ready: true } | { ok: true; value: Out } | { ok: false; error: string };

/** A background job: its result, and a way to move it ahead of other background work. */
interface BackgroundRun<Out> {
  result: Promise<Out>;
  /** Somebody now waits for this job: it queues with the foreground jobs (no-op once started). */
  promote(): void;
}

export interface WorkerPool<In, Out> {
  run(input: In, transfer?: ArrayBuffer[]): Promise<Out>;
  /** Runs when no foreground job waits; refused at once when the background queue is full. */
  runInBackground(input: In): BackgroundRun<Out>;
  /** Resolves once every worker has loaded its code (fonts, modules). */
  ready(): Promise<void>;
  stats(): { size: number; busy: number; queued: number; background: number; restarts: number };
  /**
   * Fails every waiting and running caller at once (PoolClosedError), then stops each thread once
   * the job it is on has ended (at most closeTimeoutMs, default 10 s).
   */
  close(): Promise<void>;
}

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const size = Math.max(1, Math.floor(options.size));
  const slots: Slot<In, Out>[] = [];
  const queue: Job<In, Out>[] = [];
  const backgroundQueue: Job<In, Out>[] = [];
  const maxBackground = options.maxBackground ?? size * 2;
  let closed = false;
  let restarts = 0;
  /** Workers that died before they were ready, in a row: a broken build, not bad luck. */
  let bootFailures = 0;
  let broken: Error | null = null;
  const readyWaiters: (() => void)[] = [];

  function allReady(): boolean {
    return slots.length === size && slots.every((slot) => slot.ready);
  }

  function spawn(index: number): void {
    const worker = new Worker(options.entry, { workerData: options.workerData });
    // The pool must never keep a finished process alive on its own.
    worker.unref();
    const slot: Slot<In, Out> = { worker, job: null, ready: false, working: null };
    slots[index] = slot;

    worker.on('message', (message: WorkerMessage<Out>) => {
      if ('ready' in message) {
        slot.ready = true;
        bootFailures = 0;
        if (allReady()) readyWaiters.splice(0).forEach((wake) => wake());
        pump();
        return;
      }
      const job = slot.job;
      slot.job = null;
      idle(slot);
      if (job) {
        if (message.ok) job.resolve(message.value);
        else job.reject(new JobFailedError(message.error));
      }
      pump();
      unrefIdle();
    });

    const replace = (cause: unknown) => {
      if (slots[index] !== slot) return;
      const job = slot.job;
      const wasReady = slot.ready;
      slot.job = null;
      slot.ready = false;
      idle(slot);
      if (job) job.reject(new WorkerCrashedError(cause));
      if (closed || broken) return;
      if (!wasReady) bootFailures += 1;
      if (bootFailures >= 3) {
        broken = new WorkerCrashedError(cause);
        for (const waiting of [...queue.splice(0), ...backgroundQueue.splice(0)])
          waiting.reject(broken);
        readyWaiters.splice(0).forEach((wake) => wake());
        return;
      }
      restarts += 1;
      void worker.terminate();
      spawn(index);
    };
    worker.on('error', (error) => replace(error));
    worker.on('exit', (code) => replace(new Error(`exit code ${code}`)));
  }

  function pump(): void {
    for (const slot of slots) {
      if (queue.length === 0 && backgroundQueue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = (queue.length > 0 ? queue.shift() : backgroundQueue.shift())!;
      slot.job = job;
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      slot.working = { done, finish };
      slot.worker.ref();
      try {
        slot.worker.postMessage(job.input, job.transfer);
      } catch (error) {
        slot.job = null;
        idle(slot);
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  function idle(slot: Slot<In, Out>): void {
    slot.working?.finish();
    slot.working = null;
  }

  // Keep the process alive only while a job is running: a worker gets ref'd while busy.
  function unrefIdle(): void {
    for (const slot of slots) if (!slot.working) slot.worker.unref();
  }

  for (let i = 0; i < size; i += 1) spawn(i);

  function enqueue(
    into: Job<In, Out>[],
    input: In,
    transfer: ArrayBuffer[],
  ): { promise: Promise<Out>; job: Job<In, Out> } {
    let job!: Job<In, Out>;
    const promise = new Promise<Out>((resolve, reject) => {
      job = {
        input,
        transfer,
        resolve: (value) => {
          resolve(value);
          unrefIdle();
        },
        reject: (error) => {
          reject(error);
          unrefIdle();
        },
      };
    });
    into.push(job);
    pump();
    return { promise, job };
  }

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new PoolClosedError());
      if (broken) return Promise.reject(broken);
      const busy = slots.filter((slot) => slot.job || !slot.ready).length;
      if (busy >= size && queue.length >= options.maxQueue) {
        return Promise.reject(new PoolBusyError());
      }
      return enqueue(queue, input, transfer).promise;
    },
    runInBackground(input) {
      const refused = (error: Error): BackgroundRun<Out> => ({
        result: Promise.reject(error),
        promote: () => {},
      });
      if (closed) return refused(new PoolClosedError());
      if (broken) return refused(broken);
      if (backgroundQueue.length >= maxBackground) return refused(new PoolBusyError());
      const { promise, job } = enqueue(backgroundQueue, input, []);
      return {
        result: promise,
        promote() {
          const at = backgroundQueue.indexOf(job);
          if (at < 0) return; // running or done
          backgroundQueue.splice(at, 1);
          queue.push(job);
          pump();
        },
      };
    },
    ready() {
      if (broken) return Promise.reject(broken);
      if (allReady()) return Promise.resolve();
      return new Promise((resolve, reject) =>
        readyWaiters.push(() => (broken ? reject(broken) : resolve())),
      );
    },
    stats() {
      return {
        size,
        busy: slots.filter((slot) => slot.job).length,
        queued: queue.length,
        background: backgroundQueue.length,
        restarts,
      };
    },
    async close() {
      closed = true;
      for (const job of [...queue.splice(0), ...backgroundQueue.splice(0)])
        job.reject(new PoolClosedError());
      const working = slots.flatMap((slot) => (slot.working ? [slot.working.done] : []));
      for (const slot of slots) {
        const job = slot.job;
        slot.job = null;
        job?.reject(new PoolClosedError());
      }
      // Callers are answered at once, but a thread is stopped only between jobs: stopping one
      // while native code works for it (libvips in sharp) can bring the whole process down.
      // A job that does not end in time is stopped anyway.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(working),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, options.closeTimeoutMs ?? 10_000);
        }),
      ]);
      clearTimeout(timer);
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
