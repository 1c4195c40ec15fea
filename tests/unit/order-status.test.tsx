import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STEPS, type PlacedOrderStatus } from '#contract/order-status.ts';
import type { Language } from '#contract/markets.ts';
import { OrderStatusPage } from '#src/features/order-status/order-status-page.tsx';
import { useShopLanguage } from '#src/lib/use-shop-language.ts';
import { createTestI18n } from './i18n-test.ts';

// The order-status page's tracker says where the order is: steps passed are done (in the past
// tense), printing is in progress while printing (not marked done), shipped says shipped; the page
// follows the order's language; each book shows its format; the order number stays on one line.

const ORDER_ID = 'AAAAAAAAAAAAAAAAAAAAAAAA';

function order(
  status: PlacedOrderStatus['status'],
  currentStep: number,
  overrides: Partial<PlacedOrderStatus> = {},
): PlacedOrderStatus {
  return {
    orderId: ORDER_ID,
    placed: true,
    orderNumber: 'SM-2026-00042',
    status,
    language: 'en-GB',
    datePlaced: '2026-11-20T10:00:00.000Z',
    currentStep,
    steps: ORDER_STEPS.map((step) => ({
      id: step.id,
      title: `steps.${step.key}.title`,
      subtext: `steps.${step.key}.subtext`,
    })),
    trackingNumber: null,
    trackingUrl: null,
    estimatedDeliveryDate: '2026-12-04',
    currencyCode: 'GBP',
    items: [
      {
        id: '1',
        imageUrl: `/api/order/${ORDER_ID}/items/1/cover.webp`,
        bookTitle: 'You Can Do It',
        childName: 'Anna',
        format: 'hardcover',
        quantity: 1,
        unitPrice: 29.99,
        editionNumber: null,
      },
      {
        id: '2',
        imageUrl: `/api/order/${ORDER_ID}/items/2/cover.webp`,
        bookTitle: 'You Can Do It',
        childName: 'Jānis',
        format: 'softcover',
        quantity: 1,
        unitPrice: 24.99,
        editionNumber: null,
      },
    ],
    subtotal: 54.98,
    discount: 0,
    deliveryCost: 4.5,
    total: 59.48,
    ...overrides,
  };
}

function stubStatus(answer: PlacedOrderStatus) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname !== `/api/order/${ORDER_ID}/status`)
      return new Response('{}', { status: 404 });
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function StatusRoute({ chosen }: { chosen: Language | undefined }) {
  const language = useShopLanguage();
  return <OrderStatusPage orderId={ORDER_ID} language={language} chosenLanguage={chosen} />;
}

async function renderStatus(
  answer: PlacedOrderStatus,
  interfaceLanguage = 'en-GB',
  path = `/order-status/${ORDER_ID}`,
): Promise<{ i18n: I18n; router: AnyRouter }> {
  stubStatus(answer);
  const i18n = await createTestI18n(interfaceLanguage);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const statusRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/order-status/$orderId',
    validateSearch: (search): { lang?: Language } =>
      typeof search.lang === 'string' ? { lang: search.lang as Language } : {},
    component: function Status() {
      return <StatusRoute chosen={statusRoute.useSearch().lang} />;
    },
  });
  const home = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <h1>Home</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([statusRoute, home]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { i18n, router };
}

/** Each step as the visitor reads it: title (state) and the text under it. */
function tracker(): string[] {
  const list = screen
    .getByRole('region', { name: /Order progress|Pasūtījuma gaita/ })
    .querySelector('ol')!;
  return within(list)
    .getAllByRole('listitem')
    .map((step) => {
      const [title, ...texts] = [...step.querySelectorAll('p')].map((p) =>
        p.textContent!.replace(/\s+/g, ' ').trim(),
      );
      return [title, ...texts].join(' | ');
    });
}

const PENDING_DELIVERY = 'Delivered (pending) | Estimated delivery: 4 December 2026';

/** The totals as the visitor reads them, a line each ('Subtotal £54.98'). */
function totals(): string[] {
  const list = screen
    .getByRole('region', { name: /Your books|Jūsu grāmatas/ })
    .querySelector('dl')!;
  return [...list.children].map((line) =>
    [...line.children].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()).join(' '),
  );
}

