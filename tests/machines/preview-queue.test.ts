import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  previewQueueMachine,
  remainingOf,
  type PreviewQueueEvent,
} from '#machines/preview-queue.ts';
import {
  ORDER,
  PreviewExpectation,
  previewQueueTraversal,
  type QueueInput,
} from '../preview-queue-model.ts';

// docs/product-rules.md: the cover and the dedication page first, then the 22 spreads one by one, with a 100 ms
// pause after every 4th image; a failed page keeps a placeholder and can be tried again; the Next
// button counts the images still loading.
/** Pages the model lets fail (every page may fail; two keep the walk small). */
const MAY_FAIL = new Set(['dedication', 'page_5-6']);

const traversal = previewQueueTraversal({
  mayFail: MAY_FAIL,
  urlOf: (page) => `blob:${page}`,
  countToPause: true,
});
const model = createTestModel(previewQueueMachine, traversal);
// The traversal options go to getShortestPaths too: some xstate builds read them only there.
const paths = model.getShortestPaths(traversal);

function nameOf(path: (typeof paths)[number]): string {
  const failed = path.steps
    .filter((s) => s.event.type === 'image.failed')
    .map((s) => (s.event as { page: string }).page);
  const retried = path.steps
    .filter((s) => s.event.type === 'image.retry')
    .map((s) => (s.event as { page: string }).page);
  const loaded = path.steps.filter((s) => s.event.type === 'image.loaded').length;
  return `${loaded} loaded${failed.length ? `, failed ${failed.join(' ')}` : ''}${retried.length ? `, retried ${retried.join(' ')}` : ''} (${path.steps.length} steps)`;
}

function createActorWithDrawn(
  drawn: { page: string; url: string; svg?: string; words?: string }[],
) {
  const draws: string[] = [];
  const actor = createActor(
    previewQueueMachine.provide({
      actions: {
        requestImage: (_, { page, drawer }) => void draws.push(`${drawer}:${page}`),
        startPause: () => {},
      },
    }),
    { input: { drawer: 'browser', first: 'dedication', drawn } },
  );
  actor.start();
  return { actor, draws };
}

