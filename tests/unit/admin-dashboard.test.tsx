import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '#contract/admin-orders.ts';
import { DashboardPage } from '#src/features/admin/dashboard-page.tsx';
import { createTestI18n } from './i18n-test.ts';

// The owner's dashboard speaks in whole sentences in each language (#44 finding 8): the number of
// confirmed subscribers takes its plural (Latvian has its own rules: 1, 21 one; 0, 10-20 zero),
// and the first edition says what its count is and how many numbers were retired.

function dashboard(confirmed: number, retired = 0): Dashboard {
  return {
    byStatus: { paid: 1 },
    booksSold: { week: 3, month: 5 },
    revenue: [],
    refunds: [],
    firstEdition: { sold: 4, retired, of: 100 },
    newsletter: { confirmed, pending: 0, confirmedLast30Days: 0, weekly: [] },
    ordersPerDay: [],
    paymentIssues: {
      automaticRefunds: { queued: 0, refunded: 0, failed: 0 },
      mismatches: 0,
      chargebacks: 0,
      recent: [],
      alerts: [],
    },
    proofHolds: [],
  } as Dashboard;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function show(answer: Dashboard, language: string) {
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  const i18n = await createTestI18n(language);
  const root = createRootRoute({ component: () => <Outlet /> });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/admin',
    component: DashboardPage,
  });
  const orders = createRoute({ getParentRoute: () => root, path: '/admin/orders' });
  const router = createRouter({
    routeTree: root.addChildren([page, orders]),
    history: createMemoryHistory({ initialEntries: ['/admin'] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
}

/** The newsletter card's figure as read: '1 confirmed subscriber'. */
const newsletterFigure = () =>
  screen
    .getByRole('heading', { name: /^(Newsletter|Jaunumi)$/ })
    .nextElementSibling!.textContent!.replace(/\s+/g, ' ')
    .trim();

describe('the dashboard', () => {
  it('pluralises the confirmed subscribers in English', async () => {
    for (const [count, text] of [
      [1, '1 confirmed subscriber'],
      [2, '2 confirmed subscribers'],
      [0, '0 confirmed subscribers'],
    ] as const) {
      await show(dashboard(count), 'en-GB');
      expect(newsletterFigure()).toBe(text);
      cleanup();
    }
  });

  it('and by the Latvian rules', async () => {
    for (const [count, text] of [
      [1, '1 apstiprināts abonents'],
      [21, '21 apstiprināts abonents'],
      [3, '3 apstiprināti abonenti'],
      [10, '10 apstiprinātu abonentu'],
      [0, '0 apstiprinātu abonentu'],
    ] as const) {
      await show(dashboard(count), 'lv');
      expect(newsletterFigure()).toBe(text);
      cleanup();
    }
  });

  it('says what the first edition counts, and the numbers retired', async () => {
    await show(dashboard(1, 2), 'en-GB');
    expect(screen.getByText('4 of 100 sold')).toBeTruthy();
    expect(
      screen.getByText(
        '2 numbers retired: their books were refunded after their files went to the printer.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/a PDF has no number/)).toBeTruthy();
  });
});
