// Lighthouse (mobile preset: Moto G Power emulation, slow 4G, 4x CPU slowdown) for Home and the
// product page against the production server, in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium). Prints performance, accessibility, best practices and SEO scores and the LCP.
// Needs a built client (npm run build). Options: RUNS=3 (median per page), LANGUAGE=lv|en-GB|en-US,
// THROTTLING=devtools (default simulate), BASE_URL=http://... to measure a server that is already
// running, VERBOSE=1 for the failing audits, long tasks (with the blocking time each adds, and the
// observed main-thread tasks behind them: scripts/lighthouse-tasks.ts), layout shifts, LCP element
// and requests, LHR_DIR=dir to keep each run's full report and trace, PAGES=/,/about to measure
// other paths. Each page (and the files its HTML names) is asked for once before it is measured
// (warmUp), so the first run does not measure a server that has just started. REFERENCE=1 measures
// a reference page as well (referencePage): what this machine and Chromium give any page.
// Run: npm run bench:lighthouse
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './bench-server.ts';
import { describeBlockingTime } from './lighthouse-tasks.ts';

const PAGES = process.env.PAGES?.split(',') ?? ['/', '/YouCanDoIt'];
const RUNS = Number(process.env.RUNS ?? 1);
const LANGUAGE = process.env.LANGUAGE ?? 'en-GB';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// 'simulate' (Lighthouse's default, and the figure #13 asks for) measures an unthrottled load and
// replays it in a model of a slow phone (Lantern); 'devtools' slows the real load down in Chromium
// (4x CPU, slow 4G) and measures it. The two disagree most on TBT (see docs/benchmarks.md).
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';

/**
 * Asks the server once for the page and each file its HTML names, as a visitor's browser would,
 * before the page is measured: a live shop's server has served them before (its page cache holds
 * the page, its code is compiled, its file cache holds the files), while a server just started for
 * the benchmark would spend the first measured run's load on that (~120 ms for the page alone, on
 * the cores the browser measures with).
 */
async function warmUp(url: string): Promise<void> {
  const headers = { Cookie: `LANGUAGE_CODE=${LANGUAGE}`, 'Accept-Encoding': 'br, gzip' };
  const html = await (await fetch(url, { headers })).text();
  const files = new Set(
    [...html.matchAll(/(?:src|href)="(\/(?:assets|images)\/[^"]+)"/g)].map((match) => match[1]!),
  );
  for (const file of files) await (await fetch(new URL(file, url), { headers })).arrayBuffer();
}

/**
 * A page with a heading and a paragraph, no stylesheet, script or picture, and none of the shop's
 * headers, served here: its scores are the floor of this machine and Chromium (the browser's own
 * work to start a page, and its processes and Lighthouse's sharing the cores with the page).
 */
