// The time to make the print files of one book: interior (42 pages), endpapers and cover wrap.
//   npm run bench:print [-- --runs 3] [-- --binding softcover]
// First, the three files as the server makes them (renderPrintFiles: one worker thread at low
// priority; the first book starts it, the next ones reuse it), wall and CPU time per run (CPU of the whole process: on a
// shared, busy machine the low-priority worker waits, and CPU time is what one book costs). Then
// each file in this process (the JIT warm after the first run), so the time can be split by file.
// The worker proofs every book against the preview (print-proof.ts) with a helper thread, so its
// CPU time is that of two threads. Goal: <= 8 s for one book, proof included (issue #43).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { defaultCharacters } from '#book/character-set.ts';
import {
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';
import { proofPrintFiles } from '#server/services/fulfilment/print/print-proof.ts';
import { renderPrintFiles } from '#server/services/fulfilment/print/print-thread.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    binding: { type: 'string', default: 'hardcover' },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);
const binding = values.binding === 'softcover' ? 'softcover' : 'hardcover';

const input = (run: number): BookPdfInput => ({
  language: 'lv',
  child: { name: `Ķērsta${run}`, gender: 'girl' },
  characters: defaultCharacters('girl'),
  dedication: 'Mīļā Ķērsta,\ntu vari visu!\n\nMamma & tētis',
  editionNumber: 7,
  cover: { binding },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

console.log(`print files of one book (${binding}), ${runs} runs`);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${os.cpus().length} cores`,
);
const worker: number[] = [];
const workerCpu: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const files = await renderPrintFiles(input(run));
  const ms = performance.now() - started;
  worker.push(ms);
  workerCpu.push(cpuMs(cpu));
  console.log(
    `  worker run ${run + 1}: ${fmt(ms)} wall, ${fmt(workerCpu.at(-1)!)} CPU (interior ${mb(files.interior.length)}, endpapers ${files.endpapers ? mb(files.endpapers.length) : 'none'}, cover ${mb(files.cover.length)}); proof ${files.proof.ok ? 'passed' : 'FAILED'} in ${fmt(files.proof.ms)} after the files, largest difference ${files.proof.worst?.differencePercent ?? '-'}% (${files.proof.worst?.file} page ${files.proof.worst?.page}, limit ${files.proof.thresholdPercent}%), ${files.proof.sentences - files.proof.missingSentences.length}/${files.proof.sentences} sentences printed`,
  );
}
console.log(
  `worker (as the server makes them): first book (thread start) ${fmt(worker[0]!)} wall, ${fmt(workerCpu[0]!)} CPU; median ${fmt(median(worker))} wall, ${fmt(median(workerCpu))} CPU`,
);

const empty = () => ({
  interior: [] as number[],
  endpapers: [] as number[],
  cover: [] as number[],
  proof: [] as number[],
});
const parts = empty();
const partsCpu = empty();
for (let run = 0; run < runs; run += 1) {
  const book = input(100 + run);
  const made: Partial<Record<'interior' | 'endpapers' | 'cover', Buffer>> = {};
  for (const [name, render] of [
    ['interior', renderInteriorPdf],
    ['endpapers', renderEndpapersPdf],
    ['cover', renderCoverPdf],
  ] as const) {
    if (name === 'endpapers' && binding === 'softcover') continue;
    const started = performance.now();
    const cpu = process.cpuUsage();
    made[name] = await render(book);
    parts[name].push(performance.now() - started);
    partsCpu[name].push(cpuMs(cpu));
  }
  // The proof in this one thread (the worker splits it with a helper thread).
  const started = performance.now();
  const cpu = process.cpuUsage();
  await proofPrintFiles(book, {
    interior: made.interior!,
    endpapers: made.endpapers ?? null,
    cover: made.cover!,
  });
  parts.proof.push(performance.now() - started);
  partsCpu.proof.push(cpuMs(cpu));
}
const med = (xs: number[]) => (xs.length === 0 ? 0 : median(xs));
for (const [label, table] of [
  ['wall', parts],
  ['CPU', partsCpu],
] as const) {
  const sum = med(table.interior) + med(table.endpapers) + med(table.cover) + med(table.proof);
  console.log(
    `in process, ${label} (medians): interior ${fmt(med(table.interior))}, endpapers ${fmt(med(table.endpapers))}, cover ${fmt(med(table.cover))}, proof ${fmt(med(table.proof))}, together ${fmt(sum)}`,
  );
}
// On an idle machine wall time is CPU time (one thread); on a busy one the low-priority thread
// waits, so both are shown.
const load = os.loadavg()[0]!;
console.log(
  `goal <= 8 s for one book, proof included: wall ${median(worker) <= 8000 ? 'met' : 'NOT met'} (${fmt(median(worker))}, first book ${fmt(worker[0]!)}; load average ${load.toFixed(1)} on ${os.cpus().length} cores), CPU of both threads ${fmt(median(workerCpu))}`,
);
