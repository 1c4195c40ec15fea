import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import {
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from './book-pdf.ts';

// Renders books' print files in its own thread, at low priority: one book per message, answered
// in turn (print-thread.ts keeps the thread while there is work and a little after).
if (!parentPort) throw new Error('print-worker must run in a worker thread');
const port = parentPort;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 15);
} catch {
  // Not Linux, or not allowed: normal priority.
}

port.on('message', async ({ id, input }: { id: number; input: BookPdfInput }) => {
  try {
    const files = {
      interior: new Uint8Array(await renderInteriorPdf(input)),
      endpapers: new Uint8Array(await renderEndpapersPdf(input)),
      cover: new Uint8Array(await renderCoverPdf(input)),
    };
    port.postMessage(
      { id, ok: true, ...files },
      Object.values(files).map((file) => file.buffer as ArrayBuffer),
    );
  } catch (error) {
    port.postMessage({
      id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
