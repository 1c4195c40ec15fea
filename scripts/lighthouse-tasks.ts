// For `VERBOSE=1 npm run bench:lighthouse`: where the Total Blocking Time of a run comes from.
//
// Lighthouse's mobile preset does not slow the page down while it loads: it records the page at full
// speed and then simulates a slow phone (lantern). Each main-thread task becomes four times as long
// (layout twice), and the part of a simulated task beyond 50 ms, between the simulated First
// Contentful Paint and Time to Interactive, counts as blocking time. So a task of 12.5 ms or more
// here can count; tasks of under 10 ms are dropped from the simulation.
//
// The durations are wall-clock times. Each observed task is printed with the main thread's CPU time
// within it too: on a machine whose cores are shared with the browser's other processes (tracing,
// screenshots, compositing), Lighthouse and the server, a task can last several times its CPU time
// (the thread waits for a core, or for the browser process to answer), and the simulation
// multiplies the wait as well.

/** The trace events used here (Chrome's trace format). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (µs): less than dur when the thread was waiting. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean } };
}

/** A long task of Lighthouse's `long-tasks` audit: simulated start and duration (ms). */
interface LongTask {
  url?: string;
  startTime: number;
  duration: number;
}

const CHILDREN = new Set([
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'ParseHTML',
  'MinorGC',
  'MajorGC',
  'v8.evaluateModule',
  'v8.compile',
  'EvaluateScript',
  'TimerFire',
  'FunctionCall',
  'RunMicrotasks',
  'Commit',
  'EventDispatch',
]);

/**
 * The simulated long tasks with the blocking time each adds after the simulated FCP, and the
 * tasks of 11 ms or more the trace observed, with the time of their main kinds of work.
 */
export function describeBlockingTime(
  longTasks: LongTask[],
  fcpMs: number,
  traceEvents: TraceEvent[],
  origin: string,
): string[] {
  const lines: string[] = [];
  const shortUrl = (url: string | undefined) =>
    String(url ?? '')
      .replace(origin, '')
      .replace(/^.*\/assets\//, '') || '-';
  let total = 0;
  lines.push(`  simulated long tasks (blocking time after FCP ${Math.round(fcpMs)} ms):`);
  for (const task of [...longTasks].sort((a, b) => a.startTime - b.startTime)) {
    const blocking = Math.max(
      0,
      task.startTime + task.duration - Math.max(task.startTime, fcpMs) - 50,
    );
    total += blocking;
    lines.push(
      `    ${shortUrl(task.url)} @${Math.round(task.startTime)} ${Math.round(task.duration)} ms${blocking ? ` +${Math.round(blocking)}` : ''}`,
    );
  }
  lines.push(`    sum ${Math.round(total)} ms`);
  const navigation =
    traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ??
    traceEvents.find((e) => e.name === 'navigationStart');
  if (!navigation) return lines;
  const main = traceEvents.filter(
    (e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.dur,
  );
  lines.push(
    '  observed main-thread tasks of 11 ms or more (ms after navigation start: duration, on CPU, work inside):',
  );
  const long = main.filter((e) => e.name === 'RunTask' && e.dur! > 11_000 && e.ts > navigation.ts);
  for (const task of long) {
    const end = task.ts + task.dur!;
    const byKind = new Map<string, number>();
    for (const event of main) {
      if (
        event === task ||
        event.ts < task.ts ||
        event.ts + event.dur! > end ||
        !CHILDREN.has(event.name)
      )
        continue;
      const data = event.args?.data;
      const kind =
        event.name === 'FunctionCall' && data?.url
          ? `FunctionCall(${shortUrl(data.url)}:${data.functionName ?? ''})`
          : event.name;
      byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur! / 1000);
    }
    const work = [...byKind]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`);
    const cpu = task.tdur === undefined ? '' : ` (${(task.tdur / 1000).toFixed(1)} on CPU)`;
    lines.push(
      `    @${Math.round((task.ts - navigation.ts) / 1000)}: ${(task.dur! / 1000).toFixed(1)}${cpu}, ${work.join(', ')}`,
    );
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0) / 1000;
  lines.push(
    `    together ${sum(long.map((e) => e.dur!)).toFixed(0)} ms, of which on CPU ${sum(long.map((e) => e.tdur ?? e.dur!)).toFixed(0)} ms`,
  );
  return lines;
}
