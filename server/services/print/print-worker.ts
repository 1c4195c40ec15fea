import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { renderBookPdf, renderCoverPdf, type BookPdfInput } from './book-pdf.ts';

// Renders one book's print files in its own thread, at low priority, and answers once.
if (!parentPort) throw new Error('print-worker must run in a worker thread');
const port = parentPort;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 15);
} catch {
  // Not Linux, or not allowed: normal priority.
}

const input = workerData as BookPdfInput;
try {
  const [interior, cover] = [await renderBookPdf(input), await renderCoverPdf(input)];
  const a = new Uint8Array(interior);
  const b = new Uint8Array(cover);
  port.postMessage({ ok: true, interior: a, cover: b }, [
    a.buffer as ArrayBuffer,
    b.buffer as ArrayBuffer,
  ]);
} catch (error) {
  port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
}
