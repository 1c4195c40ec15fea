import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { BookPdfInput } from './book-pdf.ts';
import { ProofPart, type ProofFiles, type ProofTask } from './print-proof.ts';

// The proof's helper thread (print-proof.ts, started by the print worker): it takes a share of a
// book's proof. `start` comes when the print worker begins a book, so the preview's drawings of
// this share's pages are made while the print worker makes the PDFs; `files` brings the PDFs.
if (!parentPort) throw new Error('proof-worker must run in a worker thread');
const port = parentPort;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 15);
} catch {
  // Not Linux, or not allowed: normal priority.
}

type Message =
  | { type: 'start'; id: number; input: BookPdfInput; tasks: ProofTask[] }
  | { type: 'files'; id: number; files: ProofFiles };

let part: { id: number; proof: ProofPart; drawn: Promise<void> } | undefined;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

port.on('message', async (message: Message) => {
  if (message.type === 'start') {
    const proof = new ProofPart(message.input, message.tasks);
    // Drawn in a task of its own, so the files' message is read as soon as the drawings are done.
    const drawn = new Promise<void>((resolve) =>
      setImmediate(() => {
        try {
          proof.drawReferences();
        } finally {
          resolve();
        }
      }),
    );
    part = { id: message.id, proof, drawn };
    return;
  }
  const current = part;
  if (!current || current.id !== message.id) {
    port.postMessage({ id: message.id, ok: false, error: 'the proof helper was not started' });
    return;
  }
  try {
    await current.drawn;
    const files: ProofFiles = {
      interior: Buffer.from(message.files.interior),
      endpapers: message.files.endpapers ? Buffer.from(message.files.endpapers) : null,
      cover: Buffer.from(message.files.cover),
    };
    const measures = await current.proof.measure(files);
    port.postMessage({ id: message.id, ok: true, measures });
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: errorText(error) });
  } finally {
    if (part === current) part = undefined;
  }
});