async function referencePage(): Promise<{ url: string; stop: () => void }> {
  const html = Buffer.from(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<title>Reference</title><meta name="description" content="A heading and a paragraph."></head>' +
      '<body><h1>Reference</h1><p>One paragraph of text and nothing else: no stylesheet, no script, no picture.</p></body></html>',
  );
  const reference = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': html.length,
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(reference.address() as AddressInfo).port}/`,
    stop: () => reference.close(),
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = process.env.BASE_URL
  ? { url: process.env.BASE_URL, stop: () => {} }
  : await startServer('lighthouse');
const reference = process.env.REFERENCE === '1' ? await referencePage() : null;
const targets = [
  ...PAGES.map((page) => ({ page, url: `${server.url}${page}` })),
  ...(reference ? [{ page: 'reference', url: reference.url }] : []),
];
// Chromium 156 starts the browser's own omnibox popup as a web page (a `--top-chrome-webui`
// renderer) even when headless; it took ~2 s of CPU during each measured load on this two-core
// machine, so every task of the page measured two to four times longer. These features are off,
// added to chrome-launcher's own list (a second --disable-features would replace it).
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'PreloadTopChromeWebUI',
];
const defaultFlags = chromeLauncher.Launcher.defaultFlags();
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  ignoreDefaultFlags: true,
  chromeFlags: [
    ...defaultFlags.map((flag) =>
      flag.startsWith('--disable-features=') ? `${flag},${DISABLED_FEATURES.join(',')}` : flag,
    ),
    ...(defaultFlags.some((flag) => flag.startsWith('--disable-features='))
      ? []
      : [`--disable-features=${DISABLED_FEATURES.join(',')}`]),
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  console.log(
    `Lighthouse ${LANGUAGE}, mobile preset, ${THROTTLING} throttling, ${RUNS} run(s) per page, median`,
  );
  console.log('page           perf  a11y  best   seo   LCP ms   FCP ms   TBT ms    CLS');
  for (const { page, url } of targets) {
    await warmUp(url);
    const runs: Record<string, number>[] = [];
    for (let i = 0, failures = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        extraHeaders: { Cookie: `LANGUAGE_CODE=${LANGUAGE}` },
        throttlingMethod: THROTTLING,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (lhr.runtimeError) {
        // A broken trace (NO_NAVSTART and the like, mostly on a busy machine) is measured again, up to 3 times.
        console.log(`  ${page}: ${lhr.runtimeError.code}, measuring again`);
        if (++failures > 3)
          throw new Error(`Lighthouse failed on ${page}: ${lhr.runtimeError.message}`);
        i--;
        continue;
      }
      if (process.env.LHR_DIR) {
        mkdirSync(process.env.LHR_DIR, { recursive: true });
        writeFileSync(
          path.join(process.env.LHR_DIR, `${LANGUAGE}${page.replaceAll('/', '_')}-${i}.json`),
          JSON.stringify(lhr),
        );
        // The run's trace too, to open in DevTools' Performance panel.
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(
            path.join(
              process.env.LHR_DIR,
              `${LANGUAGE}${page.replaceAll('/', '_')}-${i}.trace.json`,
            ),
            JSON.stringify(trace),
          );
      }
      for (const warning of lhr.runWarnings) console.log(`  ${page}: ${warning}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        perf: score('performance'),
        a11y: score('accessibility'),
        best: score('best-practices'),
        seo: score('seo'),
        lcp: audit('largest-contentful-paint'),
        fcp: audit('first-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
      if (process.env.VERBOSE) {
        for (const [id, a] of Object.entries(lhr.audits)) {
          if (
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable'
          )
            console.log(`  ${id}: ${a.score} ${a.displayValue ?? ''}`);
        }
        const items = (id: string) =>
          (lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
        console.log('  layout shifts:', JSON.stringify(items('layout-shifts')).slice(0, 600));
        console.log(
          '  long tasks:',
          JSON.stringify(
            items('long-tasks').map((t) => {
              const q = t as { url: string; duration: number; startTime: number };
              return `${q.url.replace(server.url, '')} @${Math.round(q.startTime)} ${Math.round(q.duration)}ms`;
            }),
          ).slice(0, 1200),
        );
        console.log(
          '  bootup:',
          JSON.stringify(
            items('bootup-time').map((t) => {
              const q = t as { url: string; scripting: number; scriptParseCompile: number };
              return `${q.url.replace(server.url, '')} script ${Math.round(q.scripting)} parse ${Math.round(q.scriptParseCompile)}`;
            }),
          ).slice(0, 1200),
        );
        const trace = (
          result.artifacts as {
            Trace?: { traceEvents: Parameters<typeof describeBlockingTime>[2] };
          }
        ).Trace;
        const longTasks = items('long-tasks') as Parameters<typeof describeBlockingTime>[0];
        for (const line of describeBlockingTime(
          longTasks,
          audit('first-contentful-paint'),
          trace?.traceEvents ?? [],
          server.url,
        ))
          console.log(line);
        console.log(
          '  LCP element:',
          JSON.stringify(items('largest-contentful-paint-element')).slice(0, 400),
        );
        console.log(
          '  requests:',
          JSON.stringify(
            items('network-requests').map((r) => {
              const q = r as {
                url: string;
                networkRequestTime?: number;
                networkEndTime?: number;
                transferSize: number;
              };
              return `${q.url.replace(server.url, '')} ${Math.round(q.networkRequestTime ?? 0)}-${Math.round(q.networkEndTime ?? 0)} ${q.transferSize}`;
            }),
          ).slice(0, 2500),
        );
      }
    }
    const m = (key: string) => median(runs.map((r) => r[key] ?? NaN));
    console.log(
      `${page.padEnd(13)} ${String(m('perf')).padStart(5)} ${String(m('a11y')).padStart(5)} ${String(m('best')).padStart(5)} ${String(m('seo')).padStart(5)} ${m('lcp').toFixed(0).padStart(8)} ${m('fcp').toFixed(0).padStart(8)} ${m('tbt').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(6)}`,
    );
  }
} finally {
  chrome.kill();
  server.stop();
  reference?.stop();
}
