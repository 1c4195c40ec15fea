import { parseDraft } from '#machines/draft-storage.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import type { CartItem, CartSummary } from '#contract/orders.ts';
import { CartPage } from '#src/features/cart/cart-page.tsx';
import { formatMoney } from '#book/typography.ts';
import { browserCookies, type CookieReader } from '#src/lib/request-cookies.tsx';
import {
  SiteFactsContext,
  loadSiteFacts,
  useSiteFacts,
  useSiteFactsRefresh,
} from '#src/lib/site-facts.ts';
import { useLanguageChangeConfirmation } from '#src/features/cart/language-change.tsx';
import { Header } from '#src/features/shell/header.tsx';
import { createTestI18n } from './i18n-test.ts';
import { ShopFacts, shopInfoOf } from './shop-test-facts.tsx';
import type { ShopInfo } from '#contract/shop.ts';
import { toMinor } from '#contract/markets.ts';

// jsdom has <dialog> without showModal(); the browser's own behaviour is covered in e2e/cart.spec.ts.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const ORDER_ID = 'order_AAAAAAAAAAAAAAAAAAAAAA';

function item(
  id: string,
  childName: string,
  gender: 'Boy' | 'Girl',
  overrides: Partial<CartItem> = {},
): CartItem {
  const set = defaultCharacters(gender === 'Girl' ? 'girl' : 'boy');
  const { gender: _gender, ...child } = set.child;
  return {
    id,
    title: 'You Can Do It',
    language: 'en-GB',
    childName,
    childGender: gender,
    format: 'hardcover',
    price: 29.99,
    dedication: `Dear ${childName},\nnever stop trying.`,
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
    ...overrides,
  };
}

function summary(items: CartItem[], overrides: Partial<CartSummary> = {}): CartSummary {
  const subtotal = items.reduce((sum, i) => sum + toMinor(i.price), 0) / 100;
  return {
    orderId: ORDER_ID,
    items,
    subtotal,
    deliveryCost: 4.5,
    discount: 0,
    total: (toMinor(subtotal) + 450) / 100,
    currencyCode: 'GBP',
    couponInfo: null,
    ...overrides,
  };
}

type Reply = { status: number; body?: unknown };
type Handler = (request: Request, body: unknown) => Reply;

/** The network boundary: every request the cart makes goes through here and is recorded. */
function stubApi(handler: Handler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    // The delivery countries of the summary's country select, and the shop's facts (the root loader's): answered here, not counted.
    const url = new URL(request.url);
    if (url.pathname === '/api/delivery/countries')
      return new Response(JSON.stringify(COUNTRIES), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname === '/api/shop') {
      const language = url.searchParams.get('country') as 'lv' | 'en-GB' | 'en-US';
      return new Response(JSON.stringify(shopInfoOf(language)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    calls.push({ method: request.method, url: new URL(request.url), body });
    const reply = handler(request, body);
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const COUNTRIES = [
  {
    countryId: 19,
    countryCode: 'LV',
    countryName: 'Latvia',
    deliveryTime: 2,
    deliveryCost: 3.49,
    currencyCode: 'GBP',
    needsProvince: false,
  },
  {
    countryId: 31,
    countryCode: 'GB',
    countryName: 'United Kingdom',
    deliveryTime: 7,
    deliveryCost: 9.99,
    currencyCode: 'GBP',
    needsProvince: false,
  },
  {
    countryId: 45,
    countryCode: 'US',
    countryName: 'United States',
    deliveryTime: 10,
    deliveryCost: 16.99,
    currencyCode: 'GBP',
    needsProvince: true,
  },
];

async function renderCart(language = 'en-GB', paymentMethods?: ShopInfo['paymentMethods']) {
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
      path: '/checkout/delivery',
      component: () => <h1>Delivery page</h1>,
    }),
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
      <ShopFacts paymentMethods={paymentMethods}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ShopFacts>
    </I18nextProvider>,
  );
  return router;
}

describe('money', () => {
  it('shows the currency symbol and always two decimals, written the way the language writes money', () => {
    expect(formatMoney(2999, 'GBP', 'en-GB')).toBe('£29.99');
    expect(formatMoney(3000, 'USD', 'en-US')).toBe('$30.00');
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(2999, 'EUR', 'lv').replace(/\s/g, ' ')).toBe('29,99 €');
    expect(formatMoney(750, 'USD', 'en-GB')).toBe('$7.50');
  });
});

