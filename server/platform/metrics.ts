// The numbers a running shop shows, in the Prometheus text format (prom-client), read at
// GET /api/metrics with the METRICS_TOKEN bearer token (routes/metrics.ts). docs/operations.md
// lists them with the alerts worth setting. Two kinds:
// - this process's own, counted as they happen: request durations per route pattern and status
//   class, event-loop delay and the rest of Node's defaults, page-cache lookups, statements sent
//   to the database, mails the relay refused;
// - the shop's, read from the database when scraped (one read per scrape, shared by scrapes at
//   the same time): the job queue per kind (depth, oldest due job's age), payments and
//   refunds by outcome, print-proof failures, hand-offs to print. They are the same on every
//   instance (one database): aggregate them with max(), not sum().
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client.ts';

/** The route label of a page (set by the page handler; the router's pattern is '*' for every page). */
export const ROUTE_LABEL = 'metricsRoute';

/** The registry of this process: one per process (prom-client's own metrics are per process). */
let registry: Registry | undefined;
let httpDuration: Histogram<'method' | 'route' | 'status'> | undefined;
let pageCache: Counter<'result'> | undefined;
let mailFailures: Counter | undefined;

function histogram(): Histogram<'method' | 'route' | 'status'> {
  metricsRegistry();
  return httpDuration!;
}

/** The process's registry with its metrics (made on first use). */
export function metricsRegistry(): Registry {
  if (registry) return registry;
  const made = new Registry();
  collectDefaultMetrics({ register: made, prefix: 'storymade_', eventLoopMonitoringPrecision: 10 });
  httpDuration = new Histogram({
    name: 'storymade_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being made, by route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [made],
  });
  pageCache = new Counter({
    name: 'storymade_page_cache_lookups_total',
    help: 'Public pages asked for: hit (sent from memory), miss (rendered and kept), personal (rendered for a visitor with a cart, not kept).',
    labelNames: ['result'],
    registers: [made],
  });
  mailFailures = new Counter({
    name: 'storymade_mail_send_failures_total',
    help: 'Mails the SMTP relay did not take (each is tried again later).',
    registers: [made],
  });
  registry = made;
  return made;
}

/**
 * Counts every request's duration by its route pattern (`/api/order/summary/:orderId`, never the
 * raw path with its ids), method and status class (2xx … 5xx). Put first: it times the others.
 */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observeRequest(c.req.method, routeOf(c), c.res.status, started);
    }
  };
}

/** The histogram's labelled series, made once per route, method and status class. */
const requestSeries = new Map<
  string,
  ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>
>();

/**
 * Counts one request's duration (from `started`, a performance.now()) under its route label: the
 * middleware's, and the page front's for the pages it answers before the app (web/page-front.ts).
 */
export function observeRequest(
  method: string,
  route: string,
  status: number,
  started: number,
): void {
  const key = `${method} ${route} ${status}`;
  let series = requestSeries.get(key);
  if (!series) {
    const labels: LabelValues<'method' | 'route' | 'status'> = {
      method,
      route,
      status: `${Math.floor(status / 100)}xx`,
    };
    series = histogram().labels(labels);
    if (requestSeries.size < 2000) requestSeries.set(key, series);
  }
  series.observe((performance.now() - started) / 1000);
}

function routeOf(c: Context): string {
  const page = c.get(ROUTE_LABEL as never) as string | undefined;
  if (page) return page;
  const pattern = routePath(c);
  // The API's catch-all 404 and the static files' middleware: one label each.
  return pattern === '' ? 'unmatched' : pattern;
}

/** A page-cache lookup: hit, miss (rendered and kept) or personal (not kept). */
export function countPageCache(result: 'hit' | 'miss' | 'personal'): void {
  metricsRegistry();
  pageCache!.inc({ result });
}

/** A mail the relay refused. */
export function countMailFailure(): void {
  metricsRegistry();
  mailFailures!.inc();
}

interface ShopFigures {
  jobs: { kind: string; queued: number; oldestSeconds: number }[];
  payments: { status: string; count: number }[];
  refunds: { status: string; count: number }[];
  proofFailures: number;
  handOffs: { to: string; count: number }[];
  mailUnsent: number;
}

