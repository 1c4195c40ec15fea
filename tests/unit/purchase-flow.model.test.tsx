import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import path from 'node:path';
import { URL as NodeURL, fileURLToPath, pathToFileURL } from 'node:url';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { transition } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PAGE_IDS } from '#book/types.ts';
import type { CartSummary } from '#contract/orders.ts';
import { purchaseMachine, type PurchaseEvent } from '#machines/purchase.ts';
import { nameOf, type CharacterRole } from '#machines/purchase-draft.ts';
import {
  ELEVEN_LINES,
  ELLA_DEDICATION,
  SAVED_ITEM_ID,
  dedicationKind,
  purchaseTraversal,
  type Snapshot,
} from '../purchase-model.ts';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { browserCookies } from '#src/lib/request-cookies.tsx';
import { createTestI18n } from './i18n-test.ts';

// The purchase machine's shortest paths walked through the real builder in jsdom: the app's own
// route tree, query client and purchase actor, every screen as the parent sees it, each event done
// as a parent does it (typing, clicking), and every request answered by the real server app
// in-process (Hono + in-memory PGlite, previews drawn by its worker threads). The model's snapshot
// is the oracle: what the machine says the parent must see, the screen must show.
// (e2e/builder.spec.ts walks the same machine in Chromium against the production server.)

const ORIGIN = 'http://localhost:3000';
/** What the parent types for the dedication: Enter makes the line break. */
const ELLA_TYPED = 'For Ella,{Enter}who never gives up.';
const TOO_MANY_LINES = 'A dedication can have at most 10 lines, blank lines included.';

// The model's moves and states: tests/purchase-model.ts, the screen walk's moves.
const traversal = purchaseTraversal('screen');
const model = createTestModel(purchaseMachine, traversal);
// (The traversal options go to getShortestPaths too, as in e2e/builder.spec.ts.)
const paths = model.getShortestPaths(traversal);
type Step = (typeof paths)[number]['steps'][number];

const PATHNAMES: Record<string, string> = {
  child: '/personalize/football_story',
  dad: '/personalizeDad/football_story',
  mum: '/personalizeMum/football_story',
  dedication: '/dedication/football_story',
  preview: '/preview/football_story',
  cover: '/coverChoice/football_story',
  cart: '/cart',
};
const HEADINGS: Record<string, string> = {
  child: 'Customise the kid',
  dad: 'Customise Dad',
  mum: 'Customise Mum',
  dedication: 'Write a dedication',
  preview: 'Your book preview',
  cover: 'Choose your cover',
};
/** What the progress dots above each step say (the cart has none). */
const PROGRESS: Record<string, string> = {
  child: 'Step 1 of 4: Characters',
  dad: 'Step 1 of 4: Characters',
  mum: 'Step 1 of 4: Characters',
  dedication: 'Step 2 of 4: Dedication',
  preview: 'Step 3 of 4: Preview',
  cover: 'Step 4 of 4: Cover',
};
const NAME_LABELS: Record<CharacterRole, string> = {
  child: "Child's name",
  dad: "Dad's name",
  mum: "Mum's name",
};
const NAME_REQUIRED: Record<CharacterRole, string> = {
  child: "Child's name is required",
  dad: "Dad's name is required",
  mum: "Mum's name is required",
};
const BLANK_NOTE = 'Please write a dedication or choose one of the suggestions.';
const SAVE_FAILED = 'We could not save your book. Please check your connection and try again.';
const LOADING_LABEL = /^Next \((\d+) images? still loading\)$/;

// ---------------------------------------------------------------------------------------------
// The network: the real server app in-process
// ---------------------------------------------------------------------------------------------

let server: TestApp;
let i18n: I18n;

/** Every request the app made, as 'METHOD /path?query'. */
let requests: string[] = [];
/** The body of the last request for the dedication page's picture. */
let dedicationImageRequest: unknown = null;
/**
 * How a save ends: delivered; dropped on the way (the server never sees it); or saved by the
 * server with its answer lost on the way back (the app cannot tell the last two apart).
 */
