// Benchmark of the preview API against the real server.
//   npm run bench:preview
// Starts `node --import tsx server/index.ts` on a free port with a fresh DATA_DIR, then for a
// new child (nothing cached) asks for the whole preview (cover, dedication, 22 spreads) two
// requests at a time, as the preview page does; then for another new child while /api/health is
// polled every 10 ms (the probe costs CPU the preview would otherwise have, so the first run is
// timed without it). Then asks for the first child's pages again (cached), and finally times the
// print PDF in this process.
// Goals: whole preview <= 1.2 s cold, <= 5 ms a page cached, health <= 50 ms throughout.
// `--quick` stops after the server's runs (no in-process stages, no PDF); SERVER_CPU_PROF=dir
// writes the server's V8 CPU profiles there, one per thread (scripts/cpu-profile-summary.ts).
// `--family two-mums` (or any shape of book/family.ts: mum, dad, mum-mum, dad-dad, grandma,
// grandpa, grandma-grandpa; two-mums / two-dads / grandparents are the same as words) draws that
// family in every request, the in-process stages and the PDF: two grown-ups of one kind, each
// with a look of their own.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultCharacters, characterSetToAssetNames } from '#book/character-set.ts';
import { FAMILY_SHAPES, defaultFamily, type BookFamily, type FamilyShape } from '#book/family.ts';
import { SPREAD_IDS } from '#book/types.ts';
import { PRINT_PAGE_COUNT, renderInteriorPdf } from '#server/services/fulfilment/print/book-pdf.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import { renderPreviewWebp } from '#server/services/rendering/render-preview.ts';
import type { SceneRaster } from '#server/services/rendering/scene-cache.ts';
import { PAGE_IDS } from '#book/types.ts';
import sharp from 'sharp';

/** The family named by `--family` (undefined: today's mum and dad, the API's default). */
function benchFamily(): BookFamily | undefined {
  const at = process.argv.indexOf('--family');
  if (at === -1) return undefined;
  const words: Record<string, FamilyShape> = {
    'two-mums': 'mum-mum',
    'two-dads': 'dad-dad',
    grandparents: 'grandma-grandpa',
  };
  const asked = process.argv[at + 1] ?? '';
  const shape = words[asked] ?? asked;
  if (!(FAMILY_SHAPES as readonly string[]).includes(shape))
    throw new Error(`--family: one of ${[...Object.keys(words), ...FAMILY_SHAPES].join(', ')}`);
  const family = defaultFamily(shape as FamilyShape, 'en-gb');
  // Two grown-ups of one kind look different, as two parents do.
  const second = family.grownUps[1];
  if (second && second.kind === family.grownUps[0]!.kind)
    second.look =
      second.kind === 'mum'
        ? { hair: 'mum_hair_03_BC', eyes: 'mum_eyes_BR', skin: 'mum_skin_4M', accessories: [] }
        : { hair: 'dad_hair_02_BR', eyes: 'dad_eyes_GR', skin: 'dad_skin_5D', accessories: [] };
  return family;
}
const family = benchFamily();
/** The family as the preview API takes it (contract/family.ts). */
const familyBody = family
  ? {
      family: {
        shape: family.shape,
        grownUps: family.grownUps.map((g) => ({
          kind: g.kind,
          name: g.name,
          call: g.call,
          personalization: g.look,
        })),
      },
    }
  : {};

/**
 * CPU ms per image by stage, in this process on one thread as a render worker works (sharp on
 * one thread): every page for a new name, with its scene drawn (a new kit) and from the scene
 * cache. Medians over the pages of three rounds (the first round also warms the JIT).
 */
