import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { emptyForm, type CheckoutForm } from '#machines/checkout-form.ts';
import { checkoutMachine, visibleProblems, type CheckoutEvent } from '#machines/checkout.ts';
import checkoutTexts from '#src/locales/en-GB/checkout.json';
import { checkoutTraversal, PHONE, type Snapshot } from '../checkout-model.ts';
import { createTestApp, type TestApp } from '../api/helpers.ts';
import { addItem, createOrder } from '../api/orders-helpers.ts';
import { browserCookies } from '#src/lib/request-cookies.tsx';
import { createTestI18n } from './i18n-test.ts';

// The checkout machine's shortest paths from the delivery step walked through the real screen in
// jsdom: the app's route tree and query client, every field typed, chosen or ticked as a parent
// does it, and every request answered by the real server app in-process (Hono + in-memory PGlite):
// the countries, the summary priced for the chosen country, the delivery details, the payment.
// The requests that end a state (saving the details, starting the payment) are held until the
// path's next event says whether they get through or fail on the way. The model's snapshot is the
// oracle: what the machine says the parent must see, the screen must show.

const ORIGIN = 'http://localhost:3000';
/** What the parent typed on an earlier visit (kept in session storage): all but the phone. */
const STORED: CheckoutForm = {
  email: 'anna@example.co.uk',
  phone: '',
  subscribe: true,
  shippingAddress: {
    firstName: 'Anna',
    lastName: 'Smith',
    address1: '1 High Street',
    address2: '',
    city: 'Bristol',
    zip: 'BS1 4DJ',
    countryId: 31,
    province: '',
  },
  billingAddress: {
    firstName: 'Tom',
    lastName: 'Smith',
    address1: '2 Low Road',
    address2: '',
    city: 'Bath',
    zip: 'BA1 1AA',
    countryId: 31,
    province: '',
  },
  sameBilling: true,
  gift: false,
  recipient: { ...emptyForm('en-GB').recipient },
  giftMessage: '',
  giftArriveBy: '',
};

// The model's moves and states: tests/checkout-model.ts, the screen walk's moves.
const traversal = checkoutTraversal('screen', {
  screen: 'delivery',
  language: 'en-GB',
  orderId: 'from-the-server',
  reference: null,
  form: STORED,
  wallet: false,
});
const model = createTestModel(checkoutMachine, traversal);
const paths = model.getShortestPaths(traversal);

// ---------------------------------------------------------------------------------------------
// The network: the real server app in-process, with the two decisive requests held
// ---------------------------------------------------------------------------------------------

let server: TestApp;
let i18n: I18n;
let orderId = '';
type Outcome = 'deliver' | 'fail';
let held: { kind: 'delivery' | 'initiate'; resolve: (outcome: Outcome) => void }[] = [];
let sent: { path: string; body: unknown }[] = [];

