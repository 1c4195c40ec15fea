// Loaded into the server by `npm run bench:load` (node --import): measures how long the event loop
// was held (perf_hooks' monitorEventLoopDelay, 1 ms resolution) and, on SIGUSR2, writes p50/p99/max
// since the last report as JSON to EVENT_LOOP_PROBE_FILE and starts anew. Plain JavaScript: it is
// loaded before tsx.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const report = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    writeFileSync(file, JSON.stringify(report));
    histogram.reset();
  });
}