async function stagesInProcess() {
  sharp.concurrency(1);
  sharp.cache(false);
  const fonts = bookFonts();
  const characters = defaultCharacters('girl');
  const scenes = new Map<string, SceneRaster>();
  const bases = new Map<string, SceneRaster>();
  type Row = {
    fresh: Record<string, number>;
    scene: Record<string, number>;
    cached: Record<string, number>;
    bytes: number;
  };
  const rows: Row[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const page of PAGE_IDS) {
      const job = {
        page,
        language: 'en-gb' as const,
        child: { name: `Stage${round}`, gender: 'girl' as const },
        characters,
        dedication: 'Dear you,\nyou can do it!',
        ...(family ? { family } : {}),
      };
      const fresh = await renderPreviewWebp(job, fonts);
      if (fresh.drawnScene) scenes.set(page, fresh.drawnScene);
      if (fresh.drawnBase) bases.set(page, fresh.drawnBase);
      const scene = await renderPreviewWebp(
        { ...job, child: { ...job.child, name: `Scene${round}` } },
        fonts,
        scenes.get(page),
      );
      const cached = await renderPreviewWebp(
        { ...job, child: { ...job.child, name: `Cached${round}` } },
        fonts,
        scenes.get(page),
        bases.get(page),
      );
      if (round > 0)
        rows.push({
          fresh: { ...fresh.timings },
          scene: { ...scene.timings },
          cached: { ...cached.timings },
          bytes: cached.image.byteLength,
        });
    }
  }
  const line = (which: 'fresh' | 'scene' | 'cached') => {
    const stages = Object.keys(rows[0]![which]);
    const medians = stages.map((stage) =>
      percentile(
        rows.map((r) => r[which][stage]!),
        50,
      ),
    );
    return `${stages.map((stage, i) => `${stage} ${ms(medians[i]!)}`).join(', ')}; sum of medians ${ms(medians.reduce((a, b) => a + b, 0))}`;
  };
  console.log(
    `\nCPU ms per image by stage (this process, one thread, median of ${rows.length} images):`,
  );
  console.log(`  scene and figures drawn too:              ${line('fresh')}`);
  console.log(`  scene from the cache, figures drawn:      ${line('scene')}`);
  console.log(`  scene + figures (base) from the cache:    ${line('cached')}`);
  console.log(
    `  WebP: median ${(
      percentile(
        rows.map((r) => r.bytes),
        50,
      ) / 1024
    ).toFixed(0)} KB an image`,
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One HTTP request over kept-alive connections with node:http. This process shares the cores
 * with the server, and fetch() costs several times the CPU a request (~170 health polls and 24
 * images took ~0.5 s of CPU under load: time the server could not use). FETCH=1 uses fetch().
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; header: (name: string) => string | null; body: Buffer }> {
  if (process.env.FETCH === '1') {
    const response = await fetch(url, init);
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, header: (name) => response.headers.get(name), body };
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const header = (name: string) => {
            const value = res.headers[name.toLowerCase()];
            return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
          };
          resolve({ status: res.statusCode ?? 0, header, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** CPU ms of each thread of a process so far, by thread id, with the thread's name. */
function threadCpu(pid: number): Map<string, { name: string; ms: number }> {
  const threads = new Map<string, { name: string; ms: number }>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const ms = cpuMsOf(pid, Number(tid));
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      if (ms !== null) threads.set(tid, { name, ms });
    }
  } catch {
    // not Linux
  }
  return threads;
}

/** CPU time (user + system, all threads) a process has used so far, in ms (Linux /proc). */
function cpuMsOf(pid: number, thread?: number): number | null {
  try {
    const stat = readFileSync(
      `/proc/${pid}${thread === undefined ? '' : `/task/${thread}`}/stat`,
      'utf8',
    );
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storymade-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const quick = process.argv.includes('--quick');
const profileDir = process.env.SERVER_CPU_PROF;
const serverArgs = ['--import', 'tsx', path.join(root, 'server', 'index.ts')];
if (profileDir) serverArgs.unshift('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    // Development: the answers say which cache served them (X-Preview-Cache, Server-Timing).
    NODE_ENV: 'development',
    // One client playing many parents: the per-client render budget would stop the benchmark.
    RATE_LIMIT_SCALE: '1000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The server's output goes on to this one's; the warm-up says when it has drawn every family
// shape's figures (in the background, after the server is up).
let serverOutput = '';
const familiesDrawn = new Promise<string>((resolve) => {
  server.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    serverOutput = (serverOutput + chunk.toString('utf8')).slice(-4096);
    const line = /\{[^\n]*Preview warm-up: the figures of every family shape drawn[^\n]*\}/.exec(
      serverOutput,
    );
    if (line) resolve(line[0]);
  });
});

async function stop() {
  agent.destroy();
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
}

try {
  const startedAt = performance.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > 180_000)
      throw new Error('the server did not start within 180 s');
    await sleep(50);
  }
  console.log(
    `load average before the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ', ',
      )} on ${os.availableParallelism()} cores (other work on the machine slows every number below)`,
  );
  console.log(`server up in ${ms(performance.now() - startedAt)} (DATA_DIR ${dataDir})`);
  console.log(`family: ${family ? family.shape : 'mum-dad (default)'}`);

  const gender = 'girl' as const;
  const personalizationDetails = characterSetToAssetNames(defaultCharacters(gender));
  type Req = { url: string; body: Record<string, unknown> };
  const requestsFor = (childName: string): Req[] =>
    [
      { url: '/api/preview/generateImage', body: { page: 'cover' } },
      {
        url: '/api/preview/generateDedicationImage',
        body: { dedication: `Dear ${childName},\nyou can do it!\nLove, Mum and Dad` },
      },
      ...SPREAD_IDS.map((page) => ({ url: '/api/preview/generateImage', body: { page } })),
    ].map((req) => ({
      url: req.url,
      body: {
        childName,
        personalizationDetails,
        language: 'en-gb',
        gender,
        ...familyBody,
        ...req.body,
      },
    }));

  type Result = { ms: number; bytes: number; source: string; timing: Record<string, number> };

  async function fetchOne(req: Req): Promise<Result> {
    const t0 = performance.now();
    const response = await request(base + req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req.body),
    });
    const body = response.body;
    const bytes = body.byteLength;
    if (response.status !== 200) {
      throw new Error(
        `${req.url} ${JSON.stringify(req.body).slice(0, 120)}: HTTP ${response.status} ${body.toString('utf8').slice(0, 300)}`,
      );
    }
    const timing = Object.fromEntries(
      [...(response.header('server-timing') ?? '').matchAll(/(\w+);dur=([\d.]+)/g)].map((m) => [
        m[1]!,
        Number(m[2]),
      ]),
    );
    return {
      ms: performance.now() - t0,
      bytes,
      source: response.header('x-preview-cache') ?? '?',
      timing,
    };
  }

  /** The whole preview, two requests in flight at a time. */
  async function wholePreview(requests: Req[]) {
    const results: Result[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      [0, 1].map(async () => {
        while (next < requests.length) {
          const req = requests[next++]!;
          results.push(await fetchOne(req));
        }
      }),
    );
    return { total: performance.now() - t0, results };
  }

  // The server starts its render workers at boot; one preview for another child makes sure they
  // are up (a server in service has been running for a while). It also waits for the warm-up: the
  // server queues the warm-up's pages before it listens, and the queue is first come first served,
  // so once both of these are answered every warm-up page has been drawn.
  const warm = await wholePreview(requestsFor('Warmup').slice(0, 2));
  console.log(`warm-up (2 images, other child): ${ms(warm.total)}`);
  // The server goes on drawing in the background: the figures of every family shape (its
  // warm-up) and the next pages of that child (read-ahead). Timing a cold preview meanwhile would
  // count that work too: wait for the warm-up's end, then until the server has used under 10% of
  // a core for half a second.
  const settleStart = performance.now();
  const settleCpu = cpuMsOf(server.pid!);
  let giveUp: NodeJS.Timeout | undefined;
  const warmedUp =
    process.env.PREVIEW_WARM_UP === '0'
      ? null
      : await Promise.race([
          familiesDrawn,
          new Promise<null>((resolve) => (giveUp = setTimeout(() => resolve(null), 180_000))),
        ]);
  clearTimeout(giveUp);
  if (warmedUp) {
    const { pages, ms: spent } = JSON.parse(warmedUp) as { pages: number; ms: number };
    console.log(
      `the server's warm-up drew the figures of every family shape: ${pages} pages in ${spent} ms (after the default kit's pages)`,
    );
  }
  let last = cpuMsOf(server.pid!);
  for (let quiet = 0; quiet < 2 && performance.now() - settleStart < 180_000;) {
    await sleep(250);
    const now = cpuMsOf(server.pid!);
    if (now === null || last === null) break;
    quiet = now - last < 25 ? quiet + 1 : 0;
    last = now;
  }
  const settledCpu = cpuMsOf(server.pid!);
  console.log(
    `server settled (background warm-up of every family shape's figures, read-ahead) in ${ms(performance.now() - settleStart)}, ${settleCpu === null || settledCpu === null ? '?' : ms(settledCpu - settleCpu)} of server CPU`,
  );

  const newName = (prefix: string) =>
    // A name never seen before (letters only, as names are).
    `${prefix}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

  /**
   * A whole cold preview for a new child, with the server's CPU time meanwhile. With `probe`,
   * /api/health is polled every 10 ms meanwhile: the probe's requests cost both processes CPU
   * (~0.5 s of the 2 cores' ~3 s a run), so the preview's own time is measured without it, as a
   * parent's browser asks, and the health latency during a second cold preview (another child).
   */
  async function coldRun(probe: boolean) {
    const health: number[] = [];
    let polling = probe;
    const poller = (async () => {
      while (polling) {
        const t0 = performance.now();
        try {
          await request(`${base}/api/health`);
          health.push(performance.now() - t0);
        } catch {
          if (polling) health.push(Number.POSITIVE_INFINITY);
        }
        await sleep(10);
      }
    })();
    const requests = requestsFor(newName(probe ? 'Probe' : 'Bench'));
    const cpuBefore = cpuMsOf(server.pid!);
    // The main thread's id is the process id: HTTP, /api/health, the caches (the rest is the render
    // workers, libvips, libuv's and V8's threads).
    const mainBefore = cpuMsOf(server.pid!, server.pid!);
    const threadsBefore = threadCpu(server.pid!);
    const clientBefore = process.cpuUsage();
    const cold = await wholePreview(requests);
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = cpuMsOf(server.pid!);
    const mainAfter = cpuMsOf(server.pid!, server.pid!);
    const threadsAfter = threadCpu(server.pid!);
    polling = false;
    await poller;
    const coldTimes = cold.results.map((r) => r.ms);
    const bytes = cold.results.reduce((sum, r) => sum + r.bytes, 0);
    console.log(
      probe
        ? `\ncold again, another child, /api/health polled every 10 ms meanwhile:`
        : `\ncold: ${requests.length} images (cover, dedication, 22 spreads), 2 at a time`,
    );
    console.log(
      `  whole preview ${ms(cold.total)}   ${probe ? '(with the probe)' : '(goal <= 1200 ms)'}`,
    );
    console.log(
      `  per image: median ${ms(percentile(coldTimes, 50))}, worst ${ms(Math.max(...coldTimes))}`,
    );
    console.log(
      `  sources: ${[...new Set(cold.results.map((r) => r.source))].join(', ')}; ${(bytes / 1024).toFixed(0)} KB in all, ${(bytes / 1024 / requests.length).toFixed(0)} KB an image`,
    );
    // Only the requests that started a render carry Server-Timing (read-ahead ones are 'shared').
    const timed = cold.results.filter((r) => 'encode' in r.timing);
    const phases = ['queue', 'svg', 'scene', 'figures', 'raster', 'composite', 'encode'].map(
      (name) => {
        const values = timed.map((r) => r.timing[name] ?? 0);
        return `${name} ${ms(percentile(values, 50))}`;
      },
    );
    console.log(
      `  per rendered image inside the server (Server-Timing, median of ${timed.length}): ${phases.join(', ')}`,
    );
    if (cpuBefore !== null && cpuAfter !== null) {
      const cpu = cpuAfter - cpuBefore;
      const cores = os.availableParallelism();
      console.log(
        `  server CPU time for it: ${ms(cpu)} (${ms(cpu / requests.length)} an image); on ${cores} idle cores that is >= ${ms(cpu / cores)} of wall time`,
      );
      if (mainBefore !== null && mainAfter !== null) {
        const main = mainAfter - mainBefore;
        console.log(
          `    of which the main thread ${ms(main)} (${ms(main / requests.length)} an image${probe ? ', /api/health polls included' : ''}), other threads ${ms(cpu - main)} (${ms((cpu - main) / requests.length)} an image)`,
        );
        const byName = new Map<string, number>();
        const busiest: string[] = [];
        for (const [tid, after] of threadsAfter) {
          const spent = after.ms - (threadsBefore.get(tid)?.ms ?? 0);
          if (spent > 0) byName.set(after.name, (byName.get(after.name) ?? 0) + spent);
          if (spent >= 50)
            busiest.push(`${tid === String(server.pid) ? 'main' : tid} ${after.name} ${ms(spent)}`);
        }
        console.log(`    threads that used 50 ms or more: ${busiest.join(', ')}`);
        console.log(
          `    by thread name: ${[...byName]
            .sort((a, b) => b[1] - a[1])
            .map(([name, spent]) => `${name} ${ms(spent)}`)
            .join(', ')}`,
        );
      }
    }
    // This process shares the cores with the server: its requests and health polls are CPU time
    // the server cannot have (part of the gap between the wall time and the server's CPU / cores).
    console.log(
      `  this benchmark's own CPU time meanwhile (requests${probe ? ', /api/health polls' : ''}): ${ms((client.user + client.system) / 1000)}`,
    );
    if (probe) {
      console.log(
        `  /api/health during the run: ${health.length} polls, p95 ${ms(percentile(health, 95))}, max ${ms(Math.max(...health))}   (goal <= 50 ms)`,
      );
    }
    return requests;
  }

  const requests = await coldRun(false);
  await coldRun(true);

  const cached = await wholePreview(requests);
  const cachedTimes = cached.results.map((r) => r.ms);
  console.log(`\ncached: whole preview ${ms(cached.total)}`);
  console.log(
    `  per image: median ${ms(percentile(cachedTimes, 50))}, worst ${ms(Math.max(...cachedTimes))}   (goal <= 5 ms)`,
  );
  console.log(`  sources: ${[...new Set(cached.results.map((r) => r.source))].join(', ')}`);

  // The parent goes back and picks other eyes for the child: every page again, same words.
  const changed = requests.map((req) => ({
    ...req,
    body: {
      ...req.body,
      personalizationDetails: (req.body.personalizationDetails as string[]).map((asset) =>
        asset.startsWith('kid_eyes_') ? 'kid_eyes_BE' : asset,
      ),
    },
  }));
  const again = await wholePreview(changed);
  const againTimes = again.results.map((r) => r.ms);
  console.log(`
after a character change (same name, new eyes): whole preview ${ms(again.total)}`);
  console.log(
    `  per image: median ${ms(percentile(againTimes, 50))}, worst ${ms(Math.max(...againTimes))}; sources: ${[...new Set(again.results.map((r) => r.source))].join(', ')}`,
  );

  // The preview page itself asks one image at a time and rests 100 ms after every 4th (SPEC
  // section 9); the server draws the next pages ahead meanwhile (PREVIEW_READ_AHEAD).
  const oneByOne = requestsFor(newName('Seq'));
  const seqStart = performance.now();
  const seqResults: Result[] = [];
  for (const [i, req] of oneByOne.entries()) {
    seqResults.push(await fetchOne(req));
    if ((i + 1) % 4 === 0 && i + 1 < oneByOne.length) await sleep(100);
  }
  const seqTotal = performance.now() - seqStart;
  const sources = seqResults.reduce<Record<string, number>>(
    (all, r) => ({ ...all, [r.source]: (all[r.source] ?? 0) + 1 }),
    {},
  );
  console.log(`
cold, as the preview page asks (one at a time, 100 ms rest after every 4th): ${ms(seqTotal)}   (builder goal <= 2500 ms)`);
  console.log(
    `  per image: median ${ms(
      percentile(
        seqResults.map((r) => r.ms),
        50,
      ),
    )}; sources: ${Object.entries(sources)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}; read-ahead ${process.env.PREVIEW_READ_AHEAD === '0' ? 'off' : 'on'}`,
  );

  if (!quick) {
    await stagesInProcess();
    const t0 = performance.now();
    const pdf = await renderInteriorPdf({
      language: 'en-gb',
      child: { name: 'Anna', gender },
      characters: defaultCharacters(gender),
      dedication: 'Dear Anna,\nyou can do it!\nLove, Mum and Dad',
      family,
    });
    console.log(
      `\nprint PDF (this process): ${PRINT_PAGE_COUNT} pages, ${(pdf.length / 1024 / 1024).toFixed(2)} MB in ${ms(performance.now() - t0)}`,
    );
  }
} finally {
  await stop();
}
