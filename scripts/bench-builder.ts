// `npm run bench:builder`: a Playwright benchmark of the builder against the production server
// (fresh data folder, Debian's Chromium). Prints
//   (a) the time from choosing a character option to the picture being repainted: to the DOM
//       change, and to the next painted frame (goal: within one frame, 16 ms);
//   (b) the preview (#34), once as is and once with Chromium's CPU slowed 4x (CDP
//       Emulation.setCPUThrottlingRate): Continue on the dedication -> the first page visible
//       (goal 100 ms; 4x: 300 ms) and all its pages in (1 s; 4x: 3 s); a changed dedication ->
//       the dedication page on the dedication step drawn again (4x: 50 ms), and Continue -> the
//       preview open on it with the new words; the preview image requests the page made and
//       the server's CPU meanwhile (a browser that draws its own pages: none, about 0 ms);
//   (c) the gzipped JavaScript the builder's first step loads on a fresh visit;
//   (d) what the later steps load: the preview's drawing chunk (gzipped) and fonts, file by file.
// Needs a built client (npm run build). RUNS=40 option changes by default; FILES=1 lists the first step's files. PROFILE=file.cpuprofile
// writes the page's CPU profile from Continue to all pages in (1x; TRACE=file.json: a Chromium
// trace; open them in Chrome's DevTools); TRACE_REDRAW=file.json, PROFILE_REDRAW=file.cpuprofile:
// the same of the 4x redraw of the dedication step's page after a changed dedication.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

const RUNS = Number(process.env.RUNS ?? 40);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The server process's CPU time so far (ms): user + system, from /proc. */
function serverCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * From the character step to the preview: names, then the dedication; `Continue` is pressed inside
 * the page and timed there to the first frame that shows the first page (an inline SVG, or a
 * decoded image from the server) and to all 24 thumbnails' pictures in. Then back to the dedication, a new
 * line, `Continue`: the time to the page on screen (the dedication page) drawn with it.
 */
async function measurePreview(page: Page, childName: string, cpuRate: number) {
  await page.getByLabel("Child's name").fill(childName);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Dad's name").fill('Jānis');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Mum's name").fill('Anna');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Your dedication').waitFor();
  // As a parent would: a moment on the dedication step (the drawing chunk loads at idle meanwhile).
  // The server's CPU while nothing is asked of it (its own timers): the baseline for the preview's.
  const idleBefore = serverCpuMs(server.pid!);
  const idleStart = performance.now();
  await page.waitForTimeout(1500);
  const idleCpuPerMs = (serverCpuMs(server.pid!) - idleBefore) / (performance.now() - idleStart);
  let requests = 0;
  const apiCalls = new Map<string, number>();
  page.on('request', (request) => {
    if (request.url().includes('/api/preview/')) requests++;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) apiCalls.set(pathname, (apiCalls.get(pathname) ?? 0) + 1);
  });
  const cdp = await page.context().newCDPSession(page);
  if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  const cpuBefore = serverCpuMs(server.pid!);
  const windowStart = performance.now();
  const profile = process.env.PROFILE && cpuRate === 1 ? process.env.PROFILE : null;
  const trace = process.env.TRACE && cpuRate === 1 ? process.env.TRACE : null;
  if (trace) await browser.startTracing(page, { path: trace, screenshots: false });
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const timing = (await inPage(page, IN_PAGE_PREVIEW, null)) as {
    first: number;
    all: number;
    drawer: string;
  };
  if (profile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    writeFileSync(profile, JSON.stringify(cpuProfile));
  }
  if (trace) await browser.stopTracing();
  await page.waitForTimeout(1000); // the server's read-ahead, if any, finishes
  const serverCpu = serverCpuMs(server.pid!) - cpuBefore;
  const idleCpu = idleCpuPerMs * (performance.now() - windowStart);
  const calls = [...apiCalls].map(([path, n]) => `${path} x${n}`).join(', ') || 'none';
  // Show the dedication page, go back, change the dedication (the page on the step is drawn again)
  // and come back to the preview.
  await page.locator('.book-preview__thumb').nth(1).click();
  await page.goBack();
  await page.getByLabel('Your dedication').waitFor();
  await page.locator('.dedication__page [data-page-svg]').waitFor();
  await page.waitForTimeout(500); // the drawing ahead the step starts settles
  const redrawTrace = process.env.TRACE_REDRAW && cpuRate !== 1 ? process.env.TRACE_REDRAW : null;
  if (redrawTrace) await browser.startTracing(page, { path: redrawTrace, screenshots: false });
  const redrawProfile =
    process.env.PROFILE_REDRAW && cpuRate !== 1 ? process.env.PROFILE_REDRAW : null;
  if (redrawProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const changed = (await inPage(page, IN_PAGE_DEDICATION, {
    text: `For ${childName}, who keeps trying.`,
    words: 'keeps trying',
  })) as number;
  if (redrawTrace) await browser.stopTracing();
  const redraw = (await inPage(page, IN_PAGE_REDRAW, 'keeps trying')) as number;
  if (redrawProfile) {
    const { profile: cpuProfile } = await cdp.send('Profiler.stop');
    writeFileSync(redrawProfile, JSON.stringify(cpuProfile));
  }
  if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    ...timing,
    changed,
    redraw,
    requests,
    serverCpuMs: serverCpu.toFixed(0),
    idleCpuMs: idleCpu.toFixed(0),
    calls,
  };
}

