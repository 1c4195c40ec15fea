// `npm run bench:load`: 300 requests a second for 10 s at each of GET /api/order/summary/{id},
// GET /api/order/{id}/status and the home page, against the production server on a fresh data
// set (orders with two books each, made through the API), after 10 s of warm-up at 500 requests a
// second on twenty other orders and the home page, on every server and in the load generator itself
// (WARMUP=… seconds; with 3 s at 100 a second on the first server only, the first run still paid
// for V8 compiling the hot code while it was measured: a p99 of 80 ms where the warmed run gave
// 6 ms, 355 ms on two servers). Each target is loaded
// twice: by autocannon, whose rate limit sends each second's requests in a burst at the start of
// the second (each answer's own latency; its coordinated-omission correction is off, see
// scripts/paced-load.ts), then steadily, one request every 1000/RATE ms with each latency counted
// from when the request was due (scripts/paced-load.ts), which is what "300 requests a second"
// means for visitors who arrive independently. Prints p50/p99/max latency, errors,
// non-2xx answers and requests served. PGlite by default; `-- --postgres` runs it on a new
// database on TEST_DATABASE_URL's server. RATE=…, DURATION=… (seconds), ORDERS=… change the load;
// ONLY=summary,status,home,asset-br picks targets. Also prints the server's CPU time per request (user +
// system, from /proc: it does not depend on what else loads the machine). SERVER_CPU_PROF=dir
// writes the server's V8 CPU profile there (read it with scripts/cpu-profile-summary.ts). The
// server's event-loop delay during each run (p50/p99/max: how long a request waited behind other
// work) comes from scripts/event-loop-probe.mjs. `summary` and `home` ask as curl does (no
// Accept-Encoding), `summary-br` and `home-br` as a browser does (gzip, deflate, br).
// RATES=1000,3000 runs each target at each rate in turn on the same server (RATE: one rate).
// ARRIVALS=poisson makes the steady run's arrivals independent (exponential gaps at the same mean
// rate: visitors who do not know of each other), else one every 1000/RATE ms. LOADERS=paced leaves
// autocannon out. `-- --postgres --instances 2`: two servers on the one PostgreSQL (the first runs
// the migrations), the load split between them request by request (as a balancer would), each
// server's CPU per request its own. Prints the machine's load average with every run.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPostgresDatabase, startServer } from '../tests/servers/server-process.ts';
import { savePayload } from '../tests/api/orders-helpers.ts';
import { pacedLoad } from './paced-load.ts';

const rates = (process.env.RATES ?? process.env.RATE ?? '300').split(',').map(Number);
const arrivals = process.env.ARRIVALS === 'poisson' ? 'poisson' : 'steady';
const withAutocannon = process.env.LOADERS !== 'paced';
const instancesAt = process.argv.indexOf('--instances');
const instances = instancesAt > 0 ? Number(process.argv[instancesAt + 1] ?? 1) : 1;
if (instances > 1 && !process.argv.includes('--postgres'))
  throw new Error('--instances needs --postgres: a PGlite folder is one process’s.');
const seconds = Number(process.env.DURATION ?? 10);
const orderCount = Number(process.env.ORDERS ?? 50);
const warmupSeconds = Number(process.env.WARMUP ?? 10);
const postgres = process.argv.includes('--postgres');
const only = process.env.ONLY?.split(',');
const profileDir = process.env.SERVER_CPU_PROF;

/** The process's user + system CPU time in ms (Linux /proc), or null elsewhere. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return null;
  }
}

const database = postgres
  ? await createPostgresDatabase(
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres',
    )
  : null;
const probeFile = path.join(os.tmpdir(), `storymade-loop-delay-${process.pid}.json`);
const startOne = (probe: string) =>
  startServer(
    {
      RATE_LIMIT_SCALE: '1000',
      EVENT_LOOP_PROBE_FILE: probe,
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      path.resolve('scripts/event-loop-probe.mjs'),
    ],
  );
// One after another: the first runs the migrations.
const server = await startOne(probeFile);
const others = [];
for (let i = 1; i < instances; i++) others.push(await startOne(`${probeFile}.${i}`));
const servers = [server, ...others];
const urls = servers.map((s) => s.url);

/** The servers' CPU in ms (each), for cpuPerRequest. */
function serversCpu(): (number | null)[] {
  return servers.map((s) => cpuMs(s.child.pid));
}

