import { Worker } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';

export type { BookPdfInput } from './book-pdf.ts';

/** The three files a printer receives for one book. */
export interface PrintFiles {
  /** The interior block: 42 pages (dedication, 20 spreads as 40 pages, colophon). */
  interior: Buffer;
  /** The endpapers: the first and last story spreads, one spread page each. */
  endpapers: Buffer;
  /** The cover wrap: back cover, spine and front cover on one page. */
  cover: Buffer;
}

type WorkerAnswer =
  | { ok: true; interior: Uint8Array; endpapers: Uint8Array; cover: Uint8Array }
  | { ok: false; error: string };

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The print PDFs of one book, made in a thread of their own at low priority, so a request or
 * job that asks for them never stalls the server (the interior takes seconds of CPU). Pass
 * `editionNumber` (1-100) for a numbered first-edition copy: its closing page says 'No. N of 100'.
 */
export function renderPrintFiles(input: BookPdfInput): Promise<PrintFiles> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./print-worker.mjs', import.meta.url), {
      workerData: input,
    });
    let settled = false;
    worker.once('message', (message: WorkerAnswer) => {
      settled = true;
      if (message.ok) {
        resolve({
          interior: asBuffer(message.interior),
          endpapers: asBuffer(message.endpapers),
          cover: asBuffer(message.cover),
        });
      } else {
        reject(new Error(`Print files failed: ${message.error}`));
      }
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The print worker stopped with exit code ${code}`));
      settled = true;
    });
  });
}