describe('the order tracker says where the order is', () => {
  it('paid: payment received, the rest pending', async () => {
    await renderStatus(order('paid', 1000));
    expect(tracker()).toEqual([
      'Payment received (completed) | We have received your payment.',
      'Order checked (pending)',
      'Printing (pending)',
      'Shipped (pending)',
      PENDING_DELIVERY,
    ]);
  });

  it('checked: the check is the latest step, in its own words', async () => {
    await renderStatus(order('checked', 1025));
    expect(tracker()).toEqual([
      'Payment received (completed) | We received your payment.',
      'Order checked (completed) | We have checked your books and they are ready for printing.',
      'Printing (pending)',
      'Shipped (pending)',
      PENDING_DELIVERY,
    ]);
  });

  it('in production: printing is in progress, not done', async () => {
    await renderStatus(order('in_production', 1050));
    expect(tracker()).toEqual([
      'Payment received (completed) | We received your payment.',
      'Order checked (completed) | We checked your books before printing.',
      'Printing (in progress) | Your books are being printed and bound.',
      'Shipped (pending)',
      PENDING_DELIVERY,
    ]);
    const printing = screen.getByText('Printing').closest('li')!;
    expect(printing).toHaveAttribute('aria-current', 'step');
    expect(printing).not.toHaveClass('order-steps__step--done');
    expect(printing).toHaveClass('order-steps__step--current');
  });

  it('shipped: printed in the past tense, shipped says the parcel is on its way', async () => {
    await renderStatus(
      order('shipped', 1075, {
        trackingNumber: 'DPD123',
        trackingUrl: 'https://tracking.example/DPD123',
      }),
    );
    const steps = tracker();
    expect(steps).toEqual([
      'Payment received (completed) | We received your payment.',
      'Order checked (completed) | We checked your books before printing.',
      'Printing (completed) | Your books have been printed and bound.',
      'Shipped (completed) | Your parcel is on its way.',
      PENDING_DELIVERY,
    ]);
    expect(steps.join(' ')).not.toMatch(/being printed/);
    expect(screen.getByText('Printing').closest('li')).toHaveClass('order-steps__step--done');
  });

  it('delivered: every step done, in the past tense but the last', async () => {
    await renderStatus(order('delivered', 1100));
    expect(tracker()).toEqual([
      'Payment received (completed) | We received your payment.',
      'Order checked (completed) | We checked your books before printing.',
      'Printing (completed) | Your books have been printed and bound.',
      'Shipped (completed) | Your parcel was handed to the courier.',
      'Delivered (completed) | Your parcel has been delivered. Enjoy reading!',
    ]);
  });

  it('cancelled after the check: no tracker and no estimated delivery, each book cancelled (#44.8)', async () => {
    await renderStatus(
      order('cancelled', 1025, {
        estimatedDeliveryDate: null,
        items: order('paid', 1000).items.map((item) => ({ ...item, returned: 'cancelled' })),
        refunded: 59.48,
        refundedItemIds: ['1', '2'],
        kept: 0,
      }),
    );
    expect(screen.getByText('This order was cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order progress' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Estimated delivery/)).not.toBeInTheDocument();
    const books = within(screen.getByRole('region', { name: 'Your books' })).getAllByRole(
      'listitem',
    );
    for (const book of books)
      expect(within(book).getByText('Cancelled: we have paid this book back')).toBeInTheDocument();
    expect(totals()).toEqual([
      'Subtotal £54.98',
      'Delivery £4.50',
      'Paid £59.48',
      'Refunded -£59.48',
      'Total after refunds £0.00',
    ]);
  });

  it('refunded in full before printing: the steps it reached, none to come, no estimate', async () => {
    await renderStatus(order('refunded', 1025, { estimatedDeliveryDate: null }));
    expect(tracker()).toEqual([
      'Payment received (completed) | We received your payment.',
      'Order checked (completed) | We checked your books before printing.',
    ]);
  });

  it('in Latvian: printing in progress while printing', async () => {
    await renderStatus(order('in_production', 1050, { language: 'lv', currencyCode: 'EUR' }), 'lv');
    expect(tracker()[2]).toBe('Drukāšana (notiek) | Jūsu grāmatas tiek drukātas un iesietas.');
  });

  it('in US English, delivered: printed, and the package was handed to the carrier', async () => {
    await renderStatus(
      order('delivered', 1100, { language: 'en-US', currencyCode: 'USD' }),
      'en-US',
    );
    expect(tracker()[2]).toBe('Printing (completed) | Your books have been printed and bound.');
    expect(tracker()[3]).toBe('Shipped (completed) | Your package was handed to the carrier.');
  });
});