type SaveOutcome = 'deliver' | 'drop' | 'lose-answer';
/** Saves wait here until the path's next event says how the connection treats them. */
let heldSaves: ((outcome: SaveOutcome) => void)[] = [];
/** The requestId of every save the app sent. */
let saveRequestIds: string[] = [];
/** What the server answered to saves whose answer never reached the app. */
let lostAnswers: unknown[] = [];
/** The preview images the app turned into object URLs (jsdom has no URL.createObjectURL). */
type PreviewBlob = Parameters<typeof NodeURL.createObjectURL>[0];
const objectUrls = new Map<string, PreviewBlob>();
let objectUrlCount = 0;

function isSave(method: string, pathname: string): boolean {
  return (
    (method === 'POST' && (pathname === '/api/order' || pathname === '/api/orderItems')) ||
    (method === 'PUT' && pathname.startsWith('/api/orderItems/'))
  );
}

async function fetchFromServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request =
    input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
  const url = new URL(request.url);
  if (url.origin !== ORIGIN || !url.pathname.startsWith('/api/'))
    throw new TypeError(`Not the shop's API: ${request.url}`);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
  if (url.pathname === '/api/preview/generateDedicationImage')
    dedicationImageRequest = await request.clone().json();
  if (isSave(request.method, url.pathname)) {
    saveRequestIds.push(((await request.clone().json()) as { requestId: string }).requestId);
    const outcome = await new Promise<SaveOutcome>((resolve) => heldSaves.push(resolve));
    if (outcome === 'drop') throw new TypeError('fetch failed');
    if (outcome === 'lose-answer') {
      lostAnswers.push(await (await server.app.request(request)).json());
      throw new TypeError('fetch failed');
    }
  }
  return server.app.request(request);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The page's URL class, with two things jsdom lacks for this test:
 * - object URLs (the preview's WebP blobs), kept here so the test can look at them;
 * - the server's own files: in a jsdom test Vite transforms modules for the browser and turns the
 *   preview service's `new URL('./render-worker.mjs', import.meta.url)` into
 *   `new URL('/server/…/render-worker.mjs', '' + self.location)`, an address on the page. The server
 *   runs in Node, so such an address is turned back into the file it names, and the real render
 *   workers start.
 */
class PageURL extends NodeURL {
  constructor(input: string | URL, base?: string | URL) {
    if (
      typeof input === 'string' &&
      input.startsWith('/server/') &&
      String(base).startsWith(ORIGIN)
    ) {
      super(pathToFileURL(path.join(ROOT, input)).href);
    } else {
      super(input, base);
    }
  }
  static override createObjectURL(blob: PreviewBlob): string {
    const url = `blob:${ORIGIN}/preview-${++objectUrlCount}`;
    objectUrls.set(url, blob);
    return url;
  }
  static override revokeObjectURL(url: string): void {
    objectUrls.delete(url);
  }
}

beforeAll(async () => {
  server = await createTestApp();
  i18n = await createTestI18n('en-GB');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
  requests = [];
  dedicationImageRequest = null;
  heldSaves = [];
  saveRequestIds = [];
  lostAnswers = [];
  vi.stubGlobal('fetch', fetchFromServer);
  vi.stubGlobal('URL', PageURL);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// ---------------------------------------------------------------------------------------------
// The app as src/app-root.tsx mounts it
// ---------------------------------------------------------------------------------------------

type AppRouter = ReturnType<typeof createRouter>;

/**
 * The real route tree, query client and builder, fresh for each path: the purchase actors, the
 * cached preview queue and the query cache live in module scope, so the modules are loaded anew.
 */
async function openBuilder(): Promise<AppRouter> {
  vi.resetModules();
  const { routeTree } = await import('#src/route-tree.gen.ts');
  const { queryClient } = await import('#src/lib/query-client.ts');
  const router = createRouter({
    routeTree,
    context: { queryClient: async () => queryClient, i18n, cookies: browserCookies },
    history: createMemoryHistory({ initialEntries: ['/personalizeTest/football_story'] }),
    scrollRestoration: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router as unknown as AppRouter;
}

function describePath(path: (typeof paths)[number]): string {
  return path.steps
    .map(({ event }) => {
      if ((event as { type: string }).type === 'xstate.init') return 'start';
      if (event.type === 'dedication.set') {
        return `dedication.set(${event.text === ELEVEN_LINES ? '11 lines' : dedicationKind(event.text)})`;
      }
      return event.type;
    })
    .join(' → ');
}

function expectedDedication(snapshot: Snapshot): string {
  const text = snapshot.context.draft.dedication;
  if (text === null) throw new Error('The model has no dedication at this step');
  return text;
}

/**
 * One walk through the real app: what the parent must see in each state of the model, and how
 * they do each event. `failure` is how a save that the model lets fail goes wrong on the way.
 */
function walker(failure: Exclude<SaveOutcome, 'deliver'> = 'drop') {
  let router!: AppRouter;
  let user!: UserEvent;
  let lastEvent = 'xstate.init';
  let saves = 0;
  const pathname = () => router.state.location.pathname;
  const heading = () => screen.findByRole('heading', { level: 1, name: HEADINGS[pathStep()] });
  const pathStep = () =>
    Object.keys(PATHNAMES).find((step) => PATHNAMES[step] === pathname()) ?? 'unknown';
  // The app logs a failed save or preview with console.warn; React reports its errors with console.error.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});

  async function onScreen(step: string) {
    await waitFor(() => expect(pathname()).toBe(PATHNAMES[step]));
    if (HEADINGS[step]) await screen.findByRole('heading', { level: 1, name: HEADINGS[step] });
    const progress = screen.queryByRole('navigation', { name: 'Your progress' });
    if (PROGRESS[step]) expect(progress).toHaveTextContent(PROGRESS[step]);
    else expect(progress).not.toBeInTheDocument();
  }

  const character = (role: CharacterRole) => async (snapshot: Snapshot) => {
    await onScreen(role);
    const name = nameOf(snapshot.context.draft, role);
    expect(screen.getByRole('textbox', { name: NAME_LABELS[role] })).toHaveValue(name);
    if (snapshot.context.showErrors && name.trim() === '') {
      expect(await screen.findByText(NAME_REQUIRED[role])).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: NAME_LABELS[role] })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    } else {
      expect(screen.queryByText(NAME_REQUIRED[role])).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    if (role === 'child')
      expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  };

  const typeName =
    (role: CharacterRole) =>
    async ({ event }: { event: PurchaseEvent }) => {
      if (!('name' in event)) throw new Error(`${event.type} has no name`);
      const box = screen.getByRole('textbox', { name: NAME_LABELS[role] });
      await user.clear(box);
      await user.type(box, event.name);
    };

  const COVER_NAMES = { hardcover: 'Hardcover', softcover: 'Softcover', digital: 'Digital PDF' };
  const coverRadio = (cover: 'hardcover' | 'softcover' | 'digital') =>
    screen.getByRole('radio', { name: COVER_NAMES[cover] });

  /** Every executor also notes which event was done last. */
  const track = (
    executors: Record<string, (step: Step) => Promise<void>>,
  ): Record<string, (step: Step) => Promise<void>> =>
    Object.fromEntries(
      Object.entries(executors).map(([type, run]) => [
        type,
        async (step: Step) => {
          await run(step);
          lastEvent = type;
        },
      ]),
    );

  const states = {
    loading: async () => {
      // The product page's entry stores a fresh draft, then the child step takes over.
      await waitFor(() =>
        expect(['/personalizeTest/football_story', PATHNAMES.child]).toContain(pathname()),
      );
    },
    child: character('child'),
    dad: character('dad'),
    mum: character('mum'),
    dedication: async (snapshot: Snapshot) => {
      await onScreen('dedication');
      expect(screen.getByRole('textbox', { name: 'Your dedication' })).toHaveValue(
        expectedDedication(snapshot),
      );
      const notes: Record<string, string> = { blank: BLANK_NOTE, tooManyLines: TOO_MANY_LINES };
      const note =
        snapshot.context.dedicationNote === null ? null : notes[snapshot.context.dedicationNote];
      if (note) expect(await screen.findByRole('status')).toHaveTextContent(note);
      for (const other of [BLANK_NOTE, TOO_MANY_LINES].filter((text) => text !== note)) {
        expect(screen.queryByText(other)).not.toBeInTheDocument();
      }
    },
    preview: async () => {
      await onScreen('preview');
      if (lastEvent === 'step.back') {
        // Back from the cover: the pages drawn a moment ago are still there, Next is ready at once.
        expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: LOADING_LABEL })).not.toBeInTheDocument();
      } else {
        const next = await screen.findByRole('button', { name: LOADING_LABEL });
        const [, count] =
          LOADING_LABEL.exec(next.getAttribute('aria-label') ?? next.textContent ?? '') ?? [];
        expect(Number(count)).toBeGreaterThan(0);
        expect(Number(count)).toBeLessThanOrEqual(PAGE_IDS.length);
      }
    },
    cover: async (snapshot: Snapshot) => {
      await onScreen('cover');
      const chosen = snapshot.context.draft.bookCover ?? 'hardcover';
      const other = chosen === 'hardcover' ? 'softcover' : 'hardcover';
      expect(coverRadio(chosen)).toBeChecked();
      expect(coverRadio(other)).not.toBeChecked();
      // The prices are the server's.
      expect(await screen.findByText('£34.99')).toBeInTheDocument();
      expect(screen.getByText('£29.99')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save and go to cart' })).toBeEnabled();
      if (snapshot.context.saveError) {
        expect(screen.getByRole('alert')).toHaveTextContent(SAVE_FAILED);
        expect(warn).toHaveBeenCalledWith('Saving the book failed', expect.anything());
      } else {
        expect(screen.queryByText(SAVE_FAILED)).not.toBeInTheDocument();
      }
    },
    saving: async (snapshot: Snapshot) => {
      // The parent stays on the cover step while the save is on its way; nothing can be changed twice.
      await onScreen('cover');
      const button = await screen.findByRole('button', { name: 'Saving…' });
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute('aria-busy', 'true');
      expect(coverRadio(snapshot.context.draft.bookCover ?? 'hardcover')).toBeChecked();
      expect(coverRadio('softcover')).toBeDisabled();
      expect(heldSaves).toHaveLength(1);
    },
    cart: async (snapshot: Snapshot) => {
      await onScreen('cart');
      const cover = snapshot.context.draft.bookCover ?? 'hardcover';
      const titles = await screen.findAllByRole('heading', { level: 3, name: /for Ella$/ });
      expect(titles).toHaveLength(1);
      const book = within(titles[0]!.closest('li')!);
      expect(book.getByText(cover === 'softcover' ? 'Softcover' : 'Hardcover')).toBeInTheDocument();
      // The server really has the book: one item, the child's name as the book writes it, the cover.
      const orderId = Cookies.get('ORDER_ID_en-GB');
      expect(orderId).toBeTruthy();
      const answer = await server.request(`/api/order/summary/${orderId}?country=en-GB`);
      expect(answer.status).toBe(200);
      const summary = (await answer.json()) as CartSummary;
      expect(summary.items).toHaveLength(1);
      expect(summary.items[0]).toMatchObject({
        childName: 'Ella',
        format: cover,
        dedication: expectedDedication(snapshot),
      });
      // However often the parent pressed Save, every save was the same request: one book.
      expect(saveRequestIds).toHaveLength(saves);
      expect(new Set(saveRequestIds).size).toBe(1);
      // The finished draft is gone from session storage: a new book starts from scratch.
      expect(sessionStorage.getItem('football_story')).toBeNull();
    },
  };
  const events = track({
    'xstate.init': async () => {
      user = userEvent.setup({ delay: null });
      router = await openBuilder();
      await user.click(
        await screen.findByRole('button', { name: 'Accept Essential' }, { timeout: 10_000 }),
      );
    },
    'draft.loaded': async () => {
      // The app loads the draft itself (the one /personalizeTest stored).
      await waitFor(() => expect(pathname()).toBe(PATHNAMES.child));
    },
    'child.setName': typeName('child'),
    'dad.setName': typeName('dad'),
    'mum.setName': typeName('mum'),
    'step.next': async () => {
      await heading();
      if (pathStep() === 'dedication')
        await user.click(screen.getByRole('button', { name: 'Continue' }));
      else await user.click(screen.getByRole('button', { name: 'Next' }));
    },
    'step.back': async () => {
      await heading();
      const back = {
        dad: 'Back',
        mum: 'Back',
        dedication: 'Back to Mum',
        cover: 'Back to preview',
      }[pathStep()];
      if (!back) throw new Error(`No back on ${pathname()}`);
      await user.click(screen.getByRole('button', { name: back }));
    },
    'dedication.set': async ({ event }) => {
      if (event.type !== 'dedication.set') throw new Error(event.type);
      const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your dedication' });
      if (event.text === ELEVEN_LINES) {
        // Pasted over the whole text: refused, the text stays as it was.
        box.setSelectionRange(0, box.value.length);
        await user.click(box);
        box.setSelectionRange(0, box.value.length);
        await user.paste(ELEVEN_LINES);
      } else {
        await user.clear(box);
        await user.type(box, event.text === ELLA_DEDICATION ? ELLA_TYPED : event.text);
      }
    },
    'preview.next': async ({ state }) => {
      // Next reads 'Next (N images still loading)' until every page is in, then plain 'Next'.
      const next = await screen.findByRole('button', { name: 'Next' }, { timeout: 60_000 });
      // Every page drawn once by the server: the cover and 22 spreads, and the dedication page with the words and name of this book.
      expect(requests.filter((r) => r === 'POST /api/preview/generateImage')).toHaveLength(
        PAGE_IDS.length - 1,
      );
      expect(
        requests.filter((r) => r === 'POST /api/preview/generateDedicationImage'),
      ).toHaveLength(1);
      expect(dedicationImageRequest).toMatchObject({
        childName: 'Ella',
        language: 'en-gb',
        page: 'dedication',
        dedication: expectedDedication(state),
      });
      const stage = within(
        screen.getByRole('group', { name: new RegExp(`Page 1 of ${PAGE_IDS.length}`) }),
      ).getByRole('img', {
        name: 'Cover',
      });
      const blob = objectUrls.get(stage.getAttribute('src') ?? '');
      expect(blob?.type).toBe('image/webp');
      const head = new Uint8Array(await blob!.slice(0, 12).arrayBuffer());
      expect(String.fromCharCode(...head.slice(0, 4), ...head.slice(8, 12))).toBe('RIFFWEBP');
      await user.click(next);
    },
    'cover.select': async ({ event }) => {
      if (event.type !== 'cover.select') throw new Error(event.type);
      await user.click(coverRadio(event.cover));
    },
    'cover.save': async () => {
      saves += 1;
      await user.click(screen.getByRole('button', { name: 'Save and go to cart' }));
    },
    'save.done': async () => {
      await waitFor(() => expect(heldSaves).toHaveLength(1));
      heldSaves.shift()!('deliver');
    },
    'save.failed': async () => {
      await waitFor(() => expect(heldSaves).toHaveLength(1));
      heldSaves.shift()!(failure);
    },
  });

  /** Only what the path asked for went wrong: no preview page failed, React reported no error. */
  function expectNoSurprises(failedSaves: number) {
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual(
      Array(failedSaves).fill('Saving the book failed'),
    );
    expect(error).not.toHaveBeenCalled();
  }

  return { states, events, expectNoSurprises, user: () => user, onScreen };
}

describe('the purchase machine’s shortest paths through the real builder', () => {
  it('covers every screen of the flow with a manageable number of paths', () => {
    const seen = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...seen].sort()).toEqual([
      'cart',
      'child',
      'cover',
      'dad',
      'dedication',
      'loading',
      'mum',
      'preview',
      'saving',
    ]);
    expect(paths.length).toBeGreaterThanOrEqual(15);
    expect(paths.length).toBeLessThanOrEqual(40);
  });

  for (const path of paths) {
    it(
      describePath(path),
      async () => {
        const walk = walker();
        await path.test(walk);
        walk.expectNoSurprises(
          path.steps.filter((step) => step.event.type === 'save.failed').length,
        );
      },
      90_000,
    );
  }
});

