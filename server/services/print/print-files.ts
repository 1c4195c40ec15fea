import { Worker } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';

export interface PrintFiles {
  /** The interior PDF (PRINT_PAGE_COUNT pages). */
  interior: Buffer;
  /** The front cover PDF (one page). */
  cover: Buffer;
}

/**
 * The print PDFs of one book, made in a thread of their own at low priority, so a request or
 * job that asks for them never stalls the server (the interior takes a few seconds of CPU).
 */
export function renderPrintFiles(input: BookPdfInput): Promise<PrintFiles> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./print-worker.mjs', import.meta.url), {
      workerData: input,
    });
    let settled = false;
    worker.once(
      'message',
      (
        message:
          { ok: true; interior: Uint8Array; cover: Uint8Array } | { ok: false; error: string },
      ) => {
        settled = true;
        if (message.ok) {
          resolve({
            interior: Buffer.from(
              message.interior.buffer,
              message.interior.byteOffset,
              message.interior.byteLength,
            ),
            cover: Buffer.from(
              message.cover.buffer,
              message.cover.byteOffset,
              message.cover.byteLength,
            ),
          });
        } else {
          reject(new Error(`Print files failed: ${message.error}`));
        }
        void worker.terminate();
      },
    );
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
