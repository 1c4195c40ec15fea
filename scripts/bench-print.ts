// The time to make the print files of one book: interior (42 pages), endpapers and cover wrap.
//   npm run bench:print [-- --runs 3] [-- --binding softcover]
// First, the three files as the server makes them (renderPrintFiles: one worker thread at low
// priority; the first book starts it, the next ones reuse it), wall and CPU time per run (CPU of the whole process: on a
// shared, busy machine the low-priority worker waits, and CPU time is what one book costs). Then
// each file in this process (the JIT warm after the first run), so the time can be split by file.
// Goal: <= 5 s for one book.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { defaultCharacters } from '#book/character-set.ts';
import {
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from '../server/services/print/book-pdf.ts';
import { renderPrintFiles } from '../server/services/print/print-thread.ts';

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
    `  worker run ${run + 1}: ${fmt(ms)} wall, ${fmt(workerCpu.at(-1)!)} CPU (interior ${mb(files.interior.length)}, endpapers ${mb(files.endpapers.length)}, cover ${mb(files.cover.length)})`,
  );
}
console.log(
  `worker (as the server makes them): first book (thread start) ${fmt(worker[0]!)} wall, ${fmt(workerCpu[0]!)} CPU; median ${fmt(median(worker))} wall, ${fmt(median(workerCpu))} CPU`,
);

const parts = { interior: [] as number[], endpapers: [] as number[], cover: [] as number[] };
const partsCpu = { interior: [] as number[], endpapers: [] as number[], cover: [] as number[] };
for (let run = 0; run < runs; run += 1) {
  const book = input(100 + run);
  for (const [name, render] of [
    ['interior', renderInteriorPdf],
    ['endpapers', renderEndpapersPdf],
    ['cover', renderCoverPdf],
  ] as const) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await render(book);
    parts[name].push(performance.now() - started);
    partsCpu[name].push(cpuMs(cpu));
  }
}
for (const [label, table] of [
  ['wall', parts],
  ['CPU', partsCpu],
] as const) {
  const sum = median(table.interior) + median(table.endpapers) + median(table.cover);
  console.log(
    `in process, ${label} (medians): interior ${fmt(median(table.interior))}, endpapers ${fmt(median(table.endpapers))}, cover ${fmt(median(table.cover))}, together ${fmt(sum)}`,
  );
}
// On an idle machine wall time is CPU time (one thread); on a busy one the low-priority thread
// waits, so both are shown.
const load = os.loadavg()[0]!;
console.log(
  `goal <= 5 s for one book: CPU ${median(workerCpu) <= 5000 ? 'met' : 'NOT met'} (${fmt(median(workerCpu))}, first book ${fmt(workerCpu[0]!)}), wall ${median(worker) <= 5000 ? 'met' : 'NOT met'} (${fmt(median(worker))}, load average ${load.toFixed(1)} on ${os.cpus().length} cores)`,
);
