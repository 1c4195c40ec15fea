import { Worker } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';
import type { ScreenPdf } from './screen-pdf.ts';

type Answer = { ok: true; bytes: Uint8Array; pageCount: number } | { ok: false; error: string };

/**
 * The screen PDF of one book, made in a worker thread of its own at low priority (it takes
 * seconds of CPU); the thread ends when the PDF is made. Jobs run one at a time, so at most one
 * such thread runs per server.
 */
export function renderScreenPdfInThread(input: BookPdfInput): Promise<ScreenPdf> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./screen-worker.mjs', import.meta.url), {
      workerData: input,
    });
    let answered = false;
    worker.once('message', (answer: Answer) => {
      answered = true;
      void worker.terminate();
      if (answer.ok)
        resolve({
          bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
          pageCount: answer.pageCount,
        });
      else reject(new Error(`Screen PDF failed: ${answer.error}`));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The screen PDF worker stopped with exit code ${code}`));
    });
  });
}