/** `; server CPU … ms per request` since `before` (serversCpu) over `requests`, or '' where /proc is not there. */
function cpuPerRequest(before: (number | null)[], requests: number): string {
  const after = serversCpu();
  if (before.some((v) => v === null) || after.some((v) => v === null)) return '';
  // Each server got its share of the requests.
  const each = after.map((value, i) =>
    ((value! - before[i]!) / Math.max(1, requests / servers.length)).toFixed(2),
  );
  return `; server CPU ${each.join(' / ')} ms per request`;
}

/** The server's event-loop delay since the last call (scripts/event-loop-probe.mjs), or null. */
async function loopDelay(): Promise<string | null> {
  const before = existsSync(probeFile) ? statSync(probeFile).mtimeMs : 0;
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (existsSync(probeFile) && statSync(probeFile).mtimeMs !== before) {
      const { p50, p99, max, gc } = JSON.parse(readFileSync(probeFile, 'utf8')) as Record<
        string,
        number | string
      >;
      return `event-loop delay p50 ${p50} ms, p99 ${p99} ms, max ${max} ms; garbage collection ${gc}`;
    }
  }
  return null;
}
/**
 * The carts' browser: the cart key (routes/cart-access.ts) it sends with every request, so the
 * summaries it asks for are its own (a browser with a key keeps it for every cart it makes).
 */
const CART = `sm_cart=${randomBytes(32).toString('base64url')}`;

/** `count` orders with two books each, made through the API. */
async function makeOrders(count: number): Promise<string[]> {
  const orderIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const language = (['lv', 'en-GB', 'en-US'] as const)[i % 3];
    const post = (url: string, body: unknown) =>
      fetch(server.url + url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: CART },
        body: JSON.stringify(body),
      });
    const created = (await (
      await post('/api/order', savePayload({ country: language }))
    ).json()) as { orderId: string };
    await post(
      '/api/orderItems',
      savePayload({ country: language, orderId: created.orderId, cover: 'softcover' }),
    );
    orderIds.push(created.orderId);
  }
  return orderIds;
}

