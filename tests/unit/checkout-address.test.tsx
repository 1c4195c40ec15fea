import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#contract/markets.ts';
import { emptyForm, type CheckoutForm } from '#machines/checkout-form.ts';
import { browserCookies } from '#src/lib/request-cookies.tsx';
import enGB from '#src/locales/en-GB/checkout.json';
import lv from '#src/locales/lv/checkout.json';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { cartHolder, createOrder } from '../api/orders-helpers.ts';
import { createTestI18n } from './i18n-test.ts';

// The delivery form's address rules as a parent meets them: the real page and route tree in jsdom,
// every request answered by the real server app in-process. The rules are the contract's
// (contract/checkout.ts): a postcode in its country's format, a state or province from the list.

const ORIGIN = 'http://localhost:3000';
let server: TestApp;

const form = (shipping: Partial<CheckoutForm['shippingAddress']>): CheckoutForm => {
  const address = {
    firstName: 'Anna',
    lastName: 'Bērziņa',
    address1: 'Brīvības iela 1',
    address2: '',
    city: 'Rīga',
    zip: 'LV-1010',
    countryId: 19,
    province: '',
    ...shipping,
  };
  return {
    email: 'anna@example.lv',
    phone: '+37120000000',
    subscribe: false,
    shippingAddress: address,
    billingAddress: address,
    sameBilling: true,
    gift: false,
    recipient: { ...emptyForm('lv').recipient },
    giftMessage: '',
    giftArriveBy: '',
  };
};

beforeAll(async () => {
  server = await createTestApp();
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
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

async function openCheckout(language: Language, stored: CheckoutForm) {
  const { orderId } = await createOrder(server, { language, country: language });
  Cookies.set(`ORDER_ID_${language}`, orderId, { path: '/' });
  sessionStorage.setItem('checkoutFormData', JSON.stringify(stored));
  vi.resetModules();
  const i18n = await createTestI18n(language);
  const { routeTree } = await import('#src/route-tree.gen.ts');
  const { queryClient } = await import('#src/lib/query-client.ts');
  const { providerPage } = await import('#src/features/checkout/use-checkout.ts');
  const opened: string[] = [];
  vi.spyOn(providerPage, 'open').mockImplementation((url) => void opened.push(url));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const router = createRouter({
    routeTree,
    context: { queryClient: async () => queryClient, i18n, cookies: browserCookies },
    history: createMemoryHistory({ initialEntries: ['/checkout/delivery'] }),
    scrollRestoration: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(20), {
    timeout: 10_000,
  });
  const consent = screen.queryByRole('button', { name: /Accept Essential|Tikai nepieciešamās/ });
  if (consent) await user.click(consent);
  return { user, orderId, opened };
}

const shipping = (texts: typeof enGB) =>
  within(screen.getByRole('group', { name: texts.sections.shipping }));

describe('the delivery form’s address rules', () => {
  it(
    'refuses the Latvian postcode "12" under the field, and writes 1010 as LV-1010 when the parent moves on (Latvian)',
    { timeout: 60_000 },
    async () => {
      const { user, orderId, opened } = await openCheckout('lv', form({ zip: '12' }));
      await user.click(await screen.findByRole('button', { name: lv.payNow }));
      const zip = shipping(lv).getByRole('textbox', { name: lv.address.zip });
      await waitFor(() => expect(zip).toHaveAccessibleDescription(lv.errors.zipLV));
      expect(zip).toHaveAttribute('aria-invalid', 'true');
      expect(lv.errors.zipLV).toBe(
        'Lūdzu, ievadiet Latvijas pasta indeksu: LV un četri cipari, piemēram, LV-1010.',
      );
      expect(opened).toHaveLength(0);

      await user.clear(zip);
      await user.type(zip, '1010');
      await user.tab();
      expect(zip).toHaveValue('LV-1010');
      expect(zip).not.toHaveAttribute('aria-invalid');
      await user.click(screen.getByRole('button', { name: lv.payNow }));
      await waitFor(() => expect(opened).toHaveLength(1));
      const saved = (await (
        await server.request(`/api/delivery/${orderId}`, cartHolder(orderId, 'lv'))
      ).json()) as {
        shippingAddress: { zip: string };
      };
      expect(saved.shippingAddress.zip).toBe('LV-1010');
    },
  );

  it(
    'refuses the US ZIP "6270" and a stored state "Illinoiss", offers the states by name, and sends the chosen state’s code',
    { timeout: 60_000 },
    async () => {
      const { user, orderId, opened } = await openCheckout(
        'en-GB',
        form({ countryId: 45, city: 'Springfield', zip: '6270', province: 'Illinoiss' }),
      );
      await user.click(await screen.findByRole('button', { name: enGB.payNow }));
      const zip = shipping(enGB).getByRole('textbox', { name: enGB.address.zip });
      const state = shipping(enGB).getByRole('combobox', { name: enGB.address.state });
      await waitFor(() => expect(zip).toHaveAccessibleDescription(enGB.errors.zipUS));
      // A state typed before the list shows as not chosen, with the message to choose one.
      expect(state).toHaveValue('');
      expect(state).toHaveAccessibleDescription(enGB.errors.provinceUnknown);
      expect(opened).toHaveLength(0);
      // The 50 states, DC and the territories, by name.
      const names = within(state)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(names).toHaveLength(1 + 51 + 5);
      expect(names).toContain('Illinois');
      expect(names).toContain('District of Columbia');
      expect(names).toContain('Puerto Rico');

      await user.clear(zip);
      await user.type(zip, '62701');
      await user.selectOptions(state, 'Illinois');
      expect(state).toHaveValue('IL');
      await user.click(screen.getByRole('button', { name: enGB.payNow }));
      await waitFor(() => expect(opened).toHaveLength(1));
      const saved = (await (
        await server.request(`/api/delivery/${orderId}`, cartHolder(orderId, 'en-GB'))
      ).json()) as {
        shippingAddress: { zip: string; province: string };
      };
      expect(saved.shippingAddress).toMatchObject({ zip: '62701', province: 'IL' });
    },
  );

  it(
    'offers Canada’s provinces and territories in Latvian, and refuses a postcode that is not Canadian',
    { timeout: 60_000 },
    async () => {
      const { user } = await openCheckout(
        'lv',
        form({ countryId: 5, city: 'Ottawa', zip: '12345', province: '' }),
      );
      const province = shipping(lv).getByRole('combobox', { name: lv.address.provinceCA });
      const names = within(province)
        .getAllByRole('option')
        .map((option) => option.textContent);
      expect(names).toHaveLength(1 + 13);
      expect(names).toContain('Kvebeka');
      await user.click(screen.getByRole('button', { name: lv.payNow }));
      const zip = shipping(lv).getByRole('textbox', { name: lv.address.zip });
      await waitFor(() => expect(zip).toHaveAccessibleDescription(lv.errors.zipCA));
      expect(province).toHaveAccessibleDescription(lv.errors.province);
    },
  );
});
