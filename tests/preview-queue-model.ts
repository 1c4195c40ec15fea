// The preview queue model shared by its three walks: against the bare machine
// (tests/machines/preview-queue.test.ts), through the preview screen in jsdom
// (tests/unit/preview-queue-screen.model.test.tsx) and in the browser (e2e/preview.spec.ts).
// Written from docs/product-rules.md section 9, not from machines/, so the walks check the machine against it.
import type { createTestModel } from 'xstate/graph';
import type { previewQueueMachine, PreviewQueueEvent } from '#machines/preview-queue.ts';

/**
 * docs/product-rules.md section 9: the cover and the dedication page first, then the 22 spreads in order; then
 * the back cover (issue #43: the parent sees the whole book the printer prints).
 */
export const ORDER = [
  'cover',
  'dedication',
  ...Array.from({ length: 22 }, (_, i) => `page_${2 * i + 1}-${2 * i + 2}`),
  'back-cover',
];

export type Status = 'waiting' | 'loading' | 'ready' | 'failed';

type Traversal = NonNullable<Parameters<typeof createTestModel<typeof previewQueueMachine>>[1]>;

export interface QueueInput {
  drawer?: 'browser' | 'server';
  first?: string;
}

/**
 * The model's events in a state: the network answers the page in flight (it may fail only for
 * the pages in `mayFail`), the timer ends a pause, and the parent may retry any failed page.
 */
export function previewQueueEvents(
  mayFail: ReadonlySet<string>,
  urlOf: (page: string) => string,
): NonNullable<Traversal['events']> {
  return (snapshot) => {
    const { current, images } = snapshot.context;
    const events: PreviewQueueEvent[] = [];
    if (snapshot.value === 'loading' && current) {
      events.push({ type: 'image.loaded', page: current, url: urlOf(current) });
      if (mayFail.has(current)) events.push({ type: 'image.failed', page: current });
    }
    if (snapshot.value === 'pausing') events.push({ type: 'pause.done' });
    for (const image of images)
      if (image.status === 'failed') events.push({ type: 'image.retry', page: image.page });
    return events;
  };
}

/**
 * The traversal of the preview queue model. A state is where the queue is, the page in flight and
 * each page's status; `countToPause` also tells apart how far the queue is from its next pause
 * (the finished count only matters up to the next pause: retries could grow it forever).
 */
export function previewQueueTraversal(options: {
  mayFail: ReadonlySet<string>;
  urlOf: (page: string) => string;
  countToPause: boolean;
  /** #34: the browser draws (the server only what it fails), starting with the page on screen. */
  input?: QueueInput;
}): Traversal {
  return {
    input: options.input ?? {},
    serializeState: (snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.current,
        options.countToPause ? snapshot.context.finished % 4 : null,
        snapshot.context.images
          .map((i) => i.status[0] + (i.drawer === 'browser' ? 'b' : 's'))
          .join(''),
      ]),
    events: previewQueueEvents(options.mayFail, options.urlOf),
  };
}

/**
 * What the parent should see and the network should carry, fed the same events as the queue.
 * #34: with `drawer: 'browser'` every page is drawn by the browser first, the page on screen
 * (`first`) before the others; a page the browser fails goes to the server, next; only the
 * server's images count towards the pause after every 4th (it spares the server).
 */
export class PreviewExpectation {
  statuses = new Map<string, Status>(ORDER.map((page) => [page, 'waiting']));
  drawers: Map<string, 'browser' | 'server'>;
  order: string[];
  /** The pages asked for, in order. */
  requests: string[] = [];
  /** The same, with who was asked: 'browser:cover', 'server:dedication'. */
  draws: string[] = [];
  pauses = 0;
  finished = 0;
  pausing = false;
  current: string | null = null;

  constructor(input: QueueInput = {}) {
    this.drawers = new Map(ORDER.map((page) => [page, input.drawer ?? 'server']));
    this.order = input.first
      ? [input.first, ...ORDER.filter((page) => page !== input.first)]
      : [...ORDER];
    this.requestNext();
  }

  private requestNext() {
    const next = this.order.find((page) => this.statuses.get(page) === 'waiting');
    this.current = next ?? null;
    if (!next) return;
    this.statuses.set(next, 'loading');
    this.requests.push(next);
    this.draws.push(`${this.drawers.get(next)}:${next}`);
  }

  private finish(page: string, status: Status) {
    if (status === 'failed' && this.drawers.get(page) === 'browser') {
      // The server draws it instead, before any other page.
      this.drawers.set(page, 'server');
      this.statuses.set(page, 'waiting');
      this.order = [page, ...this.order.filter((p) => p !== page)];
      return this.requestNext();
    }
    this.statuses.set(page, status);
    if (this.drawers.get(page) === 'browser') return this.requestNext();
    this.finished += 1;
    const more = ORDER.some((p) => this.statuses.get(p) === 'waiting');
    if (this.finished % 4 === 0 && more) {
      this.pausing = true;
      this.pauses += 1;
      this.current = null;
    } else {
      this.requestNext();
    }
  }

  apply(event: PreviewQueueEvent) {
    switch (event.type) {
      case 'image.loaded':
        return this.finish(event.page, 'ready');
      case 'image.failed':
        return this.finish(event.page, 'failed');
      case 'pause.done':
        this.pausing = false;
        return this.requestNext();
      case 'image.retry':
        this.statuses.set(event.page, 'waiting');
        if (!this.pausing && this.current === null) this.requestNext();
        return;
    }
  }

  status(page: string): Status {
    return this.statuses.get(page) ?? 'waiting';
  }

  get remaining() {
    return [...this.statuses.values()].filter((s) => s === 'waiting' || s === 'loading').length;
  }
}

/** A page's name as the en-GB preview says it (src/locales/en-GB/preview.json). */
export function labelOf(page: string): string {
  if (page === 'cover') return 'Cover';
  if (page === 'dedication') return 'Dedication page';
  if (page === 'back-cover') return 'Back cover';
  const [, from, to] = /^page_(\d+)-(\d+)$/.exec(page) ?? [];
  return `Pages ${from}-${to}`;
}

/** The Next button's en-GB name with `remaining` images still to come. */
export function nextName(remaining: number): string {
  if (remaining === 0) return 'Next';
  return remaining === 1
    ? 'Next (1 image still loading)'
    : `Next (${remaining} images still loading)`;
}
