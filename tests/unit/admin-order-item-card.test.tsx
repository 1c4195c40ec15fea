import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrderItem } from '#contract/admin-orders.ts';
import { OrderItemCard } from '#src/features/admin/order-item-card.tsx';
import { createTestI18n } from './i18n-test.ts';

afterEach(cleanup);

const look = (hair: string) => ({
  hair,
  eyes: 'mum_eyes_BR',
  skin: 'mum_skin_2M',
  accessories: [],
});

function item(
  family: AdminOrderItem['family'],
  overrides: Partial<AdminOrderItem> = {},
): AdminOrderItem {
  return {
    itemId: 'item-emils-000000000000000',
    title: 'You can do it',
    language: 'lv',
    coverType: 'hardcover',
    unitPriceMinor: 3499,
    editionNumber: null,
    coverImageUrl: '',
    child: { name: 'Emīls', gender: 'Boy', personalization: {} },
    dad: { name: null, personalization: {} },
    mum: { name: 'Ilze', personalization: {} },
    family,
    dedication: 'Emīlam',
    files: [],
    returned: null,
    editionRetired: false,
    ...overrides,
  };
}

const twoMums: AdminOrderItem['family'] = {
  shape: 'mum-mum',
  grownUps: [
    { kind: 'mum', name: 'Ilze', call: 'mamma', personalization: look('mum_hair_02_BL') },
    { kind: 'mum', name: 'Laura', call: 'name', personalization: look('mum_hair_01_BC') },
  ],
};

async function show(
  family: AdminOrderItem['family'],
  language: string,
  overrides: Partial<AdminOrderItem> = {},
) {
  const i18n = await createTestI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <OrderItemCard item={item(family, overrides)} currencyCode="EUR" />
    </I18nextProvider>,
  );
}

describe('the back office order page: who is in the book', () => {
  it('shows the family shape and, per grown-up, what they are, their name and what the child calls them (English)', async () => {
    await show(twoMums, 'en-GB');
    expect(screen.getByText('Who is in the book: Two mums')).toBeTruthy();
    // Each grown-up a region named by its heading: two mums are told apart (unique landmarks).
    const grownUps = screen.getAllByRole('region', { name: /^Mum: / });
    expect(grownUps).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Mum: Ilze, called ‘mamma’' })).toBe(grownUps[0]);
    expect(screen.getByRole('region', { name: 'Mum: Laura, called by their first name' })).toBe(
      grownUps[1],
    );
    expect(screen.queryByText(/^Dad:/)).toBeNull();
  });

  it('speaks the admin language (Latvian) and names a missing name', async () => {
    await show(
      {
        shape: 'grandma',
        grownUps: [
          { kind: 'grandma', name: null, call: 'omīte', personalization: look('mum_hair_02_GY') },
        ],
      },
      'lv',
    );
    expect(screen.getByText('Kas ir grāmatā: Vecmāmiņa')).toBeTruthy();
    const grandma = screen.getByRole('region', { name: /^Vecmāmiņa: / });
    expect(within(grandma).getByRole('heading').textContent).toMatch(
      /^Vecmāmiņa: .+, uzruna: „omīte”$/,
    );
    expect(screen.queryByText(/^Tētis:/)).toBeNull();
  });

  it('marks a book paid back: refunded when, the printer alert when its files had left, its number retired, no files', async () => {
    await show(twoMums, 'en-GB', {
      editionNumber: 7,
      editionRetired: true,
      returned: {
        state: 'refunded',
        at: '2026-11-03T09:30:00.000Z',
        handedOnAt: '2026-11-02T16:00:00.000Z',
      },
    });
    expect(
      screen.getByText(/^Refunded on .*2026.*\. Its print files and PDF are deleted\.$/),
    ).toBeTruthy();
    expect(
      screen.getByText(
        /^Its print files went to the printer on .*2026.*, before the refund: make sure the printer does not print it/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toContain(
      'retired: no other book gets this number',
    );
    expect(screen.getByText('None: the book was paid back.')).toBeTruthy();
  });

  it('says nothing of a refund on a book that is kept', async () => {
    await show(twoMums, 'en-GB', { editionNumber: 7 });
    expect(screen.queryByText(/Refunded|Cancelled|retired/)).toBeNull();
  });
});
