import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { eq, sql } from 'drizzle-orm';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#contract/markets.ts';
import type { ShopInfo } from '#contract/shop.ts';
import { sandboxPayments } from '#server/db/schema/checkout.ts';
import { browserCookies } from '#src/lib/request-cookies.tsx';
import enGB from '#src/locales/en-GB/checkout.json';
import enUS from '#src/locales/en-US/checkout.json';
import lv from '#src/locales/lv/checkout.json';
import { createEveryPayProvider } from '#server/services/payment/providers/everypay.ts';
import { initiate, readyOrder, sandboxPress } from '../api/checkout-helpers.ts';
import { FAKE_SECRET, FAKE_USER, startFakeEveryPay } from '../api/everypay-fake.ts';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { createTestI18n } from './i18n-test.ts';

// The payment-status screen after the provider's page, in jsdom with the app's route tree, every
// request answered by the real server app in-process (Hono + PGlite, the sandbox provider).

const ORIGIN = 'http://localhost:3000';
/** The real fetch (each test stubs the page's): the shop's own calls to EveryPay go out with it. */
const realFetch = globalThis.fetch;
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
    // A browser: it keeps the cart key's cookie the server sets and sends it back.
    return server.request(request);
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

/** Starts a payment of the order with its own attempt key (as each press of Pay now does); answers its reference. */
async function attempt(orderId: string, attemptKey: string): Promise<string> {
  const res = await server.request('/api/payment/initiate', {
    method: 'POST',
    json: { orderId, attemptKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payment_link: string }).payment_link.replace('/sandbox-pay/', '');
}

describe('payment status of an attempt that cannot pay', () => {
  it(
    'says a replaced attempt took no money and leads back to the cart while the order is unpaid',
    { timeout: 60_000 },
    async () => {
      const orderId = await readyOrder(server);
      const old = await attempt(orderId, 'replaced-unpaid-one');
      await attempt(orderId, 'replaced-unpaid-two');
      await openStatus('en-GB', old);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: enGB.status.replaced.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(enGB.status.replaced.text)).toHaveTextContent(
        'No money was taken for it.',
      );
      expect(screen.getByRole('link', { name: enGB.status.replaced.cart })).toHaveAttribute(
        'href',
        '/cart',
      );
      expect(screen.queryByRole('link', { name: enGB.status.paid.follow })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: enGB.status.failed.retry }),
      ).not.toBeInTheDocument();
      expect(screen.queryByText(enGB.status.declined.text)).not.toBeInTheDocument();
    },
  );

  it(
    'links a replaced attempt to the order another attempt paid (Latvian)',
    { timeout: 60_000 },
    async () => {
      const orderId = await readyOrder(server, { overrides: { language: 'lv', country: 'lv' } });
      const old = await attempt(orderId, 'replaced-paid-one');
      const fresh = await attempt(orderId, 'replaced-paid-two');
      await sandboxPress(server, fresh, 'paid', 'confirm');
      const paid = (await (
        await server.request('/api/payment/verify', {
          method: 'POST',
          json: { paymentReference: fresh },
        })
      ).json()) as { orderNumber: string };
      await openStatus('lv', old);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: lv.status.replaced.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(lv.status.replaced.title).toBe('Šis maksājums ir aizstāts');
      expect(screen.getByText(lv.status.replaced.text)).toBeInTheDocument();
      expect(paragraphStarting('Jūsu pasūtījums')).toHaveTextContent(
        `Jūsu pasūtījums ${paid.orderNumber} ir apmaksāts.`,
      );
      expect(screen.getByRole('link', { name: lv.status.paid.follow })).toHaveAttribute(
        'href',
        `/order-status/${orderId}`,
      );
      expect(screen.queryByRole('link', { name: lv.status.replaced.cart })).not.toBeInTheDocument();
    },
  );

  it(
    'says a payment whose provider answer did not match was not taken as paid, that the shop will be in touch, with its contact and no Try Again',
    { timeout: 60_000 },
    async () => {
      const orderId = await readyOrder(server, {
        overrides: { language: 'en-US', country: 'en-US' },
      });
      const reference = await attempt(orderId, 'mismatch-attempt-one');
      // The provider will answer paid, but for another amount than the shop asked.
      await server.database.db
        .update(sandboxPayments)
        .set({ amountMinor: sql`${sandboxPayments.amountMinor} + 100` })
        .where(eq(sandboxPayments.reference, reference));
      await sandboxPress(server, reference, 'paid', 'confirm');
      await openStatus('en-US', reference);
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: enUS.status.mismatch.title },
          { timeout: 15_000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(enUS.status.mismatch.text)).toHaveTextContent(
        'The shop has been told and will contact you',
      );
      expect(
        screen.queryByRole('button', { name: enUS.status.failed.retry }),
      ).not.toBeInTheDocument();
      const { company } = await shop('en-US');
      expect(
        within(paragraphStarting(enUS.status.contact)).getByRole('link', { name: company.email }),
      ).toHaveAttribute('href', `mailto:${company.email}`);
      expect(screen.getByRole('link', { name: enUS.status.paid.home })).toHaveAttribute(
        'href',
        '/',
      );
    },
  );
});

