import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from './i18n-test.ts';

// Embla measures the layout, which jsdom cannot do: a stand-in records what the carousel asks of it.
const embla = vi.hoisted(() => {
  const autoplay = { play: vi.fn(), stop: vi.fn() };
  const listeners = new Map<string, () => void>();
  let selected = 0;
  const api = {
    plugins: () => ({ autoplay }),
    on: (event: string, listener: () => void) => listeners.set(event, listener),
    off: (event: string) => listeners.delete(event),
    selectedScrollSnap: () => selected,
    scrollTo: vi.fn((index: number) => {
      selected = index;
      listeners.get('select')?.();
    }),
  };
  return { autoplay, api, options: vi.fn(), autoplayOptions: vi.fn(), reset: () => (selected = 0) };
});
// As Embla's hook: no carousel until its viewport element is given to the ref.
vi.mock('embla-carousel-react', async () => {
  const { useState } = await import('react');
  function useEmblaCarousel(options: unknown) {
    const [viewport, setViewport] = useState<HTMLElement | null>(null);
    embla.options(options);
    return [setViewport, viewport ? embla.api : undefined];
  }
  return { default: useEmblaCarousel };
});
vi.mock('embla-carousel-autoplay', () => ({
  default: (options: unknown) => {
    embla.autoplayOptions(options);
    return { name: 'autoplay' };
  },
}));

const { CoverCarousel } = await import('#src/features/home/cover-carousel.tsx');
const { FeatureCards, FEATURE_CARD_THRESHOLD } =
  await import('#src/features/home/feature-cards.tsx');
const { HomePage } = await import('#src/features/home/home-page.tsx');
const { marketingSet } = await import('#src/ui/marketing-images.ts');

/** matchMedia answering true for the queries given. */
function mediaMatching(...queries: string[]) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: queries.includes(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The callbacks waiting for the browser to be idle (requestIdleCallback). */
let idleCallbacks: (() => void)[] = [];

beforeEach(() => {
  idleCallbacks = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => {});
  embla.autoplay.play.mockClear();
  embla.autoplay.stop.mockClear();
  embla.api.scrollTo.mockClear();
  embla.reset();
  mediaMatching();
});
afterEach(() => vi.unstubAllGlobals());

const COVERS = marketingSet('en-GB').covers.slice(0, 3);

