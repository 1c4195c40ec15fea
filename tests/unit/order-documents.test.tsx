import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlacedOrderStatus } from '#contract/order-status.ts';
import { OrderDocuments } from '#src/features/order-status/order-documents.tsx';
import { createTestI18n } from './i18n-test.ts';

const order = (overrides: Partial<PlacedOrderStatus>): PlacedOrderStatus => ({
  orderId: 'order-id-0000000000000000',
  placed: true,
  orderNumber: 'SM-2026-00007',
  status: 'paid',
  language: 'lv',
  datePlaced: '2026-11-01T10:00:00.000Z',
  currentStep: 1000,
  steps: [],
  trackingNumber: null,
  trackingUrl: null,
  estimatedDeliveryDate: null,
  currencyCode: 'EUR',
  items: [],
  subtotal: 39.99,
  discount: 0,
  deliveryCost: 3.99,
  total: 43.98,
  ...overrides,
});

async function show(value: PlacedOrderStatus, language: 'lv' | 'en-GB' = 'lv') {
  const i18n = await createTestI18n(language);
  return render(
    <I18nextProvider i18n={i18n}>
      <OrderDocuments order={value} language={language} />
    </I18nextProvider>,
  );
}

// The network is the one thing replaced here: tests/api/invoice-links.test.ts posts to the real server.
function stubFetch(status: number) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    calls.push({ method: request.method, url: request.url, body: await request.clone().json() });
    await held;
    return new Response(JSON.stringify(status === 202 ? {} : { error: 'down' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls, release };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const withDocuments = order({
  refunded: 43.98,
  status: 'refunded',
  documents: [
    { kind: 'invoice', number: 'INV-000007' },
    { kind: 'credit_note', number: 'CN-000002' },
  ],
});

describe('the status page: invoice and refunds', () => {
  it('names the invoice and a credit note as sent by e-mail, links neither, and tells the refunded amount, in the order language', async () => {
    await show(withDocuments);
    expect(screen.getByRole('heading', { name: 'Rēķins un atmaksas' })).toBeInTheDocument();
    expect(
      screen.getByText('Šos dokumentus (PDF) esam nosūtījuši uz jūsu e-pasta adresi.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Rēķins INV-000007',
      'Kredītrēķins CN-000002',
    ]);
    // No link to a PDF: the status link may be forwarded, and the invoice carries the address.
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Nosūtīt vēlreiz uz manu e-pastu' })).toBeEnabled();
    expect(screen.getByText('Šis pasūtījums ir atmaksāts pilnībā.')).toBeInTheDocument();
    expect(screen.getByText(/Atmaksāts uz jūsu karti: 43,98\s€/)).toBeInTheDocument();
  });

  it('asks the server to mail them again: the button is busy while it asks, then a status message says the mail is on its way', async () => {
    const network = stubFetch(202);
    await show(withDocuments, 'en-GB');
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'E-mail it to me again' });
    await user.click(button);
    const pending = screen.getByRole('button', { name: 'Sending…' });
    expect(pending).toBeDisabled();
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('');
    network.release();
    expect(
      await screen.findByText(/The e-mail is on its way to the address given with the order/),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/on its way/);
    expect(screen.getByRole('button', { name: 'E-mail it to me again' })).toBeEnabled();
    expect(network.calls).toEqual([
      {
        method: 'POST',
        url: 'http://localhost/api/order/order-id-0000000000000000/documents/resend',
        body: {},
      },
    ]);
    // Reachable by keyboard: Tab reaches the button and Enter presses it again.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    expect(screen.getByRole('button', { name: 'E-mail it to me again' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(network.calls).toHaveLength(2);
  });

  it('says so when the mail could not be asked for', async () => {
    const network = stubFetch(503);
    network.release();
    await show(withDocuments, 'en-GB');
    await userEvent.setup().click(screen.getByRole('button', { name: 'E-mail it to me again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'It could not be sent. Please try again in a moment.',
    );
  });

  it('shows nothing for an order without documents (an answer from before invoices)', async () => {
    const { container } = await show(order({}), 'en-GB');
    expect(container).toBeEmptyDOMElement();
  });
});
