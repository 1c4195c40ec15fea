import { assign, setup } from 'xstate';
import { PAGE_IDS } from '#book/types.ts';

/** The images of the preview in the order they are drawn: cover, dedication, then the 22 spreads. */
const PREVIEW_PAGES: readonly string[] = PAGE_IDS;
/** After every 4th image the queue rests this long before the next request (SPEC section 9). */
const PAUSE_EVERY = 4;
const PAUSE_MS = 100;

type ImageStatus = 'waiting' | 'loading' | 'ready' | 'failed';

export interface PreviewImage {
  page: string;
  status: ImageStatus;
  /** An object URL of the drawn page once it is ready. */
  url?: string;
}

export interface PreviewQueueContext {
  images: PreviewImage[];
  /** The page being requested, or null. */
  current: string | null;
  /** Images finished (ready or failed) since the queue started: every 4th is followed by a pause. */
  finished: number;
}

export type PreviewQueueEvent =
  | { type: 'image.loaded'; page: string; url: string }
  | { type: 'image.failed'; page: string }
  | { type: 'pause.done' }
  | { type: 'image.retry'; page: string };

/** Images not yet in and not failed: what 'Next (N images still loading)' counts. */
export function remainingOf(context: PreviewQueueContext): number {
  return context.images.filter((image) => image.status === 'waiting' || image.status === 'loading').length;
}

const nextWaiting = (context: PreviewQueueContext) => context.images.find((image) => image.status === 'waiting');

const setStatus = (images: PreviewImage[], page: string, status: ImageStatus, url?: string): PreviewImage[] =>
  images.map((image) => (image.page === page ? { page, status, ...(url ? { url } : {}) } : image));

/**
 * Loads the preview one image at a time: cover and dedication first, then the spreads, resting
 * 100 ms after every 4th image. A failed page keeps its placeholder and can be retried.
 *
 * Effects are named actions provided by src/: `requestImage({ page })` draws one page and answers
 * `image.loaded` / `image.failed`; `startPause({ ms })` waits and answers `pause.done`. So the
 * machine has no `invoke` or `after` and a test model can walk it.
 */
export const previewQueueMachine = setup({
  types: {
    context: {} as PreviewQueueContext,
    events: {} as PreviewQueueEvent,
    input: {} as { pages?: readonly string[] },
  },
  actions: {
    requestImage: (_, _params: { page: string }) => {},
    startPause: (_, _params: { ms: number }) => {},
    takeNext: assign(({ context }) => {
      const next = nextWaiting(context);
      if (!next) return {};
      return { current: next.page, images: setStatus(context.images, next.page, 'loading') };
    }),
    markReady: assign(({ context, event }) => {
      if (event.type !== 'image.loaded') return {};
      return { images: setStatus(context.images, event.page, 'ready', event.url), current: null, finished: context.finished + 1 };
    }),
    markFailed: assign(({ context, event }) => {
      if (event.type !== 'image.failed') return {};
      return { images: setStatus(context.images, event.page, 'failed'), current: null, finished: context.finished + 1 };
    }),
    queueAgain: assign(({ context, event }) => {
      if (event.type !== 'image.retry') return {};
      return { images: setStatus(context.images, event.page, 'waiting') };
    }),
  },
  guards: {
    hasWaiting: ({ context }) => nextWaiting(context) !== undefined,
    isCurrent: ({ context, event }) =>
      (event.type === 'image.loaded' || event.type === 'image.failed') && event.page === context.current,
    /** This image is the 4th, 8th, … and another one waits: rest before it. */
    pauseDue: ({ context, event }) => {
      if ((event.type !== 'image.loaded' && event.type !== 'image.failed') || event.page !== context.current) return false;
      if ((context.finished + 1) % PAUSE_EVERY !== 0) return false;
      return context.images.some((image) => image.status === 'waiting');
    },
    isFailed: ({ context, event }) =>
      event.type === 'image.retry' && context.images.some((image) => image.page === event.page && image.status === 'failed'),
  },
}).createMachine({
  id: 'previewQueue',
  context: ({ input }) => ({
    images: (input.pages ?? PREVIEW_PAGES).map((page) => ({ page, status: 'waiting' as const })),
    current: null,
    finished: 0,
  }),
  initial: 'picking',
  on: {
    'image.retry': { guard: 'isFailed', actions: 'queueAgain' },
  },
  states: {
    picking: {
      always: [{ guard: 'hasWaiting', target: 'loading' }, { target: 'done' }],
    },
    loading: {
      entry: ['takeNext', { type: 'requestImage', params: ({ context }) => ({ page: context.current ?? '' }) }],
      on: {
        'image.loaded': [
          { guard: 'pauseDue', target: 'pausing', actions: 'markReady' },
          { guard: 'isCurrent', target: 'picking', actions: 'markReady' },
        ],
        'image.failed': [
          { guard: 'pauseDue', target: 'pausing', actions: 'markFailed' },
          { guard: 'isCurrent', target: 'picking', actions: 'markFailed' },
        ],
      },
    },
    pausing: {
      entry: { type: 'startPause', params: { ms: PAUSE_MS } },
      on: { 'pause.done': { target: 'picking' } },
    },
    done: {
      on: {
        'image.retry': { guard: 'isFailed', target: 'picking', actions: 'queueAgain' },
      },
    },
  },
});
