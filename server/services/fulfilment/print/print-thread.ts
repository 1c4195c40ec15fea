import { Worker } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';
import type { ProofReport } from './print-proof.ts';

export type { BookPdfInput } from './book-pdf.ts';
export type { ProofReport } from './print-proof.ts';

/** The files a printer receives for one book, and their proof against the preview. */
export interface PrintFiles {
  /**
   * The interior block: a hardcover's 42 pages (dedication, 20 spreads as 40 pages, colophon),
   * a softcover's 46 (its first and last spreads too).
   */
  interior: Buffer;
  /** A hardcover's endpapers: the first and last story spreads, one spread page each; null for a softcover. */
  endpapers: Buffer | null;
  /** The cover wrap: back cover, spine and front cover on one page. */
  cover: Buffer;
  /** The proof of these files against the preview (print-proof.ts): never print them unless ok. */
  proof: ProofReport;
}

type WorkerAnswer =
  | {
      id: number;
      ok: true;
      interior: Uint8Array;
      endpapers: Uint8Array | null;
      cover: Uint8Array;
      proof: ProofReport;
    }
  | { id: number; ok: false; error: string };

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * How long the print thread waits for the next book before it ends (its start, loading the
 * book's code, costs about a second of CPU, and its first book runs before the JIT is warm).
 */
const IDLE_MS = 30_000;

interface Job {
  id: number;
  input: BookPdfInput;
  resolve: (files: PrintFiles) => void;
  reject: (error: Error) => void;
}

interface PrintThread {
  worker: Worker;
  queue: Job[];
  idle?: NodeJS.Timeout;
}

let thread: PrintThread | undefined;
let nextId = 1;

function startThread(): PrintThread {
  const worker = new Worker(new URL('./print-worker.mjs', import.meta.url));
  const started: PrintThread = { worker, queue: [] };
  const fail = (error: Error) => {
    if (thread === started) thread = undefined;
    clearTimeout(started.idle);
    for (const job of started.queue.splice(0)) job.reject(error);
  };
  worker.on('message', (message: WorkerAnswer) => {
    const job = started.queue.shift();
    if (!job || job.id !== message.id) {
      fail(new Error('The print worker answered out of turn'));
      void worker.terminate();
      return;
    }
    if (message.ok) {
      job.resolve({
        interior: asBuffer(message.interior),
        endpapers: message.endpapers ? asBuffer(message.endpapers) : null,
        cover: asBuffer(message.cover),
        proof: message.proof,
      });
    } else {
      job.reject(new Error(`Print files failed: ${message.error}`));
    }
    sendNext(started);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`The print worker stopped with exit code ${code}`)));
  return started;
}

/** Sends the job at the head of the queue, or lets the idle thread go (and end after IDLE_MS). */
function sendNext(target: PrintThread): void {
  const job = target.queue[0];
  if (!job) {
    // An idle print thread never keeps the process alive.
    target.worker.unref();
    target.idle = setTimeout(() => {
      if (thread === target) thread = undefined;
      void target.worker.terminate();
    }, IDLE_MS);
    target.idle.unref();
    return;
  }
  clearTimeout(target.idle);
  target.worker.ref();
  target.worker.postMessage({ id: job.id, input: job.input });
}

/**
 * The print PDFs of one book, made in a thread of their own at low priority, so a request or
 * job that asks for them never stalls the server (the interior takes seconds of CPU), and
 * proofed there against the preview (print-proof.ts, with a helper thread). Books are
 * made one after another in the same thread, which ends after IDLE_MS without work. Pass
 * `editionNumber` (1-100) for a numbered first-edition copy: its closing page says 'No. N of 100'.
 */
export function renderPrintFiles(input: BookPdfInput): Promise<PrintFiles> {
  return new Promise((resolve, reject) => {
    thread ??= startThread();
    const job: Job = { id: nextId++, input, resolve, reject };
    thread.queue.push(job);
    if (thread.queue.length === 1) sendNext(thread);
  });
}
