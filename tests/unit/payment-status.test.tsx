import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#contract/markets.ts';
import type { ShopInfo } from '#contract/shop.ts';
import { browserCookies } from '#src/lib/request-cookies.tsx';
import enGB from '#src/locales/en-GB/checkout.json';
import lv from '#src/locales/lv/checkout.json';
import { initiate, readyOrder, sandboxPress } from '../api/checkout-helpers.ts';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { createTestI18n } from './i18n-test.ts';

// The payment-status screen after the provider's page, in jsdom with the app's route tree, every
// request answered by the real server app in-process (Hono + PGlite, the sandbox provider).

const ORIGIN = 'http://localhost:3000';
let server: TestApp;

beforeAll(async () => {
  server = await createTestApp();
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
    return server.app.request(request);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openStatus(language: Language, reference: string) {
  vi.resetModules();
  const i18n = await createTestI18n(language);
  const { routeTree } = await import('#src/route-tree.gen.ts');
  const { queryClient } = await import('#src/lib/query-client.ts');
  const router = createRouter({
    routeTree,
    context: { queryClient: async () => queryClient, i18n, cookies: browserCookies },
    history: createMemoryHistory({
      initialEntries: [`/payment-status?payment_reference=${reference}`],
    }),
    scrollRestoration: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The paragraph that starts with `lead` (the contact line: its words, then the links). */
const paragraphStarting = (lead: string) =>
  screen.getByText(
    (_, element) => element?.tagName === 'P' && (element.textContent ?? '').startsWith(lead),
  );

async function shop(language: Language): Promise<ShopInfo> {
  return (await (await server.request(`/api/shop?country=${language}`)).json()) as ShopInfo;
}

describe('payment status after a failed payment', () => {
  it(
    'says a declined card took no money, how to reach the shop, and offers to try again (Latvian)',
    { timeout: 60_000 },
    async () => {
      const orderId = await readyOrder(server, { overrides: { language: 'lv', country: 'lv' } });
      const { reference } = await initiate(server, orderId);
      await sandboxPress(server, reference, 'declined');
      await openStatus('lv', reference);

      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: lv.status.declined.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(lv.status.declined.title).toBe('Maksājums noraidīts');
      expect(screen.getByText(lv.status.declined.text)).toHaveTextContent(
        'nauda no jūsu konta netika noņemta',
      );
      expect(screen.queryByText(lv.status.failed.text)).not.toBeInTheDocument();
      const { company } = await shop('lv');
      const contact = paragraphStarting(lv.status.contact);
      expect(within(contact).getByRole('link', { name: company.email })).toHaveAttribute(
        'href',
        `mailto:${company.email}`,
      );
      expect(within(contact).getByRole('link', { name: company.phone })).toHaveAttribute(
        'href',
        `tel:${company.phone.replace(/[^\d+]/g, '')}`,
      );
      expect(screen.getByRole('button', { name: lv.status.failed.retry })).toBeEnabled();
    },
  );

  it(
    'says a cancelled payment took no money too, and an unknown reference only that something went wrong, with the contact',
    { timeout: 60_000 },
    async () => {
      const orderId = await readyOrder(server);
      const { reference } = await initiate(server, orderId);
      await sandboxPress(server, reference, 'abandoned');
      await openStatus('en-GB', reference);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: enGB.status.declined.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(enGB.status.declined.text)).toHaveTextContent('no money was taken');

      cleanup();
      await openStatus('en-GB', 'forged_reference_0123456789abcdef');
      // Not known to have been declined: no promise about the money, but the way to the shop.
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: enGB.status.failed.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(enGB.status.declined.text)).not.toBeInTheDocument();
      expect(
        within(paragraphStarting(enGB.status.contact)).getByRole('link', {
          name: (await shop('en-GB')).company.email,
        }),
      ).toBeInTheDocument();
    },
  );
});