describe('payment status of a payment approved but not taken yet (EveryPay)', () => {
  it(
    'says a PayPal payment is being checked by the shop, and a card capture is being completed: no Try Again, no failure, the way home and the contact',
    { timeout: 120_000 },
    async () => {
      const fake = await startFakeEveryPay();
      // EUR on an account whose captures wait for EveryPay's nightly run.
      const everypay = await createTestApp({
        checkout: {
          provider: createEveryPayProvider({
            apiUrl: fake.url,
            username: FAKE_USER,
            secret: FAKE_SECRET,
            accounts: { EUR: 'EUR3D3' },
            autoCapture: false,
            timeoutMs: 5_000,
            fetch: realFetch,
          }),
        },
        publicUrl: 'http://shop.localhost:3000',
      });
      const sandboxServer = server;
      server = everypay; // the browser's requests go to the EveryPay shop
      try {
        const paypalOrder = await readyOrder(server, {
          overrides: { language: 'lv', country: 'lv' },
        });
        const paypal = await initiate(server, paypalOrder);
        await fake.payWithPayPal(paypal.reference);
        await openStatus('lv', paypal.reference);
        expect(
          await screen.findByRole(
            'heading',
            { level: 1, name: lv.status.review.title },
            { timeout: 15_000 },
          ),
        ).toBeInTheDocument();
        expect(screen.getByText(lv.status.review.text)).toHaveTextContent(
          'Lūdzu, nemaksājiet vēlreiz',
        );
        expect(screen.queryByText(lv.status.failed.title)).not.toBeInTheDocument();
        expect(
          screen.queryByRole('button', { name: lv.status.failed.retry }),
        ).not.toBeInTheDocument();
        expect(screen.getByRole('link', { name: lv.status.paid.home })).toHaveAttribute(
          'href',
          '/',
        );
        expect(paragraphStarting(lv.status.contact)).toBeInTheDocument();

        cleanup();
        const cardOrder = await readyOrder(server, {
          overrides: { language: 'lv', country: 'lv' },
        });
        const card = await initiate(server, cardOrder);
        await fake.pay(card.reference);
        await openStatus('lv', card.reference);
        expect(
          await screen.findByRole(
            'heading',
            { level: 1, name: lv.status.capture_scheduled.title },
            { timeout: 15_000 },
          ),
        ).toBeInTheDocument();
        expect(screen.getByText(lv.status.capture_scheduled.text)).toBeInTheDocument();
        expect(
          screen.queryByRole('button', { name: lv.status.failed.retry }),
        ).not.toBeInTheDocument();
      } finally {
        server = sandboxServer;
        await everypay.close();
        await fake.close();
      }
    },
  );
});