describe("a sibling's book from the cart", () => {
  it("offers 'Start from Anna’s family' for each book and starts the builder with that family and a blank child", async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    sessionStorage.clear();
    const mum = {
      hair: 'mum_hair_01_BC',
      eyes: 'mum_eyes_BR',
      skin: 'mum_skin_2M',
      accessories: [],
    };
    const mama = { ...mum, hair: 'mum_hair_02_BL', accessories: ['mum_acc_glasses'] };
    const anna = item('item_1', 'Anna', 'Girl', {
      family: {
        shape: 'mum-mum',
        grownUps: [
          { kind: 'mum', name: 'Ilze', call: 'Mum', personalization: JSON.stringify(mum) },
          { kind: 'mum', name: 'Laura', call: 'name', personalization: JSON.stringify(mama) },
        ],
      },
    });
    stubApi(() => ({ status: 200, body: summary([anna, item('item_2', 'Leo', 'Boy')]) }));
    const router = await renderCart();
    expect(
      await screen.findByRole('button', { name: 'Start from Leo’s family' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start from Anna’s family' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/personalizeTest/football_story'),
    );
    const draft = parseDraft(sessionStorage.getItem('siblingDraft'));
    expect(draft.family).toEqual({
      shape: 'mum-mum',
      grownUps: [
        { kind: 'mum', call: null, name: 'Ilze', look: mum },
        { kind: 'mum', call: 'name', name: 'Laura', look: mama },
      ],
    });
    expect(draft.child.name).toBe('');
    expect(draft).toMatchObject({
      familyKept: true,
      dedication: null,
      bookCover: null,
      orderItemId: null,
    });
  });

  it('names the book in Latvian with the genitive', async () => {
    Cookies.set('ORDER_ID_lv', ORDER_ID);
    stubApi(() => ({
      status: 200,
      body: summary([
        item('item_1', 'Anna', 'Girl', { language: 'lv' }),
        item('item_2', 'Jānis', 'Boy', { language: 'lv' }),
      ]),
    }));
    await renderCart('lv');
    expect(
      await screen.findByRole('button', { name: 'Tā pati ģimene kā Annas grāmatā' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Tā pati ģimene kā Jāņa grāmatā' }),
    ).toBeInTheDocument();
  });
});

describe('the cart', () => {
  it('shows each book for its child with the dedication, the characters, format and price, and the summary', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    const calls = stubApi(() => ({
      status: 200,
      body: summary([
        item('item_1', 'Anna', 'Girl'),
        item('item_2', 'Jānis', 'Boy', { format: 'softcover', price: 24.99 }),
      ]),
    }));
    await renderCart();
    const books = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(books).toHaveLength(2);
    const anna = within(books[0]!);
    expect(anna.getByRole('heading', { level: 3 })).toHaveTextContent('‘You Can Do It’ for Anna');
    expect(anna.getByText(/Dear Anna,\s+never stop trying\./)).toBeInTheDocument();
    expect(
      anna.getByRole('img', { name: 'Anna, Dad and Mum as they look in the book' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(anna.getByText('Hardcover')).toBeInTheDocument();
    expect(anna.getByText('£29.99')).toBeInTheDocument();
    expect(anna.getByText('Not approved yet')).toBeInTheDocument();
    expect(anna.getByRole('link', { name: 'Edit format' })).toHaveAttribute(
      'href',
      '/coverChoice/edit/item_1',
    );
    expect(anna.getByRole('link', { name: 'Edit personalisation' })).toHaveAttribute(
      'href',
      '/personalize/edit/item_1',
    );
    const janis = within(books[1]!);
    expect(janis.getByText('Softcover')).toBeInTheDocument();
    expect(janis.getByText('£24.99')).toBeInTheDocument();

    const totals = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(totals.getByText('Subtotal').nextElementSibling).toHaveTextContent('£54.98');
    expect(totals.getByText('Delivery').nextElementSibling).toHaveTextContent('£4.50');
    expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('£59.48');
    expect(totals.queryByText(/Discount/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Add one more book' })).toHaveAttribute(
      'href',
      '/personalizeTest/football_story',
    );

    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.url.pathname).toBe(`/api/order/summary/${ORDER_ID}`);
    expect(calls[0]!.url.searchParams.get('country')).toBe('en-GB');
  });

  it('draws the family the parent designed (issue #43): two mums with their own looks, a grandpa alone', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    const mum = { ...defaultCharacters('girl').mum, hair: 'mum_hair_03_RD' };
    const mama = { ...defaultCharacters('girl').mum, hair: 'mum_hair_02_BL' };
    const grandpa = { ...defaultCharacters('boy').dad, hair: 'dad_hair_05_GY' };
    stubApi(() => ({
      status: 200,
      body: summary([
        item('item_1', 'Anna', 'Girl', {
          family: {
            shape: 'mum-mum',
            grownUps: [
              { kind: 'mum', name: null, call: 'Mum', personalization: JSON.stringify(mum) },
              { kind: 'mum', name: 'Kate', call: 'name', personalization: JSON.stringify(mama) },
            ],
          },
        }),
        item('item_2', 'Leo', 'Boy', {
          family: {
            shape: 'grandpa',
            grownUps: [
              {
                kind: 'grandpa',
                name: null,
                call: 'Grandad',
                personalization: JSON.stringify(grandpa),
              },
            ],
          },
        }),
      ]),
    }));
    await renderCart();
    const books = within(await screen.findByRole('list')).getAllByRole('listitem');
    const drawn = (book: HTMLElement, name: string) => {
      const src = within(book).getByRole('img', { name }).getAttribute('src')!;
      const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
      return {
        figures: [...svg.matchAll(/data-character="(\w+)"/g)].map((match) => match[1]),
        svg,
      };
    };
    const anna = drawn(books[0]!, 'Anna, Mum and Kate as they look in the book');
    // The two mums on the mum's body, each with her own hair, and Anna between them: no dad.
    expect(anna.figures).toEqual(['mum', 'child', 'mum']);
    expect(anna.svg).toContain('mum_hair_03_RD');
    expect(anna.svg).toContain('mum_hair_02_BL');
    const leo = drawn(books[1]!, 'Leo and Grandad as they look in the book');
    expect(leo.figures).toEqual(['dad', 'child']);
    expect(leo.svg).toContain('dad_hair_05_GY');
  });

  it('of PDFs only: no country to ship to and no delivery line (#44.8)', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi(() => ({
      status: 200,
      body: summary([item('item_1', 'Anna', 'Girl', { format: 'digital', price: 12.99 })], {
        deliveryCost: 0,
        total: 12.99,
      }),
    }));
    await renderCart();
    const totals = within(await screen.findByRole('region', { name: 'Order summary' }));
    await totals.findByText('Subtotal');
    expect(totals.queryByText(/Shipping|Delivery/)).toBeNull();
    expect(totals.queryByLabelText('Ship to')).toBeNull();
    expect(totals.queryByText('£0.00')).toBeNull();
    expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('£12.99');
  });

  it('shows the wallet button only when the payment provider offers a wallet', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi(() => ({ status: 200, body: summary([item('item_1', 'Anna', 'Girl')]) }));
    await renderCart();
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with Apple Pay or Google Pay' })).toBeNull();
  });

  it('keeps Checkout and the wallet button disabled with a reachable tooltip until the details are approved', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi(() => ({ status: 200, body: summary([item('item_1', 'Anna', 'Girl')]) }));
    const user = userEvent.setup();
    const router = await renderCart('en-GB', ['visa', 'mastercard', 'applePay', 'googlePay']);
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    const wallet = screen.getByRole('button', { name: 'Pay with Apple Pay or Google Pay' });
    for (const button of [checkout, wallet]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Approve book details to proceed');
    }
    // Keyboard: the disabled button is still reachable and shows its tooltip on focus.
    const tooltip = () =>
      screen
        .getAllByRole('tooltip', { hidden: true })
        .find((t) => t.classList.contains('tooltip--visible'));
    expect(tooltip()).toBeUndefined();
    act(() => checkout.focus());
    expect(tooltip()).toHaveTextContent('Approve book details to proceed');
    await user.keyboard('{Escape}');
    expect(tooltip()).toBeUndefined();
    await user.hover(wallet);
    expect(tooltip()).toHaveTextContent('Approve book details to proceed');
    await user.click(checkout);
    expect(router.state.location.pathname).toBe('/cart');

    await user.click(
      screen.getByRole('checkbox', {
        name: 'Please confirm all details before proceeding to checkout.',
      }),
    );
    expect(checkout).toHaveAttribute('aria-disabled', 'false');
    expect(checkout).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.queryByText('Not approved yet')).toBeNull();
    await user.click(checkout);
    expect(await screen.findByRole('heading', { name: 'Delivery page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/delivery');
  });

  it('applies a coupon as typed and shows the discount the server computed', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    const books = [item('item_1', 'Anna', 'Girl'), item('item_2', 'Jānis', 'Boy')];
    let applied = false;
    const calls = stubApi((request) => {
      if (request.method === 'POST') {
        applied = true;
        return { status: 200, body: { code: 'MULTI25', percentOff: 25 } };
      }
      return {
        status: 200,
        body: applied
          ? summary(books, {
              discount: 15,
              total: 49.48,
              couponInfo: { code: 'MULTI25', percentOff: 25, applies: true, reason: null },
            })
          : summary(books),
      };
    });
    const user = userEvent.setup();
    await renderCart();
    await user.type(await screen.findByLabelText('Coupon code'), ' multi25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Coupon MULTI25 applied: 25% off.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/order/${ORDER_ID}/discount`);
    expect(post.body).toEqual({ code: ' multi25' });
    const totals = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(
      (await totals.findByText('Discount (MULTI25, 25%)')).nextElementSibling,
    ).toHaveTextContent('-£15.00');
    expect(totals.getByText('Total').nextElementSibling).toHaveTextContent('£49.48');
  });

  it("shows a refused coupon in the shop's words for known reasons, else 'Failed to apply discount.'", async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    let reply: Reply = {
      status: 400,
      body: { error: 'MULTI25 needs 2 or more books.', code: 'min_books' },
    };
    stubApi((request) =>
      request.method === 'POST'
        ? reply
        : { status: 200, body: summary([item('item_1', 'Anna', 'Girl')]) },
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderCart();
    const input = await screen.findByLabelText('Coupon code');
    await user.type(input, 'MULTI25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('This coupon needs 2 or more books in the cart.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This coupon needs 2 or more books in the cart.');

    reply = { status: 500, body: { error: 'Internal error' } };
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to apply discount.')).toBeInTheDocument();
    expect(screen.queryByText('This coupon needs 2 or more books in the cart.')).toBeNull();
  });

  it('removes a book after a confirm step and shows the cart the server answers', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    let books = [item('item_1', 'Anna', 'Girl'), item('item_2', 'Jānis', 'Boy')];
    const calls = stubApi((request) => {
      if (request.method === 'DELETE') {
        books = books.filter((book) => !request.url.endsWith(`/${book.id}`));
        return { status: 204 };
      }
      return { status: 200, body: summary(books) };
    });
    const user = userEvent.setup();
    await renderCart();
    const anna = within((await screen.findAllByRole('listitem'))[0]!);
    await user.click(anna.getByRole('button', { name: 'Remove' }));
    expect(anna.getByText('Remove ‘You Can Do It’ for Anna from your cart?')).toHaveFocus();
    await user.click(anna.getByRole('button', { name: 'Keep it' }));
    expect(anna.getByRole('button', { name: 'Remove' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(anna.getByRole('button', { name: 'Remove' }));
    await user.click(anna.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(
      '‘You Can Do It’ for Jānis',
    );
    expect(screen.getByText('The book was removed from your cart.')).toBeInTheDocument();
    const deleted = calls.find((call) => call.method === 'DELETE')!;
    expect(deleted.url.pathname).toBe('/api/orderItems/item_1');
  });

  it('counts a book that is already gone (404 on remove, e.g. from another tab) as removed', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    let books = [item('item_1', 'Anna', 'Girl'), item('item_2', 'Jānis', 'Boy')];
    stubApi((request) => {
      if (request.method === 'DELETE') {
        books = books.filter((book) => book.id !== 'item_1');
        return { status: 404, body: { error: 'Order item not found.' } };
      }
      return { status: 200, body: summary(books) };
    });
    const user = userEvent.setup();
    await renderCart();
    const anna = within((await screen.findAllByRole('listitem'))[0]!);
    await user.click(anna.getByRole('button', { name: 'Remove' }));
    await user.click(anna.getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('The book could not be removed. Please try again.')).toBeNull();
  });

  it('says so when a book cannot be removed and keeps it', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi((request) =>
      request.method === 'DELETE'
        ? { status: 503, body: { error: 'Busy' } }
        : { status: 200, body: summary([item('item_1', 'Anna', 'Girl')]) },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The book could not be removed. Please try again.',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Yes, remove' })).toBeEnabled();
  });

  it('on a 404 forgets the order id and the stored shipping details and says the cart is empty', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    Cookies.set('ORDER_ID_lv', 'another_order_AAAAAAAAAAAAA');
    sessionStorage.setItem('shippingDetails', 'true');
    sessionStorage.setItem('checkoutFormData', '{"email":"anna@example.lv"}');
    stubApi(() => ({ status: 404, body: { error: 'Order not found.' } }));
    const router = await renderCart();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cart is empty' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(Cookies.get('ORDER_ID_en-GB')).toBeUndefined();
    expect(Cookies.get('ORDER_ID_lv')).toBe('another_order_AAAAAAAAAAAAA');
    expect(sessionStorage.getItem('shippingDetails')).toBeNull();
    expect(sessionStorage.getItem('checkoutFormData')).toBeNull();
  });

  it('tells a visitor without an order that the cart is empty, with the way to the book, without asking the server', async () => {
    const calls = stubApi(() => ({ status: 200, body: summary([]) }));
    const router = await renderCart();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your cart is empty' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'There are no books in your cart yet. Make one for your child and it will be waiting for you here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the book' })).toHaveAttribute(
      'href',
      '/YouCanDoIt',
    );
    expect(router.state.location.pathname).toBe('/cart');
    expect(calls).toHaveLength(0);
  });

  it('tells a visitor whose order has no books that the cart is empty (in Latvian too), and stays on /cart', async () => {
    Cookies.set('ORDER_ID_lv', ORDER_ID);
    const calls = stubApi(() => ({ status: 200, body: summary([]) }));
    const router = await renderCart('lv');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jūsu grozs ir tukšs' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apskatīt grāmatu' })).toHaveAttribute(
      'href',
      '/YouCanDoIt',
    );
    expect(router.state.location.pathname).toBe('/cart');
    expect(calls).toHaveLength(1);
  });

  it('keeps the approval when the parent comes back from checkout, for the same books only', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    let books = [item('item_1', 'Anna', 'Girl')];
    stubApi(() => ({ status: 200, body: summary(books) }));
    const user = userEvent.setup();
    const router = await renderCart();
    const approval = () =>
      screen.getByRole('checkbox', {
        name: 'Please confirm all details before proceeding to checkout.',
      });
    await screen.findByRole('button', { name: 'Checkout' });
    expect(approval()).not.toBeChecked();
    await user.click(approval());
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('heading', { name: 'Delivery page' })).toBeInTheDocument();
    // Back from checkout: still ticked, Checkout open.
    router.history.back();
    await waitFor(() => expect(approval()).toBeChecked());
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    // Another book in the cart (another tab): the books are approved again, not silently.
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await screen.findByRole('heading', { name: 'Delivery page' });
    books = [item('item_1', 'Anna', 'Girl'), item('item_2', 'Oliver', 'Boy')];
    cleanup();
    await renderCart();
    await screen.findAllByRole('listitem');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(approval()).not.toBeChecked();
  });

  it("keeps the order and says 'Failed to fetch cart data' on other errors", async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi(() => ({ status: 503, body: { error: 'Service unavailable' } }));
    await renderCart();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch cart data');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(Cookies.get('ORDER_ID_en-GB')).toBe(ORDER_ID);
  });

  it('speaks Latvian: the child in the dative, euros written the Latvian way', async () => {
    Cookies.set('ORDER_ID_lv', ORDER_ID);
    const calls = stubApi(() => ({
      status: 200,
      body: summary(
        [
          item('item_1', 'Anna', 'Girl', { title: 'Tu to vari', language: 'lv' }),
          item('item_2', 'Jānis', 'Boy', {
            title: 'Tu to vari',
            language: 'lv',
            format: 'softcover',
            price: 24.99,
          }),
        ],
        {
          currencyCode: 'EUR',
        },
      ),
    }));
    await renderCart('lv');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Jūsu grozs');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Grāmata „Tu to vari” Annai', 'Grāmata „Tu to vari” Jānim']);
    expect(screen.getByText('Cietie vāki')).toBeInTheDocument();
    expect(screen.getByText('Mīkstie vāki')).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Pasūtījuma kopsavilkums' }));
    expect(totals.getByText('Kopā').nextElementSibling!.textContent!.replace(/\s/g, ' ')).toBe(
      '59,48 €',
    );
    expect(
      screen.getByRole('checkbox', {
        name: 'Lūdzu, pārbaudiet visu informāciju, pirms noformējat pasūtījumu.',
      }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Noformēt pasūtījumu' })).toHaveAccessibleDescription(
      'Apstipriniet grāmatas datus, lai turpinātu',
    );
    expect(calls[0]!.url.searchParams.get('country')).toBe('lv');
    expect(screen.queryByText('Grāmatas valoda')).toBeNull();
  });

  it('names the book language of a book that is not in the language of the shop', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    stubApi(() => ({
      status: 200,
      body: summary([
        item('item_1', 'Anna', 'Girl'),
        item('item_2', 'Jānis', 'Boy', { title: 'Tu to vari', language: 'lv' }),
      ]),
    }));
    await renderCart();
    const books = within(await screen.findByRole('list')).getAllByRole('listitem');
    const anna = within(books[0]!);
    const janis = within(books[1]!);
    expect(janis.getByRole('heading', { level: 3 })).toHaveTextContent('‘Tu to vari’ for Jānis');
    expect(janis.getByText('Book language').nextElementSibling).toHaveTextContent('Latvian');
    expect(janis.getByText('£29.99')).toBeInTheDocument();
    expect(anna.queryByText('Book language')).toBeNull();
  });
});