/** Runs `fn(arg)` in the page from its source (tsx names functions with a helper the page lacks). */
function inPage(page: Page, fn: (arg: never) => unknown, arg: unknown): Promise<unknown> {
  return page.evaluate(
    `(() => { const __name = (f) => f; return (${fn.toString()})(${JSON.stringify(arg)}); })()`,
  );
}

/** In the page: press Continue, then the frames that first show the first page and all 24. */
const IN_PAGE_PREVIEW = async () => {
  const until = (ready: () => boolean) =>
    new Promise<number>((resolve) => {
      const tick = () => (ready() ? resolve(performance.now()) : requestAnimationFrame(tick));
      tick();
    });
  const shown = (root: Element | null) => {
    if (!root) return false;
    if (root.querySelector('[data-page-svg] svg')) return true;
    const img = root.querySelector('img');
    return !!img && img.complete && img.naturalWidth > 0;
  };
  const button = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'Continue',
  )!;
  const start = performance.now();
  button.click();
  const first =
    (await until(() => shown(document.querySelector('.book-preview__stage .book-preview__page')))) -
    start;
  const all =
    (await until(
      // every page the preview lists (the back cover made it 25: waiting for 24 never ended)
      () => {
        const thumbs = document.querySelectorAll('.book-preview__thumb').length;
        return (
          thumbs > 0 &&
          document.querySelectorAll('.book-preview__thumb--ready img').length === thumbs
        );
      },
    )) - start;
  const drawer = document.querySelector('.book-preview__stage [data-page-svg]')
    ? 'the browser'
    : 'the server';
  return { first, all, drawer };
};

/**
 * In the page, on the dedication step: the dedication changed as typing changes it (an input
 * event), then the frame that shows the step's dedication page drawn with `words`.
 */
const IN_PAGE_DEDICATION = async ({ text, words }: { text: string; words: string }) => {
  const area = document.querySelector('textarea')!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  const start = performance.now();
  setValue.call(area, text);
  area.dispatchEvent(new Event('input', { bubbles: true }));
  return (
    (await new Promise<number>((resolve) => {
      const tick = () => {
        const drawn = document.querySelector('.dedication__page [data-page-svg]')?.textContent;
        if (drawn?.includes(words)) resolve(performance.now());
        else requestAnimationFrame(tick);
      };
      tick();
    })) - start
  );
};