/**
 * The generator's connections, kept from the warm-up through every run as a proxy in front of the
 * servers keeps its own: opened anew for each run, its first requests waited for new connections
 * (up to 256 per server, when the first answers were slow) as well as for their answers.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

try {
  // The server's code warmed up first (V8 compiles what runs often) on orders of their own, so the
  // measured orders' answers are still to be computed when the runs start. Twenty orders in three
  // markets, so that computing a summary is compiled too on every server (five orders in one market
  // were five computations a server).
  const warmIds = await makeOrders(20);
  const warmPaths = warmIds.flatMap((id) => [
    ...['lv', 'en-GB', 'en-US'].map((country) => `/api/order/summary/${id}?country=${country}`),
    `/api/order/${id}/status`,
  ]);
  // Every server warmed (with several, each compiles its own code) and the load generator too (its
  // node:http client is compiled the same way): the browser's home page and the carts' requests,
  // side by side, at 250 requests a second each.
  const warmHome = pacedLoad({
    url: urls,
    rate: 250,
    seconds: warmupSeconds,
    arrivals,
    path: () => '/',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    agent,
  });
  await pacedLoad({
    url: urls,
    rate: 250,
    seconds: warmupSeconds,
    arrivals,
    path: () => warmPaths[Math.floor(Math.random() * warmPaths.length)]!,
    headers: { cookie: CART },
    agent,
  });
  await warmHome;
  const orderIds = await makeOrders(orderCount);
  // Then until every server is idle (under 5% of a core for a second): what making the orders left
  // to do in the background (summaries computed ahead, jobs) is done before the clock starts.
  const settleStart = performance.now();
  for (let quiet = false; !quiet && performance.now() - settleStart < 120_000;) {
    const before = serversCpu();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = serversCpu();
    quiet = after.every((value, i) => value === null || value - before[i]! < 50);
  }
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
  const pick = () => orderIds[Math.floor(Math.random() * orderIds.length)]!;
  console.log(
    `Data set: ${orderIds.length} orders with 2 books each (${postgres ? `PostgreSQL, ${instances} server${instances > 1 ? 's' : ''}` : 'PGlite'}); ${rates.join(' and ')} requests/s for ${seconds} s each; machine load (uptime): ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ', ',
      )} on ${os.cpus().length} cores; the servers idle after ${((performance.now() - settleStart) / 1000).toFixed(0)} s`,
  );

  const targets: [string, string, () => string, Record<string, string>?][] = [
    [
      'summary',
      'GET /api/order/summary/{id}',
      () => `/api/order/summary/${pick()}?country=lv`,
      { cookie: CART },
    ],
    ['status', 'GET /api/order/{id}/status', () => `/api/order/${pick()}/status`, { cookie: CART }],
    [
      'summary-br',
      'GET /api/order/summary/{id} (Accept-Encoding: gzip, deflate, br)',
      () => `/api/order/summary/${pick()}?country=lv`,
      { ...BROWSER, cookie: CART },
    ],
  ];
  if (existsSync(path.join('dist', 'client', 'index.html'))) {
    targets.push(['home', 'GET / (home page)', () => '/']);
    targets.push([
      'home-br',
      'GET / (home page, Accept-Encoding: gzip, deflate, br)',
      () => '/',
      BROWSER,
    ]);
    // The largest script of the build, as a browser asks for it (the static files' answer).
    const assets = path.join('dist', 'client', 'assets');
    const [script] = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size);
    if (script)
      targets.push([
        'asset-br',
        `GET /assets/${script} (a static file, Accept-Encoding: gzip, deflate, br)`,
        () => `/assets/${script}`,
        BROWSER,
      ]);
  } else
    console.log('The client is not built (npm run build): the home page and assets are left out.');

  for (const rate of rates)
    for (const [key, name, next, headers] of targets) {
      if (only && !only.includes(key)) continue;
      console.log(`${name} at ${rate} requests/s:`);
      if (withAutocannon) {
        await loopDelay();
        const cpuBefore = serversCpu();
        const result = await autocannon({
          url: server.url,
          connections: 20,
          overallRate: rate,
          // Each answer's own latency (see scripts/paced-load.ts for why not autocannon's correction).
          ignoreCoordinatedOmission: true,
          duration: seconds,
          ...(headers ? { headers } : {}),
          requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
        });
        const cpu = cpuPerRequest(cpuBefore, result.requests.total * servers.length);
        const delay = await loopDelay();
        const l = result.latency;
        console.log(
          `  autocannon (each second's requests in a burst${servers.length > 1 ? ', the first server only' : ''}): p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms; ${result.requests.total} served (${result.requests.average}/s), errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}${cpu}${delay ? `; ${delay}` : ''}; load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
      await loopDelay();
      const pacedCpuBefore = serversCpu();
      const paced = await pacedLoad({
        url: urls,
        rate,
        seconds,
        arrivals,
        path: next,
        ...(headers ? { headers } : {}),
        agent,
      });
      const pacedCpu = cpuPerRequest(pacedCpuBefore, paced.served);
      const pacedDelay = await loopDelay();
      console.log(
        `  ${arrivals === 'poisson' ? `Poisson (independent arrivals, ${rate}/s on average` : `steady (one request every ${(1000 / rate).toFixed(2)} ms`}${servers.length > 1 ? `, split between ${servers.length} servers` : ''}, latency from when it was due): p50 ${paced.p50} ms, p99 ${paced.p99} ms, max ${paced.max} ms; ${paced.served} served of ${Math.round(rate * seconds)}, errors ${paced.errors}, non-2xx ${paced.non2xx}, sent late ${paced.late}${pacedCpu}; generator CPU ${paced.generatorCpu} ms per request${pacedDelay ? `; ${pacedDelay}` : ''}; load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
} finally {
  agent.destroy();
  for (const each of servers) await each.stop();
  await database?.drop();
  rmSync(probeFile, { force: true });
  for (let i = 1; i < servers.length; i++) rmSync(`${probeFile}.${i}`, { force: true });
}
