import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
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

describe('the status page: invoice and refunds', () => {
  it('offers the invoice and a credit note for download and tells the refunded amount, in the order language', async () => {
    await show(
      order({
        refunded: 43.98,
        status: 'refunded',
        documents: [
          { kind: 'invoice', number: 'INV-000007', url: '/api/order/order-id-0000000000000000/documents/INV-000007.pdf' },
          { kind: 'credit_note', number: 'CN-000002', url: '/api/order/order-id-0000000000000000/documents/CN-000002.pdf' },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Rēķins un atmaksas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lejupielādēt rēķinu INV-000007 (PDF)' })).toHaveAttribute('href', '/api/order/order-id-0000000000000000/documents/INV-000007.pdf');
    expect(screen.getByRole('link', { name: 'Lejupielādēt kredītrēķinu CN-000002 (PDF)' })).toBeInTheDocument();
    expect(screen.getByText('Šis pasūtījums ir atmaksāts pilnībā.')).toBeInTheDocument();
    expect(screen.getByText(/Atmaksāts uz jūsu karti: 43,98\s€/)).toBeInTheDocument();
  });

  it('shows nothing for an order without documents (an answer from before invoices)', async () => {
    const { container } = await show(order({}), 'en-GB');
    expect(container).toBeEmptyDOMElement();
  });
});
