import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import {
  bindingOf,
  endpaperSpreads,
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from './book-pdf.ts';
import {
  failedProof,
  ProofPart,
  proofReport,
  proofTasks,
  type ProofMeasure,
  type ProofTask,
} from './print-proof.ts';

// Renders books' print files in its own thread, at low priority: one book per message, answered
// in turn (print-thread.ts keeps the thread while there is work and a little after). Every book
// is proofed against the preview before it is answered (print-proof.ts): a share of its pages in
// this thread, the rest in a helper thread that draws its preview pages while this one makes the
// PDFs.
if (!parentPort) throw new Error('print-worker must run in a worker thread');
const port = parentPort;

try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 15);
} catch {
  // Not Linux, or not allowed: normal priority.
}

/** The share of the interior's pages this thread proofs; the helper (which started early) the rest. */
const OWN_SHARE = 0.4;

type HelperAnswer =
  { id: number; ok: true; measures: ProofMeasure[] } | { id: number; ok: false; error: string };

let helper: { worker: Worker; waiting: Map<number, (answer: HelperAnswer) => void> } | undefined;

function proofHelper() {
  if (helper) return helper;
  const worker = new Worker(new URL('./proof-worker.mjs', import.meta.url));
  const started = { worker, waiting: new Map<number, (answer: HelperAnswer) => void>() };
  const fail = (error: string) => {
    if (helper === started) helper = undefined;
    for (const [id, answer] of started.waiting) answer({ id, ok: false, error });
    started.waiting.clear();
  };
  worker.on('message', (answer: HelperAnswer) => {
    started.waiting.get(answer.id)?.(answer);
    started.waiting.delete(answer.id);
  });
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => fail(`the proof helper stopped with exit code ${code}`));
  // It never keeps this thread alive (print-thread.ts ends the thread when idle).
  worker.unref();
  helper = started;
  return started;
}

/** This thread's pages and the helper's: the first part of the interior here, the rest there. */
function shares(tasks: ProofTask[]): [ProofTask[], ProofTask[]] {
  const interior = tasks.filter((task) => task.file === 'interior').length;
  const own = Math.floor(interior * OWN_SHARE);
  return [
    tasks.filter((task) => task.file === 'interior' && task.index < own),
    tasks.filter((task) => task.file !== 'interior' || task.index >= own),
  ];
}

port.on('message', async ({ id, input }: { id: number; input: BookPdfInput }) => {
  try {
    const [own, theirs] = shares(proofTasks(input));
    const help = proofHelper();
    const helped = new Promise<HelperAnswer>((resolve) => help.waiting.set(id, resolve));
    help.worker.postMessage({ type: 'start', id, input, tasks: theirs });
    const files = {
      interior: new Uint8Array(await renderInteriorPdf(input)),
      endpapers:
        endpaperSpreads(bindingOf(input)).length > 0
          ? new Uint8Array(await renderEndpapersPdf(input))
          : null,
      cover: new Uint8Array(await renderCoverPdf(input)),
    };
    const proofStarted = performance.now();
    help.worker.postMessage({ type: 'files', id, files });
    const buffers = {
      interior: Buffer.from(files.interior),
      endpapers: files.endpapers ? Buffer.from(files.endpapers) : null,
      cover: Buffer.from(files.cover),
    };
    let proof;
    try {
      const mine = await new ProofPart(input, own).measure(buffers);
      const answer = await helped;
      if (!answer.ok) throw new Error(answer.error);
      proof = proofReport(
        input,
        [...mine, ...answer.measures],
        Math.round(performance.now() - proofStarted),
      );
    } catch (error) {
      // A PDF the proof cannot read is not printed either.
      help.waiting.delete(id);
      proof = failedProof(input, error instanceof Error ? error.message : String(error));
    }
    const transfer = [files.interior, files.cover, ...(files.endpapers ? [files.endpapers] : [])];
    port.postMessage(
      { id, ok: true, ...files, proof },
      transfer.map((file) => file.buffer as ArrayBuffer),
    );
  } catch (error) {
    port.postMessage({
      id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