async function fetchFromServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request =
    input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
  const url = new URL(request.url);
  if (url.origin !== ORIGIN || !url.pathname.startsWith('/api/'))
    throw new TypeError(`Not the shop's API: ${request.url}`);
  const kind = url.pathname.endsWith('/delivery-address')
    ? 'delivery'
    : url.pathname === '/api/payment/initiate'
      ? 'initiate'
      : null;
  if (request.method === 'POST')
    sent.push({ path: url.pathname, body: await request.clone().json() });
  if (kind) {
    const outcome = await new Promise<Outcome>((resolve) => held.push({ kind, resolve }));
    if (outcome === 'fail')
      return new Response(JSON.stringify({ error: 'Service unavailable.' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
  }
  // The browser that made the order (createOrder below): it sends the cart key it was given.
  return server.request(request);
}

beforeAll(async () => {
  server = await createTestApp();
  i18n = await createTestI18n('en-GB');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  sessionStorage.clear();
  localStorage.clear();
  held = [];
  sent = [];
  // Two books in a fresh order, as the cart leaves them.
  ({ orderId } = await createOrder(server));
  await addItem(server, orderId, { cover: 'softcover' });
  Cookies.set('ORDER_ID_en-GB', orderId, { path: '/' });
  sessionStorage.setItem('checkoutFormData', JSON.stringify(STORED));
  vi.stubGlobal('fetch', fetchFromServer);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openCheckout() {
  vi.resetModules();
  const { routeTree } = await import('#src/route-tree.gen.ts');
  const { queryClient } = await import('#src/lib/query-client.ts');
  const { providerPage } = await import('#src/features/checkout/use-checkout.ts');
  const opened: string[] = [];
  vi.spyOn(providerPage, 'open').mockImplementation((url) => void opened.push(url));
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
  return { router, opened };
}

const T = checkoutTexts;
const LABELS: Record<string, string> = {
  firstName: T.address.firstName,
  lastName: T.address.lastName,
  address1: T.address.address1,
  city: T.address.city,
  zip: T.address.zip,
  province: T.address.state,
  countryId: T.address.country,
  email: T.contact.email,
  phone: T.contact.phone,
};

function section(name: string) {
  return within(screen.getByRole('group', { name }));
}

describe('checkout screen (model-based: the machine’s shortest paths through the real page and server)', () => {
  it('has paths that reach the provider’s page, a refused form and both failures', () => {
    const seen = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...seen].sort()).toEqual(['delivery', 'initiating', 'redirecting', 'saving']);
    const failures = new Set(
      paths.flatMap((path) => path.steps.map((step) => step.state.context.failure)),
    );
    expect(failures).toEqual(new Set([null, 'save', 'payment']));
  });

  for (const path of paths) {
    const title = path.steps
      .map(({ event }) => {
        const e = event as CheckoutEvent | { type: 'xstate.init' };
        if (e.type === 'field.set') return `${e.path}=${JSON.stringify(e.value)}`;
        if (e.type === 'billing.same') return 'own billing';
        if (e.type === 'delivery.failed' || e.type === 'payment.failed') return `${e.type}(503)`;
        return e.type === 'xstate.init' ? 'open' : e.type;
      })
      .join(' → ');
    it(`${title} ends in ${String(path.state.value)}`, { timeout: 60_000 }, async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      let user!: UserEvent;
      let opened: string[] = [];
      const lastHeld = () => held.at(-1);
      let lastEvent = 'xstate.init';

      const onDelivery = async (snapshot: Snapshot) => {
        await screen.findByRole('heading', { level: 1, name: T.title.shipping });
        // The answer has come back: Pay now is there again.
        await screen.findByRole('button', { name: T.payNow });
        const { form } = snapshot.context;
        const shipping = section(T.sections.shipping);
        expect(shipping.getByRole('textbox', { name: LABELS.firstName })).toHaveValue(
          form.shippingAddress.firstName,
        );
        expect(shipping.getByRole('combobox', { name: LABELS.countryId })).toHaveValue(
          String(form.shippingAddress.countryId),
        );
        expect(screen.getByRole('textbox', { name: LABELS.email })).toHaveValue(form.email);
        expect(screen.getByRole('checkbox', { name: T.sameBilling })).toHaveProperty(
          'checked',
          form.sameBilling,
        );
        expect(shipping.getByRole('textbox', { name: LABELS.zip })).toHaveValue(
          form.shippingAddress.zip,
        );
        // The state shows for the United States only, chosen from the list.
        if (form.shippingAddress.countryId === 45)
          expect(shipping.getByRole('combobox', { name: LABELS.province })).toHaveValue(
            form.shippingAddress.province,
          );
        else
          expect(
            shipping.queryByRole('combobox', { name: LABELS.province }),
          ).not.toBeInTheDocument();
        // The billing address when it differs.
        if (form.sameBilling)
          expect(screen.queryByRole('group', { name: T.sections.billing })).not.toBeInTheDocument();
        else
          expect(
            section(T.sections.billing).getByRole('textbox', { name: LABELS.city }),
          ).toHaveValue(form.billingAddress.city);
        // Exactly the machine's messages, each under its field and describing it.
        const problems = visibleProblems(snapshot.context);
        for (const [fieldPath, problem] of Object.entries(problems)) {
          const [kind, field] = fieldPath.split('.') as [string, string];
          const scope =
            kind === 'billingAddress'
              ? section(T.sections.billing)
              : kind === 'shippingAddress'
                ? shipping
                : within(document.body);
          const control =
            field === 'countryId' || field === 'province'
              ? scope.getByRole('combobox', { name: LABELS[field] })
              : scope.getByRole('textbox', { name: LABELS[field] });
          expect(control).toHaveAttribute('aria-invalid', 'true');
          expect(control).toHaveAccessibleDescription(T.errors[problem as keyof typeof T.errors]);
        }
        expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(
          Object.keys(problems).length,
        );
        // A refused Pay now leaves the focus on the first field in trouble.
        if (lastEvent === 'pay' && Object.keys(problems).length > 0) {
          await waitFor(() =>
            expect(document.activeElement).toHaveAttribute('aria-invalid', 'true'),
          );
        }
        const failures: Record<string, string> = {
          save: T.failure.save,
          payment: T.failure.payment,
        };
        const failure = snapshot.context.failure ? failures[snapshot.context.failure] : null;
        if (failure) expect(screen.getByRole('alert')).toHaveTextContent(failure);
        for (const other of Object.values(failures).filter((text) => text !== failure))
          expect(screen.queryByText(other)).not.toBeInTheDocument();
        expect(screen.getByRole('button', { name: T.payNow })).toBeEnabled();
      };
      const working = (kind: 'delivery' | 'initiate' | null) => async () => {
        // 'Pay now' gives way to a spinner while the details are saved and the payment starts.
        expect(await screen.findByText(T.paying)).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: T.payNow })).not.toBeInTheDocument();
        if (kind) await waitFor(() => expect(lastHeld()?.kind).toBe(kind));
      };
      const release = (outcome: Outcome) => async () => {
        lastEvent = 'answer';
        const request = held.pop();
        if (!request) throw new Error('No request held');
        request.resolve(outcome);
      };

      await path.test({
        states: {
          delivery: onDelivery,
          saving: working('delivery'),
          initiating: working('initiate'),
          redirecting: async (snapshot) => {
            await waitFor(() => expect(opened).toHaveLength(1));
            // The server saved exactly what the screen showed, and the payment page is ours (sandbox).
            // (Read as the browser holding the cart: the details answer only its cookie, and only unpaid.)
            const saved = (await (
              await server.request(`/api/delivery/${orderId}`, {
                headers: { Cookie: `ORDER_ID_en-GB=${orderId}` },
              })
            ).json()) as {
              shippingAddress: { countryId: number; province: string };
              isShippingDetailsEqualBilling: boolean;
            };
            expect(saved.shippingAddress.countryId).toBe(
              snapshot.context.form.shippingAddress.countryId,
            );
            expect(saved.isShippingDetailsEqualBilling).toBe(snapshot.context.form.sameBilling);
            expect(sessionStorage.getItem('shippingDetails')).toBe('true');
            // The newsletter box (on by default) went with the details; the server subscribes once paid.
            expect(sent.filter((s) => s.path === '/api/Subscriptions')).toHaveLength(0);
            expect(sent.find((s) => s.path.endsWith('/delivery-address'))?.body).toMatchObject({
              contactInfo: { subscribe: true },
            });
            // The sandbox's page is on our own site: a same-origin path with the payment's reference.
            expect(opened[0]).toMatch(/^\/sandbox-pay\/[A-Za-z0-9_-]{16,}$/);
            // Every payment started with an attempt key of its own press of Pay now.
            const keys = sent
              .filter((s) => s.path === '/api/payment/initiate')
              .map((s) => (s.body as { attemptKey?: string }).attemptKey);
            for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
            expect(new Set(keys).size).toBe(keys.length);
          },
        },
        events: {
          // (xstate.init is run as an event by the walk, like the purchase flow's screen test.)
          ...({
            'xstate.init': async () => {
              user = userEvent.setup({ delay: null });
              ({ opened } = await openCheckout());
              await user.click(
                await screen.findByRole(
                  'button',
                  { name: 'Accept Essential' },
                  { timeout: 10_000 },
                ),
              );
              // The countries have loaded: the select lists them all.
              await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(20));
            },
          } as Record<string, () => Promise<void>>),
          pay: async () => {
            await user.click(screen.getByRole('button', { name: T.payNow }));
            lastEvent = 'pay';
          },
          'field.set': async ({ event: e }) => {
            lastEvent = 'field.set';
            const event = e as CheckoutEvent;
            if (event.type !== 'field.set') throw new Error(event.type);
            const [kind, field] = event.path.split('.') as [string, string];
            const scope =
              kind === 'billingAddress'
                ? section(T.sections.billing)
                : kind === 'shippingAddress'
                  ? section(T.sections.shipping)
                  : within(document.body);
            if (field === 'countryId' || field === 'province')
              return user.selectOptions(
                scope.getByRole('combobox', { name: LABELS[field] }),
                event.value,
              );
            const box = scope.getByRole('textbox', { name: LABELS[field] });
            await user.clear(box);
            if (event.value) await user.type(box, event.value);
          },
          'billing.same': async () => {
            lastEvent = 'billing.same';
            await user.click(screen.getByRole('checkbox', { name: T.sameBilling }));
          },
          'delivery.saved': release('deliver'),
          'delivery.failed': release('fail'),
          'payment.initiated': release('deliver'),
          'payment.failed': release('fail'),
        },
      });
      // A Pay now refused by the form is logged as SPEC section 8 says.
      const refused = path.steps.some(
        (step, i) =>
          step.event.type === 'pay' &&
          step.state.value === 'delivery' &&
          path.steps[i - 1]?.state.value === 'delivery',
      );
      if (refused) expect(warn).toHaveBeenCalledWith('Form validation failed');
      else expect(warn).not.toHaveBeenCalledWith('Form validation failed');
    });
  }
});

describe('Pay now pressed twice at once', () => {
  it('saves once and starts one payment, with one attempt key', { timeout: 60_000 }, async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { opened } = await openCheckout();
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Accept Essential' }, { timeout: 10_000 }),
    );
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(20));
    await user.type(screen.getByRole('textbox', { name: LABELS.phone }), PHONE);
    // Two submits before the page has drawn again (a double tap, Enter pressed twice).
    const form = screen.getByRole('button', { name: T.payNow }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(held.at(-1)?.kind).toBe('delivery'));
    held.pop()!.resolve('deliver');
    await waitFor(() => expect(held.at(-1)?.kind).toBe('initiate'));
    held.pop()!.resolve('deliver');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sent.filter((s) => s.path.endsWith('/delivery-address'))).toHaveLength(1);
    const initiates = sent.filter((s) => s.path === '/api/payment/initiate');
    expect(initiates).toHaveLength(1);
    expect(initiates[0]!.body).toMatchObject({
      orderId,
      attemptKey: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
    });
  });
});
