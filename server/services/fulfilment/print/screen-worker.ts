import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';
import { renderScreenPdf } from './screen-pdf.ts';

// Renders one book's screen PDF in a thread of its own at low priority (screen-thread.ts), so
// the server answers requests while the print-files job makes it.
if (!parentPort) throw new Error('screen-worker must run in a worker thread');
const port = parentPort;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 15);
} catch {
  // Not Linux, or not allowed: normal priority.
}

try {
  const pdf = await renderScreenPdf(workerData as BookPdfInput);
  const bytes = new Uint8Array(pdf.bytes);
  port.postMessage({ ok: true, bytes, pageCount: pdf.pageCount }, [bytes.buffer as ArrayBuffer]);
} catch (error) {
  port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