/** The header as the app's root layout has it: the cart's count from the root loader (lib/site-facts.ts). */
function HeaderWithCart() {
  const cartCount = useSiteFacts()?.cartCount ?? 0;
  const { confirmLanguageChange, dialog } = useLanguageChangeConfirmation(cartCount);
  return (
    <>
      <Header cartCount={cartCount} confirmLanguageChange={confirmLanguageChange} />
      {dialog}
    </>
  );
}

async function renderHeader() {
  const i18n = await createTestI18n('en-GB');
  // The app's root route in small: its loader, its provider and its refresh on a language change.
  const rootRoute = createRootRouteWithContext<{ i18n: I18n; cookies: CookieReader }>()({
    loader: ({ context }) => loadSiteFacts(context),
    shouldReload: false,
    component: function Root() {
      const facts = rootRoute.useLoaderData();
      useSiteFactsRefresh(facts, i18n);
      return (
        <SiteFactsContext.Provider value={facts}>
          <HeaderWithCart />
          <Outlet />
        </SiteFactsContext.Provider>
      );
    },
  });
  // The pages the header links to, so each link has a route to point at.
  const pages = ['/', '/YouCanDoIt', '/about-us', '/contact-us', '/faq', '/cart'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => null }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(pages),
    context: { i18n, cookies: browserCookies },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return i18n;
}

