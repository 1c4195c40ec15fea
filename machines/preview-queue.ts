import { assign, setup } from 'xstate';
import { PAGE_IDS } from '#book/types.ts';

/** The images of the preview in the order they are drawn: cover, dedication, then the 22 spreads. */
const PREVIEW_PAGES: readonly string[] = PAGE_IDS;
/** After every 4th image the queue rests this long before the next request (SPEC section 9). */
const PAUSE_EVERY = 4;
const PAUSE_MS = 100;

type ImageStatus = 'waiting' | 'loading' | 'ready' | 'failed';

/** Who draws a page: the parent's browser (book/ in a lazy chunk), or the server's preview API. */
export type Drawer = 'browser' | 'server';

export interface PreviewImage {
  page: string;
  status: ImageStatus;
  /** An object URL of the drawn page once it is ready (a WebP from the server, an SVG from the browser). */
  url?: string;
  /** The page's SVG document when the browser drew it (shown inline: vector, crisp at any zoom). */
  svg?: string;
  /** The browser's drawing of the words alone (over the thumbnail's image, which is `url`: the rest). */
  words?: string;
  /** Who draws it next (or drew it): the browser first when it can, the server when the browser failed. */
  drawer: Drawer;
}

/** A page the browser drew before the queue started. */
export interface DrawnPage {
  page: string;
  url: string;
  svg?: string;
  words?: string;
}

export interface PreviewQueueContext {
  /** The pages in reading order. */
  images: PreviewImage[];
  /** The pages in the order they are drawn: the one on screen first. */
  order: string[];
  /** The page being requested, or null. */
  current: string | null;
  /** Server images finished (ready or failed) since the queue started: every 4th is followed by a pause. */
  finished: number;
}

export type PreviewQueueEvent =
  | { type: 'image.loaded'; page: string; url: string; svg?: string; words?: string }
  | { type: 'image.failed'; page: string }
  | { type: 'pause.done' }
  | { type: 'image.retry'; page: string };

/** Images not yet in and not failed: what 'Next (N images still loading)' counts. */
export function remainingOf(context: PreviewQueueContext): number {
  return context.images.filter((image) => image.status === 'waiting' || image.status === 'loading')
    .length;
}

const nextWaiting = (context: PreviewQueueContext) => {
  const waiting = new Map(
    context.images
      .filter((image) => image.status === 'waiting')
      .map((image) => [image.page, image]),
  );
  for (const page of context.order) if (waiting.has(page)) return waiting.get(page);
  return undefined;
};

const setStatus = (
  images: PreviewImage[],
  page: string,
  status: ImageStatus,
  drawn?: { url: string; svg?: string; words?: string },
): PreviewImage[] =>
  images.map((image) =>
    image.page === page ? { page, status, drawer: image.drawer, ...drawn } : image,
  );

const drawerOf = (context: PreviewQueueContext, page: string | null): Drawer =>
  context.images.find((image) => image.page === page)?.drawer ?? 'server';

/** The pages in drawing order: `first` (the page on screen) first, then the others in reading order. */
function ordered(pages: readonly string[], first: string | undefined): readonly string[] {
  return first && pages.includes(first)
    ? [first, ...pages.filter((page) => page !== first)]
    : pages;
}

/**
 * Draws the preview one image at a time: the page on screen first (`first`, default the cover),
 * then the others in reading order. The drawer is the browser when it can draw (`drawer:
 * 'browser'`): a page it fails to draw goes to the server instead, as the next page drawn. The
 * server's images rest 100 ms after every 4th (SPEC section 9: the pause spares the server; pages
 * the browser draws have none). A page the server failed keeps its placeholder and can be retried.
 *
 * Effects are named actions provided by src/: `requestImage({ page, drawer })` draws one page and
 * answers `image.loaded` / `image.failed`; `startPause({ ms })` waits and answers `pause.done`. So
 * the machine has no `invoke` or `after` and a test model can walk it.
 */
