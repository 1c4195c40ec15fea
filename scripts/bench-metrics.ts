// `npm run bench:metrics`: what the request metrics (platform/metrics.ts: a duration
// histogram per route pattern, method and status class) cost each request. The same small Hono
// app (a route with a parameter, and the API's request-id middleware in front, as in the shop)
// is asked REQUESTS (50,000) times in this process with and without the metrics middleware,
// alternately, ROUNDS (7) times; prints the CPU per request of each and the median difference, and
// the cost of one scrape of GET /api/metrics' text (Prometheus format) with those samples in it.
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { metricsRegistry, requestMetrics } from '#server/platform/metrics.ts';

const requests = Number(process.env.REQUESTS ?? 50_000);
const rounds = Number(process.env.ROUNDS ?? 7);

function appWith(metrics: boolean) {
  const app = new Hono();
  if (metrics) app.use(requestMetrics());
  app.use(requestId());
  app.get('/api/order/summary/:orderId', (c) => c.json({ orderId: c.req.param('orderId') }));
  return app;
}

const paths = Array.from({ length: 100 }, (_, i) => `/api/order/summary/order-${i}`);
async function cpuPerRequest(app: Hono): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) {
    const res = await app.request(paths[i % paths.length]!);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / requests;
}

const plain = appWith(false);
const measured = appWith(true);
// Warm-up: V8 compiles both paths first.
await cpuPerRequest(plain);
await cpuPerRequest(measured);
const withouts: number[] = [];
const withs: number[] = [];
for (let round = 0; round < rounds; round++) {
  withouts.push(await cpuPerRequest(plain));
  withs.push(await cpuPerRequest(measured));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const differences = withs.map((value, i) => value - withouts[i]!);
console.log(
  `Without the metrics: ${median(withouts).toFixed(4)} ms CPU per request; with: ${median(withs).toFixed(4)} ms; the metrics cost ${median(differences).toFixed(4)} ms per request (median of ${rounds} rounds of ${requests} requests; differences ${differences.map((d) => d.toFixed(4)).join(', ')})`,
);
const scrapeStart = process.cpuUsage();
const text = await metricsRegistry().metrics();
const scrape = process.cpuUsage(scrapeStart);
console.log(
  `One scrape of the process's metrics: ${((scrape.user + scrape.system) / 1000).toFixed(2)} ms CPU, ${text.length} characters`,
);
