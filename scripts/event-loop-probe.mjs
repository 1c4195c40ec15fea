// Loaded into the server by `npm run bench:load` (node --import): measures how long the event loop
// was held (perf_hooks' monitorEventLoopDelay, 1 ms resolution) and, on SIGUSR2, writes p50/p99/max
// since the last report as JSON to EVENT_LOOP_PROBE_FILE and starts anew. Plain JavaScript: it is
// loaded before tsx.
import { writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  // The main thread's garbage-collection pauses: full (mark-compact) and the rest (scavenges).
  let gc = { full: 0, fullMax: 0, other: 0, otherMax: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const full = entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
      if (full) {
        gc.full += 1;
        gc.fullMax = Math.max(gc.fullMax, entry.duration);
      } else {
        gc.other += 1;
        gc.otherMax = Math.max(gc.otherMax, entry.duration);
      }
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const report = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      gc: `${gc.full} full (longest ${gc.fullMax.toFixed(1)} ms), ${gc.other} other (longest ${gc.otherMax.toFixed(1)} ms)`,
    };
    gc = { full: 0, fullMax: 0, other: 0, otherMax: 0 };
    writeFileSync(file, JSON.stringify(report));
    histogram.reset();
  });
}