/** In the page: press Continue, then the frame that shows the page on screen with `words`. */
const IN_PAGE_REDRAW = async (words: string) => {
  const button = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === 'Continue',
  )!;
  const start = performance.now();
  button.click();
  return (
    (await new Promise<number>((resolve) => {
      const tick = () => {
        const stage = document.querySelector('.book-preview__stage .book-preview__page');
        const text = stage?.querySelector('[data-page-svg]')?.textContent ?? '';
        const img = stage?.querySelector('img');
        // A server image cannot be read: its arrival (a new, decoded image) stands for the change.
        const ready =
          text.includes(words) ||
          (!!img &&
            img.complete &&
            img.naturalWidth > 0 &&
            !stage?.querySelector('[data-page-svg]'));
        if (ready) resolve(performance.now());
        else requestAnimationFrame(tick);
      };
      tick();
    })) - start
  );
};

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, worst ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'storymade-bench-builder-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  // RATE_LIMIT_SCALE: one client playing many parents would meet the per-client limits.
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    RATE_LIMIT_SCALE: '1000',
  },
  stdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 1800) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  // The server draws in the background after it starts (its preview warm-up of every family
  // shape's figures): wait until it has used under 10% of a core for half a second, so the
  // server CPU printed for a preview is the preview's own.
  const settleStart = performance.now();
  const settleCpu = serverCpuMs(server.pid!);
  let lastCpu = settleCpu;
  for (let quiet = 0; quiet < 2 && performance.now() - settleStart < 180_000;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = serverCpuMs(server.pid!);
    quiet = now - lastCpu < 25 ? quiet + 1 : 0;
    lastCpu = now;
  }
  console.log(
    `server settled after its start (background warm-up) in ${Math.round(performance.now() - settleStart)} ms, ${Math.round(lastCpu - settleCpu)} ms of server CPU`,
  );
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 820 } });
    await context.addCookies([{ name: 'LANGUAGE_CODE', value: 'en-GB', url: base }]);
    await context.addInitScript(() => {
      localStorage.setItem(
        'cookie_consent',
        JSON.stringify({
          analytics: 'denied',
          ads: 'denied',
          personalization: 'denied',
          user_data: 'denied',
          ad_personalization: 'denied',
          functionality: 'granted',
          security: 'granted',
        }),
      );
    });
    return context;
  };
  const context = await newContext();
  const page = await context.newPage();

  // (c) JavaScript of the first step on a fresh visit.
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      /* a redirect has no body */
    }
  });
  await page.goto(`${base}/personalizeTest/football_story`);
  await page.waitForURL(/\/personalize\/football_story$/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const firstStepJs = [...scripts.values()].reduce((a, b) => a + b, 0);
  page.removeAllListeners('response');
  // What the later steps load (the preview's drawing chunk among them): gzipped JS, fonts as sent.
  const later = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') && !url.endsWith('.woff2')) return;
    try {
      const body = await response.body();
      later.set(url, url.endsWith('.js') ? gzipSync(body, { level: 9 }).length : body.length);
    } catch {
      /* no body */
    }
  });

  // (a) option -> picture repainted, measured inside the page.
  const timings = await page.evaluate(async (runs) => {
    const picture = document.querySelector('.character-stage__picture');
    const radios = [
      ...document.querySelectorAll<HTMLInputElement>('.option-group input[type="radio"]'),
    ];
    if (!picture || radios.length < 2) throw new Error('no picture or options found');
    const toDom: number[] = [];
    const toFrame: number[] = [];
    for (let i = 0; i < runs; i++) {
      const unchecked = radios.filter((r) => !r.checked);
      const radio = unchecked[i % unchecked.length]!;
      const changed = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(picture, {
          childList: true,
          subtree: true,
          attributes: true,
          characterData: true,
        });
        setTimeout(() => {
          observer.disconnect();
          resolve(Number.NaN);
        }, 2000);
      });
      const start = performance.now();
      radio.click();
      const domAt = await changed;
      const frameAt = await new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve(performance.now())),
      );
      if (Number.isNaN(domAt)) continue; // that choice did not change the picture
      toDom.push(domAt - start);
      toFrame.push(frameAt - start);
      await new Promise((r) => setTimeout(r, 50));
    }
    return { toDom, toFrame };
  }, RUNS);

  // (b) the preview, drawn in this browser (#34), unthrottled and with the CPU slowed 4x.
  const fresh = await measurePreview(page, 'Ella', 1);
  const context4 = await newContext();
  const page4 = await context4.newPage();
  await page4.goto(`${base}/personalizeTest/football_story`);
  await page4.waitForURL(/\/personalize\/football_story$/);
  const slow = await measurePreview(page4, 'Marta', 4);
  await context4.close();

  console.log(
    `(a) option chosen -> picture changed in the DOM: ${stats(timings.toDom)} (${RUNS} changes)`,
  );
  console.log(
    `(a) option chosen -> next painted frame:        ${stats(timings.toFrame)} (goal: within one frame, 16 ms)`,
  );
  for (const [label, m] of [
    ['1x', fresh],
    ['4x', slow],
  ] as const) {
    console.log(
      `(b) ${label} preview opened -> first page visible:  ${m.first.toFixed(0)} ms (goal <= ${label === '1x' ? 100 : 300} ms; drawn by ${m.drawer})`,
    );
    console.log(
      `(b) ${label} preview opened -> all pages shown:  ${m.all.toFixed(0)} ms (goal <= ${label === '1x' ? 1000 : 3000} ms)`,
    );
    console.log(
      `(b) ${label} dedication changed -> the page on screen redrawn: ${m.changed.toFixed(0)} ms (goal <= 50 ms at 4x)`,
    );
    console.log(
      `(b) ${label} then Continue -> the preview open on that page: ${m.redraw.toFixed(0)} ms (as the preview opening: goal <= ${label === '1x' ? 100 : 300} ms)`,
    );
    console.log(
      `(b) ${label} preview image requests: ${m.requests} (server CPU for the preview: ${m.serverCpuMs} ms; idle for as long: ${m.idleCpuMs} ms; API calls meanwhile: ${m.calls})`,
    );
  }
  console.log(
    `(c) first step JavaScript (fresh visit):       ${(firstStepJs / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`,
  );
  // The first step's files, largest first (FILES=1 lists them).
  if (process.env.FILES)
    for (const [url, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  const lazy = [...later.entries()].filter(([url]) => !scripts.has(url));
  const lazyJs = lazy.filter(([url]) => url.endsWith('.js')).reduce((a, [, n]) => a + n, 0);
  const lazyFonts = lazy.filter(([url]) => url.endsWith('.woff2')).reduce((a, [, n]) => a + n, 0);
  console.log(
    `(d) loaded after the first step (the later steps and the preview's drawing chunk): ${(lazyJs / 1024).toFixed(1)} KB gzipped JavaScript in ${lazy.filter(([u]) => u.endsWith('.js')).length} files + ${(lazyFonts / 1024).toFixed(1)} KB of WOFF2 fonts`,
  );
  for (const [url, bytes] of lazy)
    console.log(`    ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
