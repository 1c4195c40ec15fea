import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import type { AdminRefundPreview } from '#contract/admin-refunds.ts';
import { OrderActions } from '#src/features/admin/order-actions.tsx';
import { OrderRefunds } from '#src/features/admin/order-refunds.tsx';
import { createTestI18n } from './i18n-test.ts';

const item = (itemId: string, name: string, coverType: string) => ({
  itemId,
  title: 'You can do it',
  language: 'en-GB' as const,
  coverType,
  unitPriceMinor: 3499,
  editionNumber: null,
  coverImageUrl: '',
  child: { name, gender: 'Boy', personalization: {} },
  dad: { name: null, personalization: {} },
  mum: { name: null, personalization: {} },
  family: {
    shape: 'mum-dad' as const,
    grownUps: [
      { kind: 'dad' as const, name: null, call: 'Dad', personalization: {} },
      { kind: 'mum' as const, name: null, call: 'Mum', personalization: {} },
    ],
  },
  dedication: '',
  files: [],
  returned: null,
  editionRetired: false,
});

/** A paid two-book order as the back office reads it (only what the refund part uses matters). */
function order(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    orderId: 'order-id-0000000000000000',
    orderNumber: 'SM-2026-00007',
    gift: null,
    parcelFiles: [],
    status: 'paid',
    language: 'en-GB',
    paidAt: '2026-11-01T10:00:00.000Z',
    email: 'parent@example.com',
    phone: '+44',
    shippingAddress: {
      firstName: 'A',
      lastName: 'B',
      address1: '1',
      address2: '',
      city: 'C',
      zip: 'Z',
      countryId: 31,
      province: '',
      phone: '',
      countryName: 'United Kingdom',
    },
    billingAddress: {
      firstName: 'A',
      lastName: 'B',
      address1: '1',
      address2: '',
      city: 'C',
      zip: 'Z',
      countryId: 31,
      province: '',
      phone: '',
      countryName: 'United Kingdom',
    },
    items: [
      item('item-anna-00000000000000', 'Anna', 'hardcover'),
      item('item-leo-000000000000000', 'Leo', 'softcover'),
    ],
    couponCode: 'MULTI25',
    subtotalMinor: 6498,
    discountMinor: 1625,
    deliveryMinor: 999,
    totalMinor: 5872,
    currencyCode: 'GBP',
    deliveryDays: 7,
    trackingNumber: null,
    trackingUrl: null,
    payments: [],
    history: [],
    actions: ['checked'],
    refundedMinor: 0,
    refundableMinor: 5872,
    refundableItemIds: ['item-anna-00000000000000', 'item-leo-000000000000000'],
    itemRefundMinor: { 'item-anna-00000000000000': 2624, 'item-leo-000000000000000': 2249 },
    refundScopes: ['items', 'full', 'cancel'],
    refunds: [],
    documents: [
      {
        kind: 'invoice',
        number: 'INV-000007',
        totalMinor: 5872,
        issuedAt: '2026-11-01T10:00:00.000Z',
        url: '/api/admin/orders/order-id-0000000000000000/documents/INV-000007.pdf',
      },
    ],
    ...overrides,
  };
}

/**
 * The server: the refund's preview (what it would pay back, `plan`) and the refund itself
 * (`status` and `answer`); every call is recorded.
 */
