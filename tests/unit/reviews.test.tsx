import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_FIELD_MESSAGES, type AdminReview } from '#contract/reviews.ts';
import { ReviewsPage } from '#src/features/admin/reviews-page.tsx';
import { ReviewFormPage } from '#src/features/reviews/review-form-page.tsx';
import { createTestI18n } from './i18n-test.ts';

const TOKEN = `${'o'.repeat(24)}.${'s'.repeat(32)}`;

type Answer = { status: number; body: unknown };

/** The network is the one thing replaced (e2e/reviews.spec.ts uses the real server). */
function stubServer(answer: (method: string, path: string, body: unknown) => Answer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const text = await request.clone().text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const path = new URL(request.url).pathname + new URL(request.url).search;
    calls.push({ method: request.method, path, body });
    const { status, body: out } = answer(request.method, path, body);
    return new Response(JSON.stringify(out), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

async function renderForm(language = 'en-GB') {
  const i18n = await createTestI18n(language);
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({
        getParentRoute: () => rootRoute,
        path: '/review/$token',
        component: () => <ReviewFormPage token={TOKEN} />,
      }),
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> }),
    ]),
    history: createMemoryHistory({ initialEntries: [`/review/${TOKEN}`] }),
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the review form', () => {
  it('stars are a radio group; a review without stars, text or terms is refused under its fields without a call', async () => {
    const calls = stubServer(() => ({ status: 200, body: { state: 'open', language: 'en-GB' } }));
    const user = userEvent.setup();
    await renderForm();
    const group = await screen.findByRole('group', { name: 'Your rating *' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '4 stars' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(screen.getByText('Please choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the review terms.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your review *' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(group).getByRole('radio', { name: '4 stars' }));
    expect(screen.queryByText('Please choose from 1 to 5 stars.')).not.toBeInTheDocument();
    expect(screen.getByText('Please accept the review terms.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the terms for what you post' })).toHaveAttribute(
      'href',
      '/ugc-terms',
    );
  });

  it("sends the review and thanks the buyer; the server's field errors show under the fields", async () => {
    let reply: Answer = {
      status: 400,
      body: { error: 'bad', fields: { text: ['At most 2000 characters.'] } },
    };
    const calls = stubServer((method) =>
      method === 'GET' ? { status: 200, body: { state: 'open', language: 'lv' } } : reply,
    );
    const user = userEvent.setup();
    await renderForm('lv');
    await user.click(await screen.findByRole('radio', { name: '4 zvaigznītes' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Jūsu atsauksme *' }),
      'Dēlam ļoti patika grāmata!',
    );
    await user.type(screen.getByRole('textbox', { name: 'Vārds (nav obligāts)' }), 'Laura');
    await user.click(screen.getByRole('checkbox', { name: /Piekrītu atsauksmju noteikumiem/ }));
    await user.click(screen.getByRole('button', { name: 'Nosūtīt atsauksmi' }));
    expect(await screen.findByText('Lūdzu, iekļaujieties 2000 rakstzīmēs.')).toBeInTheDocument();
    reply = { status: 201, body: { id: 1 } };
    await user.click(screen.getByRole('button', { name: 'Nosūtīt atsauksmi' }));
    expect(await screen.findByText(/Paldies! Jūsu atsauksme ir nosūtīta/)).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)).toEqual({
      method: 'POST',
      path: `/api/reviews/form/${TOKEN}`,
      body: {
        rating: 4,
        text: 'Dēlam ļoti patika grāmata!',
        firstName: 'Laura',
        city: '',
        photo: null,
        acceptTerms: true,
      },
    });
  });

  it('refuses an iPhone HEIC photo with its own message in each language, before sending; the server’s says the same', async () => {
    const heicMessages = {
      'en-GB': /HEIC photos \(an iPhone's own format\) cannot be used here/,
      'en-US': /HEIC photos \(an iPhone's own format\) can't be used here/,
      lv: /HEIC fotoattēlus \(iPhone formātu\) šeit nevar izmantot/,
    };
    for (const [language, message] of Object.entries(heicMessages)) {
      const calls = stubServer(() => ({ status: 200, body: { state: 'open', language } }));
      // A computer's file picker set to 'All files' (a phone's is kept to the accepted types).
      const user = userEvent.setup({ applyAccept: false });
      await renderForm(language);
      const input = await screen.findByLabelText(/\(nav obligāts\)|\(optional\)/, {
        selector: 'input[type="file"]',
      });
      // The picker offers JPEG, PNG and WebP: an iPhone then hands over its photo as JPEG.
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
      await user.upload(
        input as HTMLInputElement,
        new File([new Uint8Array(64)], 'IMG_0042.HEIC', { type: 'image/heic' }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
      cleanup();
      vi.unstubAllGlobals();
    }
    stubServer((method) =>
      method === 'GET'
        ? { status: 200, body: { state: 'open', language: 'lv' } }
        : {
            status: 400,
            body: { error: 'bad', fields: { photo: [REVIEW_FIELD_MESSAGES.photoHeic] } },
          },
    );
    const user = userEvent.setup();
    await renderForm('lv');
    await user.click(await screen.findByRole('radio', { name: '5 zvaigznītes' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Jūsu atsauksme *' }),
      'Meitai ļoti patika grāmata!',
    );
    await user.click(screen.getByRole('checkbox', { name: /Piekrītu atsauksmju noteikumiem/ }));
    await user.click(screen.getByRole('button', { name: 'Nosūtīt atsauksmi' }));
    expect(await screen.findByText(heicMessages.lv)).toBeInTheDocument();
  });

  it('says so when the order was reviewed already, or the link is not ours', async () => {
    stubServer(() => ({ status: 200, body: { state: 'reviewed', language: 'en-GB' } }));
    await renderForm();
    expect(
      await screen.findByText('Thank you: a review for this order has already been sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send review' })).not.toBeInTheDocument();
  });

  it('says why when the buyer pressed stop, or the order was cancelled or refunded (issue #44, item 6)', async () => {
    stubServer(() => ({ status: 200, body: { state: 'stopped', language: 'lv' } }));
    await renderForm('lv');
    expect(
      await screen.findByText(/Jūs lūdzāt vairs neaicināt novērtēt šo pasūtījumu/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nosūtīt atsauksmi' })).not.toBeInTheDocument();
    cleanup();

    // The form was open, and the order was refunded before it was sent.
    const user = userEvent.setup();
    stubServer((method) =>
      method === 'POST'
        ? { status: 409, body: { error: 'refunded', code: 'order_not_kept' } }
        : { status: 200, body: { state: 'open', language: 'en-US' } },
    );
    await renderForm('en-US');
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review *' }), 'We love this book!');
    await user.click(screen.getByRole('checkbox', { name: /I accept the review terms/ }));
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(
      await screen.findByText(/This order was canceled or refunded, so it cannot be reviewed/),
    ).toBeInTheDocument();
  });
});

const review = (over: Partial<AdminReview>): AdminReview => ({
  id: 7,
  orderId: 'o'.repeat(24),
  orderNumber: 'SM-2026-00042',
  language: 'lv',
  rating: 5,
  text: 'Brīnišķīga grāmata.',
  firstName: 'Laura',
  city: 'Rīga',
  hasPhoto: true,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00Z',
  decidedAt: null,
  orderStatus: 'delivered',
  partlyRefunded: false,
  consentWithdrawn: false,
  verifiedPurchase: true,
  ...over,
});

describe('the back office reviews list', () => {
  it('shows the order’s state, and offers no approval for a cancelled or refunded order', async () => {
    stubServer(() => ({
      status: 200,
      body: {
        rows: [
          review({ id: 8, orderStatus: 'refunded', verifiedPurchase: false }),
          review({ id: 9, orderStatus: 'shipped', partlyRefunded: true, consentWithdrawn: true }),
        ],
      },
    }));
    const i18n = await createTestI18n('en-GB');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <ReviewsPage />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const refunded = await screen.findByRole('article', { name: /Review #8/ });
    expect(refunded).toHaveTextContent('Order stateRefunded');
    expect(refunded).toHaveTextContent(/this is no verified purchase/);
    expect(within(refunded).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(refunded).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const partly = screen.getByRole('article', { name: /Review #9/ });
    expect(partly).toHaveTextContent('Order stateShipped, some books refunded');
    expect(partly).toHaveTextContent('The buyer has since asked not to be asked for a review.');
    expect(within(partly).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('lists the waiting reviews and approves one', async () => {
    let rows = [review({})];
    const calls = stubServer((method, path) => {
      if (method === 'PATCH') {
        rows = [];
        return { status: 200, body: review({ status: 'approved' }) };
      }
      return { status: 200, body: { rows: path.includes('pending') ? rows : [] } };
    });
    const user = userEvent.setup();
    const i18n = await createTestI18n('en-GB');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <ReviewsPage />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const item = await screen.findByRole('article', { name: 'Review #7: 5 out of 5 stars' });
    expect(item).toHaveTextContent('SM-2026-00042');
    expect(item).toHaveTextContent('Laura, Rīga');
    expect(
      within(item).getByRole('img', { name: "The reviewer's photo of the book" }),
    ).toHaveAttribute('src', '/api/admin/reviews/7/photo.webp');
    expect(screen.getByRole('button', { name: 'Waiting' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(item).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('No reviews here.')).toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/admin/reviews/7',
      body: { status: 'approved' },
    });
  });
});