async function readShopFigures(db: Db): Promise<ShopFigures> {
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown;
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
  };
  const [jobs, payments, refunds, proof, handOffs, mail] = await Promise.all([
    rows<{ kind: string; queued: number; oldest: number | null }>(
      sql`select kind, count(*)::int as queued,
            coalesce(extract(epoch from now() - min(run_after) filter (where run_after <= now())), 0)::float8 as oldest
          from jobs where status in ('queued', 'running') group by kind`,
    ),
    rows<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from payments group by status`,
    ),
    rows<{ status: string; count: number }>(
      sql`select status, count(*)::int as count from refunds group by status`,
    ),
    rows<{ count: number }>(
      sql`select count(*)::int as count from jobs where kind = 'print-proof-alert'`,
    ),
    rows<{ to: string; count: number }>(
      sql`select to_status as "to", count(*)::int as count from order_status_history
          where to_status in ('in_production', 'shipped') group by to_status`,
    ),
    rows<{ count: number }>(
      sql`select count(*)::int as count from outbox_mail where sent_at is null and last_error is not null`,
    ),
  ]);
  return {
    jobs: jobs.map((j) => ({
      kind: j.kind,
      queued: j.queued,
      oldestSeconds: Number(j.oldest ?? 0),
    })),
    payments,
    refunds,
    proofFailures: proof[0]?.count ?? 0,
    handOffs,
    mailUnsent: mail[0]?.count ?? 0,
  };
}

/**
 * The shop's figures as gauges of `registry`, read from `database` when scraped. Each database
 * (an app) registers once; a second call for the same registry replaces the first's reader.
 */
export function registerShopFigures(database: Database): void {
  const made = metricsRegistry();
  // One read for the gauges of one scrape (and for scrapes at the same time).
  let read: Promise<ShopFigures> | undefined;
  const figures = () => {
    if (!read) {
      read = readShopFigures(database.db);
      const done = () => {
        read = undefined;
      };
      read.then(done, done);
    }
    return read;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    fill: (g: Gauge<L>, f: ShopFigures) => void,
  ) => {
    made.removeSingleMetric(name);
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [made],
      async collect() {
        this.reset();
        // The database not answering leaves these empty; the process's own metrics still answer
        // (and /api/health/ready says what is down).
        const read = await figures().catch(() => undefined);
        if (read) fill(this, read);
      },
    });
  };
  gauge('storymade_jobs_queued', 'Jobs waiting or running, by kind.', ['kind'], (g, f) => {
    for (const job of f.jobs) g.set({ kind: job.kind }, job.queued);
  });
  gauge(
    'storymade_jobs_oldest_due_seconds',
    'How long the oldest due job of each kind has waited (0: none due).',
    ['kind'],
    (g, f) => {
      for (const job of f.jobs) g.set({ kind: job.kind }, job.oldestSeconds);
    },
  );
  gauge(
    'storymade_payments',
    'Payment attempts by outcome (initiated, paid, failed, cancelled, duplicate, superseded, review, mismatch …), since the shop opened.',
    ['status'],
    (g, f) => {
      for (const row of f.payments) g.set({ status: row.status }, row.count);
    },
  );
  gauge('storymade_refunds', 'Refunds by state, since the shop opened.', ['status'], (g, f) => {
    for (const row of f.refunds) g.set({ status: row.status }, row.count);
  });
  gauge(
    'storymade_print_proof_failures',
    'Print files that failed their proof against the preview (each held for the staff), since the shop opened.',
    [],
    (g, f) => g.set(f.proofFailures),
  );
  gauge(
    'storymade_print_handoffs',
    'Orders handed on to print (in_production) and to the carrier (shipped), since the shop opened.',
    ['to'],
    (g, f) => {
      for (const row of f.handOffs) g.set({ to: row.to }, row.count);
    },
  );
  gauge(
    'storymade_mail_unsent_failed',
    'Mails not sent whose last attempt failed (waiting for a retry).',
    [],
    (g, f) => g.set(f.mailUnsent),
  );
  made.removeSingleMetric('storymade_db_statements_total');
  new Counter({
    name: 'storymade_db_statements_total',
    help: 'Statements this process sent to the database (PGlite: outside transactions).',
    registers: [made],
    collect() {
      this.reset();
      this.inc(database.statements());
    },
  });
}