function stubFetch(status: number, answer: unknown, plan: Partial<AdminRefundPreview> = {}) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ url: request.url, body: await request.clone().json() });
    const preview = request.url.endsWith('/refunds/preview');
    const body: AdminRefundPreview = {
      amountMinor: 2624,
      currencyCode: 'GBP',
      itemIds: ['item-anna-00000000000000'],
      delivery: false,
      cancel: false,
      lines: [{ itemId: 'item-anna-00000000000000', amountMinor: 2624 }],
      handedOn: [],
      ...plan,
    };
    return new Response(JSON.stringify(preview ? body : answer), {
      status: preview ? 200 : status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

// jsdom has <dialog> without showModal(); the browser's own behaviour is covered in e2e/admin.spec.ts.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const refundPosts = <T extends { url: string }>(calls: T[]) =>
  calls.filter((call) => call.url.endsWith('/refunds'));

async function show(props: { order: AdminOrderDetail; owner: boolean }, language = 'en-GB') {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <OrderRefunds {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the refund form in /admin', () => {
  it('refunds a chosen book with the keyboard alone: labelled choices, the amount shown, the server asked once per submit', async () => {
    const calls = stubFetch(201, { id: 1, status: 'succeeded', amountMinor: 2624 });
    const user = userEvent.setup();
    await show({ order: order(), owner: true });
    expect(screen.getByRole('link', { name: 'Invoice INV-000007 (PDF)' })).toHaveAttribute(
      'href',
      '/api/admin/orders/order-id-0000000000000000/documents/INV-000007.pdf',
    );
    expect(screen.getByRole('group', { name: 'What to refund' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Refund £0.00' });
    expect(submit).toBeDisabled();

    // Tab to the first choice ('Some books', checked), then on to the books and the reason.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Some books' })).toBeChecked();
    const anna = screen.getByRole('checkbox', { name: 'Anna, Hardcover: £26.24' });
    anna.focus();
    await user.keyboard(' ');
    expect(anna).toBeChecked();
    expect(screen.getByRole('button', { name: 'Refund £26.24' })).toBeDisabled();
    await user.tab();
    await user.tab();
    expect(screen.getByLabelText('Reason (kept in the audit log)')).toHaveFocus();
    await user.keyboard('Misprinted name');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Refund £26.24' })).toHaveFocus();
    await user.keyboard('{Enter}');

    // First the confirmation: what and how much, as the server computed it; no money moved yet.
    const dialog = await screen.findByRole('dialog', { name: 'Refund £26.24?' });
    expect(refundPosts(calls)).toHaveLength(0);
    expect(calls.filter((call) => call.url.endsWith('/refunds/preview'))).toHaveLength(1);
    expect(within(dialog).getByRole('list').textContent).toBe(
      'The book for Anna (Hardcover)£26.24Refund in total£26.24',
    );
    expect(dialog).toHaveTextContent('Reason: Misprinted name');
    // The safe answer has the focus: Enter now refunds nothing.
    expect(within(dialog).getByRole('button', { name: 'Go back, refund nothing' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(refundPosts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Refund £26.24' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund £26.24' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Refunded £26.24.');
    const posts = refundPosts(calls);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      scope: 'items',
      itemIds: ['item-anna-00000000000000'],
      reason: 'Misprinted name',
    });
    expect((posts[0]!.body as { requestKey: string }).requestKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('offers the whole order and cancelling with the delivery included, and says when the provider failed', async () => {
    stubFetch(
      502,
      {
        error: 'The payment provider did not refund; nothing was changed.',
        code: 'provider_failed',
        refund: { status: 'failed', error: 'EveryPay answered 500' },
      },
      {
        amountMinor: 5872,
        cancel: true,
        delivery: true,
        itemIds: ['item-anna-00000000000000', 'item-leo-000000000000000'],
        lines: [
          { itemId: 'item-anna-00000000000000', amountMinor: 2624 },
          { itemId: 'item-leo-000000000000000', amountMinor: 2249 },
          { itemId: null, amountMinor: 999 },
        ],
        handedOn: [{ itemId: 'item-leo-000000000000000', at: '2026-11-02T16:00:00.000Z' }],
      },
    );
    const user = userEvent.setup();
    await show({ order: order(), owner: true });
    await user.click(
      screen.getByRole('radio', { name: 'Cancel the order and refund everything (£58.72)' }),
    );
    expect(screen.queryByRole('group', { name: 'Books to refund' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Nothing of the order is left after this, so the delivery is refunded too.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Asked by the parent');
    await user.click(screen.getByRole('button', { name: 'Cancel and refund £58.72' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Cancel the order and refund £58.72?',
    });
    expect(within(dialog).getByRole('list').textContent).toBe(
      'The book for Anna (Hardcover)£26.24The book for Leo (Softcover)£22.49Delivery£9.99Refund in total£58.72',
    );
    // The printer has one book's files: the owner reads it before the money moves.
    expect(dialog).toHaveTextContent(
      /The printer has had the print files of the book for Leo since .*2026.*: refunding it does not stop the printing/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund £58.72' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment provider did not refund. Nothing was changed',
    );
  });

  it('shows staff the refunds and documents but no form; a failed refund says why', async () => {
    await show({
      order: order({
        refunds: [
          {
            id: 3,
            status: 'failed',
            amountMinor: 2249,
            currencyCode: 'GBP',
            itemIds: ['item-leo-000000000000000'],
            delivery: false,
            cancel: false,
            reason: 'Damaged',
            staffEmail: 'owner@example.com',
            error: 'EveryPay answered 500',
            createdAt: '2026-11-02T10:00:00.000Z',
            completedAt: null,
            creditNote: null,
          },
        ],
      }),
      owner: false,
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Refund failed')).toBeInTheDocument();
    expect(
      screen.getByText('The payment provider said: EveryPay answered 500'),
    ).toBeInTheDocument();
  });

  it('is in Latvian for a Latvian interface', async () => {
    await show({ order: order(), owner: true }, 'lv');
    expect(screen.getByRole('group', { name: 'Ko atmaksāt' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Dažas grāmatas' })).toBeChecked();
  });
});

async function showActions(props: { order: AdminOrderDetail; owner: boolean }, language = 'en-GB') {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <OrderActions {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('the next step of a paid order in /admin', () => {
  it('offers staff no plain cancel, only the hint that the owner cancels with a refund', async () => {
    await showActions({ order: order(), owner: false });
    expect(screen.getByRole('button', { name: 'Mark as checked' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Only the owner can cancel an order: they cancel it with a full refund/),
    ).toBeInTheDocument();
  });

  it('says it in Latvian, and not at all once the order can no longer be cancelled or to the owner', async () => {
    await showActions({ order: order(), owner: false }, 'lv');
    expect(
      screen.getByText(/Pasūtījumu var atcelt tikai īpašnieks, atmaksājot visu summu/),
    ).toBeInTheDocument();
    cleanup();
    await showActions({ order: order(), owner: true });
    expect(screen.queryByText(/Only the owner can cancel/)).not.toBeInTheDocument();
    cleanup();
    await showActions({
      order: order({ status: 'shipped', actions: ['delivered'], refundScopes: ['items', 'full'] }),
      owner: false,
    });
    expect(screen.getByRole('button', { name: 'Mark as delivered' })).toBeInTheDocument();
    expect(screen.queryByText(/Only the owner can cancel/)).not.toBeInTheDocument();
  });
});
