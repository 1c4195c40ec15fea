import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { MAX_BOOKS_PER_ORDER, type CartItem, type CartSummary } from '#contract/orders.ts';
import { CartPage } from '#src/features/cart/cart-page.tsx';
import { createTestI18n } from './i18n-test.ts';
import { ShopFacts, shopInfoOf } from './shop-test-facts.tsx';

// An order holds at most MAX_BOOKS_PER_ORDER books (the API refuses one more): at that many, the
// cart's 'Add one more book' is disabled, stays reachable by keyboard, and says why, in each language.

const ORDER_ID = 'order_AAAAAAAAAAAAAAAAAAAAAA';
const COOKIE = { lv: 'ORDER_ID_lv', 'en-GB': 'ORDER_ID_en-GB', 'en-US': 'ORDER_ID_en-US' } as const;

function books(count: number): CartItem[] {
  const set = defaultCharacters('girl');
  const { gender: _gender, ...child } = set.child;
  return Array.from({ length: count }, (_, n) => ({
    id: `item_${n + 1}`,
    title: 'You Can Do It',
    language: 'en-GB',
    childName: `Anna ${n + 1}`,
    childGender: 'Girl',
    format: 'hardcover',
    price: 29.99,
    dedication: 'Dear Anna',
    childPersonalization: JSON.stringify(child),
    dadPersonalization: JSON.stringify(set.dad),
    mumPersonalization: JSON.stringify(set.mum),
    dadName: null,
    mumName: null,
    family: {
      shape: 'mum-dad',
      grownUps: [
        { kind: 'dad', name: null, call: 'Dad', personalization: JSON.stringify(set.dad) },
        { kind: 'mum', name: null, call: 'Mum', personalization: JSON.stringify(set.mum) },
      ],
    },
  }));
}

function stubSummary(count: number) {
  const items = books(count);
  const summary: CartSummary = {
    orderId: ORDER_ID,
    items,
    subtotal: (2999 * count) / 100,
    deliveryCost: 4.5,
    discount: 0,
    total: (2999 * count + 450) / 100,
    currencyCode: 'GBP',
    couponInfo: null,
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname === '/api/delivery/countries') return json([]);
    if (url.pathname === '/api/shop')
      return json(
        shopInfoOf((url.searchParams.get('country') ?? 'en-GB') as 'lv' | 'en-GB' | 'en-US'),
      );
    return json(summary);
  });
}

async function renderCart(language: 'lv' | 'en-GB' | 'en-US') {
  Cookies.set(COOKIE[language], ORDER_ID);
  const i18n = await createTestI18n(language);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      component: () => <h1>Home page</h1>,
    }),
    createRoute({ getParentRoute: () => rootRoute, path: '/cart', component: CartPage }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/personalizeTest/$bookName',
      component: () => <h1>Builder</h1>,
    }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/cart'] }),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ShopFacts>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ShopFacts>
    </I18nextProvider>,
  );
  await screen.findAllByRole('listitem');
  return router;
}

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe(`the cart at ${MAX_BOOKS_PER_ORDER} books`, () => {
  it(`below ${MAX_BOOKS_PER_ORDER}: 'Add one more book' leads to the builder`, async () => {
    stubSummary(MAX_BOOKS_PER_ORDER - 1);
    const router = await renderCart('en-GB');
    const add = screen.getByRole('link', { name: 'Add one more book' });
    await userEvent.setup().click(add);
    expect(router.state.location.pathname).toBe('/personalizeTest/football_story');
  });

  it(`at ${MAX_BOOKS_PER_ORDER}: the action is disabled, reachable, and says why; pressing it goes nowhere`, async () => {
    stubSummary(MAX_BOOKS_PER_ORDER);
    const router = await renderCart('en-GB');
    expect(screen.queryByRole('link', { name: 'Add one more book' })).toBeNull();
    const add = screen.getByRole('button', { name: 'Add one more book' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    const reason =
      'One order holds at most 10 books, and your cart has 10. To order more, place this order first, then start a new one.';
    expect(add).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
    const user = userEvent.setup();
    await user.tab();
    while (document.activeElement !== add && document.activeElement !== document.body)
      await user.tab();
    expect(add).toHaveFocus();
    await user.click(add);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('says so in Latvian', async () => {
    stubSummary(MAX_BOOKS_PER_ORDER);
    await renderCart('lv');
    expect(
      screen.getByRole('button', { name: 'Pievienot vēl vienu grāmatu' }),
    ).toHaveAccessibleDescription(
      'Vienā pasūtījumā var būt ne vairāk kā 10 grāmatas, un jūsu grozā to ir 10. Lai pasūtītu vairāk, vispirms noformējiet šo pasūtījumu un tad sāciet jaunu.',
    );
  });
});

describe('a cart that was paid meanwhile (another tab), or whose key this browser lost', () => {
  it.each(['order_placed', 'not_your_cart'])(
    'the server refuses its summary (403 %s): the browser forgets the order and says the cart is empty',
    async (code) => {
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        const url = new URL(
          input instanceof Request ? input.url : String(input),
          'http://localhost',
        );
        if (url.pathname === '/api/shop')
          return new Response(JSON.stringify(shopInfoOf('en-GB')), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          });
        return new Response(JSON.stringify({ error: 'Not this cart.', code }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        });
      });
      Cookies.set(COOKIE['en-GB'], ORDER_ID);
      const i18n = await createTestI18n('en-GB');
      const rootRoute = createRootRoute({ component: () => <Outlet /> });
      const routes = [
        createRoute({
          getParentRoute: () => rootRoute,
          path: '/',
          component: () => <h1>Home page</h1>,
        }),
        createRoute({ getParentRoute: () => rootRoute, path: '/cart', component: CartPage }),
      ];
      const router = createRouter({
        routeTree: rootRoute.addChildren(routes),
        history: createMemoryHistory({ initialEntries: ['/cart'] }),
      });
      render(
        <I18nextProvider i18n={i18n}>
          <ShopFacts>
            <QueryClientProvider
              client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
            >
              <RouterProvider router={router} />
            </QueryClientProvider>
          </ShopFacts>
        </I18nextProvider>,
      );
      expect(
        await screen.findByRole('heading', { name: 'Your cart is empty' }),
      ).toBeInTheDocument();
      expect(Cookies.get(COOKIE['en-GB'])).toBeUndefined();
    },
  );
});