function run(input: QueueInput = {}) {
  const requests: string[] = [];
  const draws: string[] = [];
  const pauses: number[] = [];
  const actor = createActor(
    previewQueueMachine.provide({
      actions: {
        requestImage: (_, { page, drawer }) => {
          requests.push(page);
          draws.push(`${drawer}:${page}`);
        },
        startPause: (_, { ms }) => void pauses.push(ms),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, requests, draws, pauses };
}

describe('preview queue (model-based, shortest paths)', () => {
  it('walks to the end with every page in, and with failed and retried pages', () => {
    const ends = paths.map((path) => path.state.value);
    expect(ends).toContain('done');
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends ${String(path.state.value)}`, async () => {
      const { actor, requests, pauses } = run();
      const expected = new PreviewExpectation();
      const check = () => {
        const { context } = actor.getSnapshot();
        expect(Object.fromEntries(context.images.map((i) => [i.page, i.status]))).toEqual(
          Object.fromEntries(expected.statuses),
        );
        expect(requests).toEqual(expected.requests);
        expect(pauses).toEqual(Array.from({ length: expected.pauses }, () => 100));
        expect(remainingOf(context)).toBe(expected.remaining);
        for (const image of context.images) {
          // A ready page shows its picture; any other keeps a placeholder (no picture).
          expect(image.url).toBe(image.status === 'ready' ? `blob:${image.page}` : undefined);
        }
        // One request at a time.
        expect(context.images.filter((i) => i.status === 'loading').length).toBeLessThanOrEqual(1);
      };
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as PreviewQueueEvent);
        expected.apply(event as PreviewQueueEvent);
      };
      await path.test({
        states: { loading: check, pausing: check, done: check },
        events: {
          'image.loaded': exec,
          'image.failed': exec,
          'pause.done': exec,
          'image.retry': exec,
        },
      });
      actor.stop();
    });
  }
});

describe('preview queue order and pauses', () => {
  it('draws cover, dedication, the spreads in order, then the back cover, resting after images 4, 8, … 24 (six pauses)', () => {
    const { actor, requests, pauses } = run();
    for (let i = 0; i < ORDER.length; i += 1) {
      if (actor.getSnapshot().value === 'pausing') actor.send({ type: 'pause.done' });
      // The page asked for is the next one in book order.
      expect(actor.getSnapshot().context.current).toBe(ORDER[i]);
      actor.send({
        type: 'image.loaded',
        page: actor.getSnapshot().context.current ?? '',
        url: `blob:${i}`,
      });
    }
    expect(requests).toEqual(ORDER);
    expect(pauses).toEqual([100, 100, 100, 100, 100, 100]);
    expect(actor.getSnapshot().value).toBe('done');
    expect(remainingOf(actor.getSnapshot().context)).toBe(0);
  });

  it('ignores an answer for a page it did not ask for', () => {
    const { actor } = run();
    actor.send({ type: 'image.loaded', page: 'page_1-2', url: 'blob:x' });
    expect(actor.getSnapshot().context.images.find((i) => i.page === 'page_1-2')?.status).toBe(
      'waiting',
    );
    expect(actor.getSnapshot().context.current).toBe('cover');
  });
});

// #34: the browser draws, the page on screen first; the server draws only what the browser failed
// (next, before any other page), and only its images bring the pauses.
describe('preview queue with the browser as the drawer (model-based, shortest paths)', () => {
  const input: QueueInput = { drawer: 'browser', first: 'page_5-6' };
  const browserTraversal = previewQueueTraversal({
    mayFail: new Set(['dedication', 'page_5-6']),
    urlOf: (page) => `blob:${page}`,
    countToPause: true,
    input,
  });
  const browserModel = createTestModel(previewQueueMachine, browserTraversal);
  const browserPaths = browserModel.getShortestPaths(browserTraversal);

  it('walks to the end with every page drawn, and with pages the browser and then the server failed', () => {
    expect(browserPaths.map((path) => path.state.value)).toContain('done');
    expect(
      browserPaths.some(
        (path) => path.steps.filter((s) => s.event.type === 'image.failed').length >= 2,
      ),
    ).toBe(true);
  });

  for (const path of browserPaths) {
    it(`${nameOf(path)} ends ${String(path.state.value)}`, async () => {
      const { actor, draws, pauses } = run(input);
      const expected = new PreviewExpectation(input);
      const check = () => {
        const { context } = actor.getSnapshot();
        expect(Object.fromEntries(context.images.map((i) => [i.page, i.status]))).toEqual(
          Object.fromEntries(expected.statuses),
        );
        expect(draws).toEqual(expected.draws);
        expect(pauses).toEqual(Array.from({ length: expected.pauses }, () => 100));
        expect(remainingOf(context)).toBe(expected.remaining);
        // The screen lists the pages in reading order whatever the drawing order.
        expect(context.images.map((i) => i.page)).toEqual(ORDER);
      };
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as PreviewQueueEvent);
        expected.apply(event as PreviewQueueEvent);
      };
      await path.test({
        states: { loading: check, pausing: check, done: check },
        events: {
          'image.loaded': exec,
          'image.failed': exec,
          'pause.done': exec,
          'image.retry': exec,
        },
      });
      actor.stop();
    });
  }

  it('shows the pages drawn ahead as ready from the start and asks only for the others', () => {
    const drawnAhead = ORDER.filter((p) => p !== 'dedication').map((page) => ({
      page,
      url: `blob:${page}`,
      svg: `<svg>${page}</svg>`,
      words: `<svg>words of ${page}</svg>`,
    }));
    const { actor, draws } = createActorWithDrawn(drawnAhead);
    const first = actor.getSnapshot().context;
    expect(remainingOf(first)).toBe(1);
    expect(first.images.find((i) => i.page === 'page_3-4')).toMatchObject({
      status: 'ready',
      url: 'blob:page_3-4',
      svg: '<svg>page_3-4</svg>',
      words: '<svg>words of page_3-4</svg>',
    });
    // Only the changed page is drawn: the one the parent was looking at.
    expect(draws).toEqual(['browser:dedication']);
    actor.send({ type: 'image.loaded', page: 'dedication', url: 'blob:new', svg: '<svg/>' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(draws).toEqual(['browser:dedication']);
    // All drawn ahead: nothing to ask for.
    const all = createActorWithDrawn(ORDER.map((page) => ({ page, url: `blob:${page}` })));
    expect(all.actor.getSnapshot().value).toBe('done');
    expect(all.draws).toEqual([]);
  });

  it('draws the page on screen first, then the rest in reading order, with no pause', () => {
    const { actor, draws, pauses } = run(input);
    while (actor.getSnapshot().value === 'loading') {
      const page = actor.getSnapshot().context.current!;
      actor.send({ type: 'image.loaded', page, url: `blob:${page}`, svg: '<svg/>' });
    }
    expect(draws).toEqual(
      ['page_5-6', ...ORDER.filter((p) => p !== 'page_5-6')].map((p) => `browser:${p}`),
    );
    expect(pauses).toEqual([]);
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.images.every((i) => i.svg === '<svg/>')).toBe(true);
  });
});