describe('the header with a cart', () => {
  it('shows the number of books and asks before a language change resets the cart', async () => {
    Cookies.set('ORDER_ID_en-GB', ORDER_ID);
    const calls = stubApi(() => ({
      status: 200,
      body: summary([item('item_1', 'Anna', 'Girl'), item('item_2', 'Jānis', 'Boy')]),
    }));
    const user = userEvent.setup();
    const i18n = await renderHeader();
    const cart = await screen.findByRole('link', { name: 'Cart, 2 books' });
    expect(cart).toHaveAttribute('href', '/cart');

    const select = screen.getByRole('combobox', { name: 'Language' });
    await user.selectOptions(select, 'en-US');
    const dialog = screen.getByRole('dialog', { name: 'Change the language?' });
    expect(dialog).toHaveAccessibleDescription(/Your cart will be reset/);
    expect(within(dialog).getByRole('button', { name: 'Stay in English' })).toHaveFocus();
    expect(i18n.language).toBe('en-GB');
    expect(select).toHaveValue('en-GB');

    await user.click(within(dialog).getByRole('button', { name: 'Stay in English' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(i18n.language).toBe('en-GB');

    await user.selectOptions(select, 'lv');
    await user.click(screen.getByRole('button', { name: 'Switch to Latviešu' }));
    await waitFor(() => expect(i18n.language).toBe('lv'));
    expect(Cookies.get('LANGUAGE_CODE')).toBe('lv');
    // The Latvian cart is its own (no order yet): no count, no request for it.
    expect(await screen.findByRole('link', { name: 'Grozs' })).toBeInTheDocument();
    expect(calls.every((call) => call.url.searchParams.get('country') === 'en-GB')).toBe(true);
    // The English order is kept for when the visitor switches back.
    expect(Cookies.get('ORDER_ID_en-GB')).toBe(ORDER_ID);
  });

  it('switches at once when the cart is empty', async () => {
    const calls = stubApi(() => ({ status: 500 }));
    const user = userEvent.setup();
    const i18n = await renderHeader();
    expect(await screen.findByRole('link', { name: 'Cart' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'en-US');
    await waitFor(() => expect(i18n.language).toBe('en-US'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
