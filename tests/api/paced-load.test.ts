import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from '../../scripts/paced-load.ts';

// bench:load's steady generator: what it prints must be what a caller of the server saw.
describe('pacedLoad (bench:load)', () => {
  let server: http.Server | undefined;
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  );

  async function serve(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends the requests evenly over the time, each path as asked', async () => {
    const arrivals: number[] = [];
    const paths: string[] = [];
    const url = await serve((request, response) => {
      arrivals.push(performance.now());
      paths.push(request.url!);
      response.end('ok');
    });
    let n = 0;
    const result = await pacedLoad({ url, rate: 100, seconds: 1, path: () => `/p/${(n += 1)}` });
    expect(result).toMatchObject({ served: 100, errors: 0, non2xx: 0 });
    // Each path asked for once (kept-alive connections may deliver two sent 10 ms apart out of order).
    expect([...paths].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))).toEqual(
      Array.from({ length: 100 }, (_, i) => `/p/${i + 1}`),
    );
    // One every 10 ms over the second, not a burst. The generator catches up when a busy machine
    // holds it back, so a few requests may bunch; most groups of ten still span about 90 ms.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(900);
    const spans = arrivals.slice(10).map((at, i) => at - arrivals[i]!);
    expect(spans.filter((span) => span > 60).length).toBeGreaterThan(spans.length / 2);
  });

  it('counts a slow answer, the ones queued behind it and a failed one', async () => {
    let n = 0;
    const url = await serve((_request, response) => {
      n += 1;
      if (n === 5) {
        // The server is stuck for 120 ms: the requests due meanwhile wait, and say so.
        const until = performance.now() + 120;
        while (performance.now() < until) {
          // busy
        }
      }
      if (n === 50) {
        response.statusCode = 500;
      }
      response.end('ok');
    });
    const result = await pacedLoad({ url, rate: 100, seconds: 1, path: () => '/' });
    expect(result.non2xx).toBe(1);
    expect(result.served).toBe(99);
    expect(result.max).toBeGreaterThanOrEqual(115);
    // About 12 requests were due while the server was stuck: more than 1% of them were slow.
    expect(result.p99).toBeGreaterThan(50);
    // and most were not (on a busy machine a request's own latency is still far below the stall).
    expect(result.p50).toBeLessThan(result.max / 2);
  });
});