/** The browser's first idle moment, and the task after it, in which the carousel starts. */
async function browserIdle() {
  act(() => idleCallbacks.splice(0).forEach((callback) => callback()));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The carousel, by default after the browser's first idle moment (when it starts). */
async function renderCarousel({ idle = true } = {}) {
  const i18n = await createTestI18n('en-GB');
  render(
    <I18nextProvider i18n={i18n}>
      <CoverCarousel covers={COVERS} sizes="480px" />
    </I18nextProvider>,
  );
  if (idle) await browserIdle();
  return screen.getByRole('region', { name: 'Covers personalised with sample names' });
}

describe('the cover carousel', () => {
  it('loops one slide at a time, autoplays every 3000 ms and slides in about 800 ms', async () => {
    await renderCarousel();
    expect(embla.options).toHaveBeenLastCalledWith(
      expect.objectContaining({ loop: true, slidesToScroll: 1, duration: 22 }),
    );
    expect(embla.autoplayOptions).toHaveBeenCalledWith(expect.objectContaining({ delay: 3000 }));
    expect(screen.getAllByRole('group', { name: /^Cover \d of 3$/ })).toHaveLength(3);
    const first = screen.getByRole('img', {
      name: "The cover of 'You can do it' personalised for Anna",
    });
    expect(first).toHaveAttribute('srcset', expect.stringContaining('cover-anna-400.webp 400w'));
    expect(Number(first.getAttribute('height')) / Number(first.getAttribute('width'))).toBeCloseTo(
      3000 / 2450,
      2,
    );
  });

  it('starts when the browser is first idle, not while the page hydrates', async () => {
    const region = await renderCarousel({ idle: false });
    expect(region).toHaveAttribute('data-autoplay', 'playing');
    expect(embla.autoplay.play).not.toHaveBeenCalled();
    expect(
      screen.getByRole('img', { name: "The cover of 'You can do it' personalised for Anna" }),
    ).toBeVisible();
    expect(idleCallbacks).toHaveLength(1);
    // Only the first cover is fetched with the page; the others wait for the carousel to start.
    const others = ['Oliver', 'Leo'].map((name) =>
      screen.getByRole('img', { name: new RegExp(`for ${name}$`) }),
    );
    for (const other of others) expect(other).not.toHaveAttribute('src');
    expect(screen.getByRole('img', { name: /for Anna$/ })).toHaveAttribute(
      'src',
      expect.stringContaining('cover-anna'),
    );
    await browserIdle();
    expect(embla.autoplay.play).toHaveBeenCalled();
    for (const other of others)
      expect(other.getAttribute('srcset')).toMatch(/cover-(oliver|leo)-400\.webp 400w/);
  });

  it('starts at once when the visitor reaches for it before the browser was idle', async () => {
    const region = await renderCarousel({ idle: false });
    fireEvent.touchStart(region);
    await userEvent.click(screen.getByRole('button', { name: 'Show cover 2' }));
    expect(embla.api.scrollTo).toHaveBeenCalledWith(1);
  });

  it('plays, stops while hovered or focused, and stays stopped once paused', async () => {
    const region = await renderCarousel();
    expect(region).toHaveAttribute('data-autoplay', 'playing');
    expect(embla.autoplay.play).toHaveBeenCalled();

    fireEvent.mouseEnter(region);
    expect(region).toHaveAttribute('data-autoplay', 'hovered');
    expect(embla.autoplay.stop).toHaveBeenCalled();
    fireEvent.mouseLeave(region);
    expect(region).toHaveAttribute('data-autoplay', 'playing');

    const dot = screen.getByRole('button', { name: 'Show cover 2' });
    act(() => dot.focus());
    expect(region).toHaveAttribute('data-autoplay', 'focused');
    act(() => dot.blur());
    expect(region).toHaveAttribute('data-autoplay', 'playing');

    embla.autoplay.play.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Pause the slideshow' }));
    fireEvent.mouseLeave(region);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(region).toHaveAttribute('data-autoplay', 'paused');
    expect(embla.autoplay.play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play the slideshow' })).toBeInTheDocument();
  });

  it('stands still when the visitor prefers reduced motion, until they press play', async () => {
    mediaMatching('(prefers-reduced-motion: reduce)');
    const region = await renderCarousel();
    expect(region).toHaveAttribute('data-autoplay', 'paused');
    expect(embla.autoplay.play).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Play the slideshow' }));
    // Still over it and focused inside: it starts once the pointer and focus leave.
    expect(region).toHaveAttribute('data-autoplay', 'focused');
    fireEvent.mouseLeave(region);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(region).toHaveAttribute('data-autoplay', 'playing');
    expect(embla.autoplay.play).toHaveBeenCalled();
  });

  it('a dot shows its cover and marks itself current', async () => {
    await renderCarousel();
    expect(screen.getByRole('button', { name: 'Show cover 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show cover 3' }));
    expect(embla.api.scrollTo).toHaveBeenCalledWith(2);
    expect(screen.getByRole('button', { name: 'Show cover 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Show cover 1' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('a dot pressed before the carousel has started starts it and shows its cover', async () => {
    await renderCarousel({ idle: false });
    // A click with no pointer or focus before it (a screen reader's): nothing has woken the carousel.
    act(() => screen.getByRole('button', { name: 'Show cover 2' }).click());
    expect(screen.getByRole('button', { name: 'Show cover 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(embla.api.scrollTo).toHaveBeenCalledWith(1, true);
    expect(screen.getByRole('button', { name: 'Show cover 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Its picture is there too: the other covers load once the carousel is awake.
    const slides = screen.getAllByRole('group', { name: /of 3/ });
    expect(within(slides[1]!).getByRole('img')).toHaveAttribute('srcset');
  });
});

describe('the feature cards', () => {
  type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
  let observers: { callback: Callback; options?: IntersectionObserverInit; targets: Element[] }[];
  beforeEach(() => {
    observers = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        targets: Element[] = [];
        constructor(callback: Callback, options?: IntersectionObserverInit) {
          observers.push({ callback, options, targets: this.targets });
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        disconnect() {}
      },
    );
  });

  async function renderCards(language = 'en-GB') {
    const i18n = await createTestI18n(language);
    render(
      <I18nextProvider i18n={i18n}>
        <FeatureCards />
      </I18nextProvider>,
    );
    return screen.getAllByRole('listitem');
  }

  it('on a phone, shows a card text only once 80% of the card is on screen', async () => {
    mediaMatching('(max-width: 768px)');
    const cards = await renderCards();
    expect(cards).toHaveLength(4);
    expect(observers).toHaveLength(4);
    expect(
      observers.every(
        (o) => o.options?.threshold === FEATURE_CARD_THRESHOLD && FEATURE_CARD_THRESHOLD === 0.8,
      ),
    ).toBe(true);
    expect(cards.map((card) => card.dataset['revealed'])).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);

    const second = observers.find((o) => o.targets.includes(cards[1]!))!;
    act(() => second.callback([{ isIntersecting: true, intersectionRatio: 0.5 }]));
    expect(cards[1]).toHaveAttribute('data-revealed', 'false');
    act(() => second.callback([{ isIntersecting: true, intersectionRatio: 0.8 }]));
    expect(cards.map((card) => card.dataset['revealed'])).toEqual([
      'false',
      'true',
      'false',
      'false',
    ]);
    expect(within(cards[1]!).getByText(/Preview all 42 pages/)).toBeVisible();
  });

  it('on a wider screen, every card shows its text without waiting', async () => {
    const cards = await renderCards('lv');
    expect(observers).toHaveLength(0);
    expect(cards.map((card) => card.dataset['revealed'])).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Kas padara mūsu grāmatu īpašu',
    );
  });
});

describe('Home', () => {
  const SECTIONS: Record<string, string[]> = {
    'en-GB': [
      'How it works',
      "The first edition of 'You can do it'",
      'What makes our book special',
      'For every family',
      'What your child learns',
      'A story that began at home',
      'Your cover, your way',
    ],
    'en-US': [
      'How it works',
      "The first edition of 'You can do it'",
      'What makes our book special',
      'For every family',
      'What your child learns',
      'A story that began at home',
      'Your cover, your way',
    ],
    lv: [
      'Kā tas notiek',
      'Grāmatas „Tu to vari” pirmais izdevums',
      'Kas padara mūsu grāmatu īpašu',
      'Katrai ģimenei',
      'Ko jūsu bērns iemācīsies',
      'Stāsts, kas sākās mājās',
      'Jūsu vāks – jūsu izvēle',
    ],
  };

  async function renderHome(language: string) {
    const i18n = await createTestI18n(language);
    const rootRoute = createRootRoute();
    const routes = [
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/about-us',
        component: () => <h1>About</h1>,
      }),
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/YouCanDoIt',
        component: () => <h1>The book</h1>,
      }),
    ];
    const router = createRouter({
      routeTree: rootRoute.addChildren(routes),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1 });
  }

  it.each(Object.keys(SECTIONS))(
    '%s: the marketing sections, steps, values and cover options',
    async (language) => {
      await renderHome(language);
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
        SECTIONS[language],
      );
      const steps = within(
        screen.getByRole('region', { name: SECTIONS[language]![0] }),
      ).getAllByRole('listitem');
      expect(steps).toHaveLength(4);
      const values = within(
        screen.getByRole('region', { name: SECTIONS[language]![4] }),
      ).getAllByRole('listitem');
      expect(values).toHaveLength(5);
      const covers = screen.getByRole('region', { name: SECTIONS[language]![6] });
      expect(within(covers).getAllByRole('img')).toHaveLength(2);
      expect(within(covers).getAllByRole('heading', { level: 4 })).toHaveLength(3);
      const release = screen.getByRole('region', { name: SECTIONS[language]![1] });
      expect(release).toHaveTextContent(
        language === 'lv'
          ? /pārdošanā.*100 numurētas grāmatas.*Nepalaidiet garām/
          : /on sale now.*100 numbered books.*Don't miss the opportunity/,
      );
      expect(release).not.toHaveTextContent(/2025|June|jūnij|waiting list|gaidītāju/);
      expect(
        within(release).getByRole('link', {
          name: language === 'lv' ? 'Apskatīt grāmatu' : 'See the book',
        }),
      ).toHaveAttribute('href', '/YouCanDoIt');
      // The pictures are drawn in the page's language: their sample names read in it.
      const names = marketingSet(language).covers.map((cover) => cover.name);
      expect(within(covers).getByRole('img', { name: new RegExp(names[0]!) })).toHaveAttribute(
        'src',
        expect.stringContaining(`/${language.toLowerCase()}/`),
      );
    },
  );

  it.each([
    [
      'en-GB',
      /starring your child and their family/,
      ['Mum and Dad', 'Two mums', 'Grandma and Grandpa'],
    ],
    [
      'en-US',
      /starring your child and their family/,
      ['Mom and Dad', 'Two moms', 'Grandma and Grandpa'],
    ],
    [
      'lv',
      /jūsu bērns un viņa ģimene/,
      ['Mamma un tētis', 'Divas mammas', 'Vecmāmiņa un vectētiņš'],
    ],
  ] as const)(
    '%s: the book is for every family: the hero says so and every family shape is drawn and named',
    async (language, hero, names) => {
      await renderHome(language);
      const h1 = screen.getByRole('heading', { level: 1 });
      expect(h1.parentElement).toHaveTextContent(hero);
      expect(h1.parentElement).not.toHaveTextContent(/their dad and their mum|tētis un mamma/);
      const families = screen.getByRole('region', { name: SECTIONS[language]![3] });
      const shapes = within(families).getAllByRole('listitem');
      expect(shapes).toHaveLength(8);
      for (const name of names) expect(within(families).getByText(name)).toBeInTheDocument();
      // each name under its drawing (the same pictures in every language)
      for (const shape of shapes)
        expect(shape.querySelector('img')?.getAttribute('src')).toMatch(
          /\/images\/marketing\/families\/[a-z-]+-180\.webp$/,
        );
    },
  );

  it("every 'I'm in' leads to the adventure community block and the founders' story to About Us", async () => {
    await renderHome('en-GB');
    const imIn = screen.getAllByRole('link', { name: "I'm in" });
    expect(imIn.length).toBeGreaterThanOrEqual(1);
    for (const link of imIn) expect(link).toHaveAttribute('href', '#adventure-community');
    expect(screen.getByRole('link', { name: 'Read our story' })).toHaveAttribute(
      'href',
      '/about-us',
    );

    const community = document.createElement('section');
    community.id = 'adventure-community';
    community.scrollIntoView = vi.fn();
    document.body.append(community);
    await userEvent.click(imIn[0]!);
    expect(community.scrollIntoView).toHaveBeenCalled();
    expect(community).toHaveFocus();
    community.remove();
  });
});