describe('the order-status page', () => {
  it('shows each book’s format and keeps the order number on one line', async () => {
    await renderStatus(order('paid', 1000));
    const books = within(screen.getByRole('region', { name: 'Your books' })).getAllByRole(
      'listitem',
    );
    expect(within(books[0]!).getByText('Format: Hardcover')).toBeInTheDocument();
    expect(within(books[1]!).getByText('Format: Softcover')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Order SM-2026-00042');
    expect(within(heading).getByText('SM-2026-00042')).toHaveClass('order-number');
  });

  it('after a partial refund: says which book was refunded, and what was paid, returned and kept (#44.8)', async () => {
    const paid = order('paid', 1000);
    await renderStatus(
      order('paid', 1000, {
        items: [paid.items[0]!, { ...paid.items[1]!, returned: 'refunded' }],
        refunded: 24.99,
        refundedItemIds: ['2'],
        kept: 34.49,
      }),
    );
    const books = within(screen.getByRole('region', { name: 'Your books' })).getAllByRole(
      'listitem',
    );
    expect(within(books[0]!).queryByText(/we have paid this book back/)).not.toBeInTheDocument();
    expect(
      within(books[1]!).getByText('Refunded: we have paid this book back'),
    ).toBeInTheDocument();
    expect(totals()).toEqual([
      'Subtotal £54.98',
      'Delivery £4.50',
      'Paid £59.48',
      'Refunded -£24.99',
      'Total after refunds £34.49',
    ]);
    // The kept book is still on its way.
    expect(tracker()[4]).toBe(PENDING_DELIVERY);
  });

  it('of PDFs only: no delivery line and no shipping steps', async () => {
    const paid = order('delivered', 1100);
    await renderStatus(
      order('delivered', 1100, {
        estimatedDeliveryDate: null,
        items: [{ ...paid.items[0]!, format: 'digital', unitPrice: 12.99 }],
        subtotal: 12.99,
        deliveryCost: 0,
        total: 12.99,
      }),
    );
    expect(totals()).toEqual(['Subtotal £12.99', 'Total £12.99']);
    expect(tracker()).toEqual([
      'Payment received (completed) | We received your payment.',
      'Ready to download (completed) | Your PDF is ready: we have emailed you the download link.',
    ]);
  });

  it('follows the order’s language, not the interface’s; a language switch on the page is kept in the address', async () => {
    const { i18n, router } = await renderStatus(
      order('shipped', 1075, { language: 'lv', currencyCode: 'EUR' }),
      'en-GB',
    );
    // The order is Latvian: the page turns to Latvian although the interface was in English.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pasūtījums SM-2026-00042' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('lv');
    expect(screen.getByText('Formāts: Cietie vāki')).toBeInTheDocument();

    // The visitor switches to US English: the page follows, and the address keeps the choice.
    await act(() => i18n.changeLanguage('en-US'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order SM-2026-00042' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('en-US');
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ lang: 'en-US' }));
    expect(screen.getByText('Format: Hardcover')).toBeInTheDocument();

    // Back to the order's language: the address drops the choice.
    await act(() => i18n.changeLanguage('lv'));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('opened with a language chosen before (?lang=), speaks that one', async () => {
    const { i18n } = await renderStatus(
      order('paid', 1000, { language: 'lv', currencyCode: 'EUR' }),
      'lv',
      `/order-status/${ORDER_ID}?lang=en-US`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order SM-2026-00042' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('en-US');
  });
});