export const previewQueueMachine = setup({
  types: {
    context: {} as PreviewQueueContext,
    events: {} as PreviewQueueEvent,
    input: {} as {
      pages?: readonly string[];
      first?: string;
      drawer?: Drawer;
      /** Pages drawn already (by the browser, ahead): ready from the start, not asked for again. */
      drawn?: readonly DrawnPage[];
    },
  },
  actions: {
    requestImage: (_, _params: { page: string; drawer: Drawer }) => {},
    startPause: (_, _params: { ms: number }) => {},
    takeNext: assign(({ context }) => {
      const next = nextWaiting(context);
      if (!next) return {};
      return { current: next.page, images: setStatus(context.images, next.page, 'loading') };
    }),
    markReady: assign(({ context, event }) => {
      if (event.type !== 'image.loaded') return {};
      const counted = drawerOf(context, event.page) === 'server' ? 1 : 0;
      const drawn = {
        url: event.url,
        ...(event.svg ? { svg: event.svg } : {}),
        ...(event.words ? { words: event.words } : {}),
      };
      return {
        images: setStatus(context.images, event.page, 'ready', drawn),
        current: null,
        finished: context.finished + counted,
      };
    }),
    markFailed: assign(({ context, event }) => {
      if (event.type !== 'image.failed') return {};
      return {
        images: setStatus(context.images, event.page, 'failed'),
        current: null,
        finished: context.finished + 1,
      };
    }),
    /** The browser could not draw it: the server draws it next. */
    handToServer: assign(({ context, event }) => {
      if (event.type !== 'image.failed') return {};
      const images = context.images.map((image) =>
        image.page === event.page
          ? { page: image.page, status: 'waiting' as const, drawer: 'server' as const }
          : image,
      );
      return {
        images,
        order: [event.page, ...context.order.filter((page) => page !== event.page)],
        current: null,
      };
    }),
    queueAgain: assign(({ context, event }) => {
      if (event.type !== 'image.retry') return {};
      return { images: setStatus(context.images, event.page, 'waiting') };
    }),
  },
  guards: {
    hasWaiting: ({ context }) => nextWaiting(context) !== undefined,
    isCurrent: ({ context, event }) =>
      (event.type === 'image.loaded' || event.type === 'image.failed') &&
      event.page === context.current,
    browserFailed: ({ context, event }) =>
      event.type === 'image.failed' &&
      event.page === context.current &&
      drawerOf(context, event.page) === 'browser',
    /** This server image is the 4th, 8th, … and another one waits: rest before it. */
    pauseDue: ({ context, event }) => {
      if (
        (event.type !== 'image.loaded' && event.type !== 'image.failed') ||
        event.page !== context.current
      )
        return false;
      if (drawerOf(context, event.page) !== 'server') return false;
      if ((context.finished + 1) % PAUSE_EVERY !== 0) return false;
      return context.images.some((image) => image.status === 'waiting');
    },
    isFailed: ({ context, event }) =>
      event.type === 'image.retry' &&
      context.images.some((image) => image.page === event.page && image.status === 'failed'),
  },
}).createMachine({
  id: 'previewQueue',
  context: ({ input }) => ({
    images: (input.pages ?? PREVIEW_PAGES).map((page): PreviewImage => {
      const drawer = input.drawer ?? 'server';
      const drawn = input.drawn?.find((done) => done.page === page);
      return drawn
        ? { ...drawn, page, status: 'ready', drawer }
        : { page, status: 'waiting', drawer };
    }),
    order: [...ordered(input.pages ?? PREVIEW_PAGES, input.first)],
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
      entry: [
        'takeNext',
        {
          type: 'requestImage',
          params: ({ context }) => ({
            page: context.current ?? '',
            drawer: drawerOf(context, context.current),
          }),
        },
      ],
      on: {
        'image.loaded': [
          { guard: 'pauseDue', target: 'pausing', actions: 'markReady' },
          { guard: 'isCurrent', target: 'picking', actions: 'markReady' },
        ],
        'image.failed': [
          { guard: 'browserFailed', target: 'picking', actions: 'handToServer' },
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
