// A steady load for `npm run bench:load`: `rate` requests a second, one every 1000/rate ms, for
// `seconds` (an open loop, as visitors arrive: a request goes out on time whether or not the
// earlier ones were answered). Each latency is measured from the moment the request was due, not
// from when it went out, so a generator or server that falls behind shows in the numbers (the
// coordinated-omission correction done right).
//
// Why not autocannon's rate option alone: it lets each connection send its share of a second's
// requests back to back at the start of every second (a burst at ~5x the rate, then a pause),
// and corrects for coordinated omission with a 1 ms expected interval
// (`Math.ceil(1 / rate)` in lib/run.js), which adds a made-up sample for every millisecond of
// each answer. bench:load prints both.
import http from 'node:http';

export interface PacedResult {
  p50: number;
  p99: number;
  max: number;
  served: number;
  errors: number;
  non2xx: number;
  /** Requests that went out more than 5 ms after they were due (the generator fell behind). */
  late: number;
  /**
   * The generator's own CPU (user + system, this process) per request, in ms: on the server's
   * cores it is taken from the server (node:http's client, ~0.1 ms a request of a 13 KB page; a
   * minimal client of its own on node:net measured only ~15% less, so it stays node:http; answers
   * are discarded by resume(), ~15% less than a data listener).
   */
  generatorCpu: number;
}

export async function pacedLoad(options: {
  /** The server; with several, the requests go to each in turn (instances behind a balancer). */
  url: string | string[];
  rate: number;
  /**
   * 'steady' (default): one request every 1000/rate ms; 'poisson': independent arrivals at the
   * same mean rate (exponentially distributed gaps, as visitors who do not know of each other).
   */
  arrivals?: 'steady' | 'poisson';
  seconds: number;
  path: () => string;
  headers?: Record<string, string>;
  /**
   * The connections to keep between runs (a proxy's to the servers stay open): without one, each
   * run opens its own, and its first requests wait for new connections as well as for answers.
   */
  agent?: http.Agent;
}): Promise<PacedResult> {
  const targets = (Array.isArray(options.url) ? options.url : [options.url]).map(
    (url) => new URL(url),
  );
  let turn = 0;
  // Kept-alive connections as browsers and a proxy in front of the server keep them; more open
  // when the answers are slow, as new visitors would open them.
  const agent = options.agent ?? new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let late = 0;
  const interval = 1000 / options.rate;
  const count = Math.round(options.rate * options.seconds);
  const pending = new Set<Promise<void>>();

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      if (performance.now() - due > 5) late += 1;
      const target = targets[turn++ % targets.length]!;
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: options.path(),
          agent,
          headers: options.headers ?? {},
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode! >= 200 && response.statusCode! < 300) {
              latencies.push(performance.now() - due);
            } else non2xx += 1;
            resolve();
          });
          response.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end();
    });

  const cpu = process.cpuUsage();
  const start = performance.now() + 20;
  let due = start;
  for (let i = 0; i < count; i += 1) {
    if (i > 0)
      due += options.arrivals === 'poisson' ? -Math.log(1 - Math.random()) * interval : interval;
    const wait = due - performance.now();
    // Timers have 1 ms resolution: a request may go out up to ~1 ms after it was due, which its
    // latency includes (no spinning: the generator shares the machine with the server).
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const flight = send(due);
    pending.add(flight);
    void flight.then(() => pending.delete(flight));
  }
  await Promise.all([...pending]);
  const used = process.cpuUsage(cpu);
  if (!options.agent) agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p50: round(at(50)),
    p99: round(at(99)),
    max: round(latencies.at(-1) ?? NaN),
    served: latencies.length,
    errors,
    non2xx,
    late,
    generatorCpu: Math.round(((used.user + used.system) / 1000 / Math.max(1, count)) * 1000) / 1000,
  };
}
