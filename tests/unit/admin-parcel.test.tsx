import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#contract/admin-orders.ts';
import { OrderParcel } from '#src/features/admin/order-gift.tsx';
import { createTestI18n } from './i18n-test.ts';

// The admin order's Parcel card (#36): a gift's message and, when the buyer chose a day, the day
// it should arrive by with the days to print from and dispatch on, and a plain word to the staff
// while it must wait or is late.

afterEach(cleanup);

const GIFT = {
  message: 'Happy birthday!',
  arriveBy: '2026-12-24',
  printFrom: '2026-12-15',
  dispatchOn: '2026-12-22',
};

async function show(
  language: string,
  order: Pick<AdminOrderDetail, 'gift' | 'parcelFiles' | 'status'>,
  today: string,
) {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <OrderParcel order={order} today={today} />
    </I18nextProvider>,
  );
}

describe('admin Parcel card: when a gift arrives', () => {
  it('shows the day with its print and dispatch days, and holds a checked order before printing', async () => {
    await show('en-GB', { gift: GIFT, parcelFiles: [], status: 'checked' }, '2026-11-30');
    const card = screen.getByRole('region', { name: 'Parcel' });
    expect(card).toHaveTextContent('To arrive by 24 December 2026');
    expect(card).toHaveTextContent('Print from: 15 December 2026');
    expect(card).toHaveTextContent('Hand to the courier on: 22 December 2026');
    expect(screen.getByRole('note')).toHaveTextContent(
      'On hold: do not print before 15 December 2026',
    );
  });

  it('says dispatch today on the day, late after it, and nothing once shipped', async () => {
    await show('en-GB', { gift: GIFT, parcelFiles: [], status: 'in_production' }, '2026-12-22');
    expect(screen.getByRole('note')).toHaveTextContent('Dispatch today');
    cleanup();
    await show('en-GB', { gift: GIFT, parcelFiles: [], status: 'in_production' }, '2026-12-23');
    expect(screen.getByRole('note')).toHaveTextContent(/^Late: dispatch at once/);
    cleanup();
    await show('en-GB', { gift: GIFT, parcelFiles: [], status: 'shipped' }, '2026-12-23');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says "as soon as it can" without a day, and speaks Latvian with the dates in their case', async () => {
    await show(
      'en-GB',
      {
        gift: { message: 'Hi', arriveBy: null, printFrom: null, dispatchOn: null },
        parcelFiles: [],
        status: 'paid',
      },
      '2026-11-30',
    );
    expect(screen.getByText('As soon as it can (no day chosen).')).toBeInTheDocument();
    cleanup();
    await show('lv', { gift: GIFT, parcelFiles: [], status: 'paid' }, '2026-11-30');
    const card = screen.getByRole('region', { name: 'Sūtījums' });
    expect(card).toHaveTextContent('Jāpiegādā līdz 2026. gada 24. decembrim');
    expect(card).toHaveTextContent('Nodot kurjeram: 2026. gada 22. decembris');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Gaida: drukāt ne agrāk kā 2026. gada 15. decembrī, citādi dāvana pienāks par agru.',
    );
  });
});