describe('a save that fails, saved again', () => {
  // The model's path to the save error with softcover chosen, continued by hand with the model's
  // next states: Save again, and this time the connection delivers.
  const failed = paths.find(
    (path) =>
      path.state.matches('cover') &&
      path.state.context.saveError &&
      path.state.context.draft.bookCover === 'softcover',
  );
  const next = (snapshot: Snapshot, event: PurchaseEvent) =>
    transition(purchaseMachine, snapshot, event)[0];

  for (const failure of ['drop', 'lose-answer'] as const) {
    const how =
      failure === 'drop' ? 'lost on the way to the server' : 'saved by the server, its answer lost';
    it(`${how}: Save again puts one book in the cart`, async () => {
      if (!failed) throw new Error('The model has no path to a failed save with softcover');
      const walk = walker(failure);
      await failed.test(walk);

      const saveAgain: PurchaseEvent = {
        type: 'cover.save',
        requestId: '0d6c3c52-8f7e-4d8e-9a51-3c8f1f0c2b77',
      };
      const saving = next(failed.state, saveAgain);
      expect(saving.value).toBe('saving');
      await walk.events['cover.save']!({ event: saveAgain, state: saving } as Step);
      await walk.states.saving(saving);

      const saved: PurchaseEvent = { type: 'save.done', orderItemId: SAVED_ITEM_ID };
      const cart = next(saving, saved);
      await walk.events['save.done']!({ event: saved, state: cart } as Step);
      // One book, softcover, and both saves were the same request.
      await walk.states.cart(cart);
      if (failure === 'lose-answer') {
        // The server answered the repeated request with the order it had made the first time.
        expect(lostAnswers).toEqual([
          { orderId: Cookies.get('ORDER_ID_en-GB'), orderItemId: expect.any(String) },
        ]);
      }
      walk.expectNoSurprises(1);
    }, 90_000);
  }

  it('saved by the server, its answer lost, then the cover changed: Save again keeps one book, with the new cover', async () => {
    if (!failed) throw new Error('The model has no path to a failed save with softcover');
    const walk = walker('lose-answer');
    await failed.test(walk);

    const hardcover: PurchaseEvent = { type: 'cover.select', cover: 'hardcover' };
    const chosen = next(failed.state, hardcover);
    await walk.events['cover.select']!({ event: hardcover, state: chosen } as Step);
    const saveAgain: PurchaseEvent = {
      type: 'cover.save',
      requestId: '0d6c3c52-8f7e-4d8e-9a51-3c8f1f0c2b77',
    };
    const saving = next(chosen, saveAgain);
    await walk.events['cover.save']!({ event: saveAgain, state: saving } as Step);
    await walk.states.saving(saving);
    const saved: PurchaseEvent = { type: 'save.done', orderItemId: SAVED_ITEM_ID };
    const cart = next(saving, saved);
    await walk.events['save.done']!({ event: saved, state: cart } as Step);
    // One book on the server, hardcover, and both saves named the same request.
    await walk.states.cart(cart);
    walk.expectNoSurprises(1);
  }, 90_000);
});
