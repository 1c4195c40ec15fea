import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GiftView } from '#contract/gift.ts';
import { OrderGift } from '#src/features/order-status/order-gift.tsx';
import { createTestI18n } from './i18n-test.ts';

// The status page's gift part (#36): 'A gift for {name}', the address and the message, for the
// holder of the buyer's gift link only (its key goes to the API; without one nothing is asked).

const ORDER_ID = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const KEY = 'k'.repeat(43);
const GIFT: GiftView = {
  recipient: {
    firstName: 'Jānis',
    lastName: 'Ozoliņš',
    address1: 'Kr. Valdemāra iela 5-12',
    address2: '',
    city: 'Rīga',
    zip: 'LV-1010',
    province: '',
    countryCode: 'LV',
    countryName: 'Latvia',
    // As the server lays it out (contract/postal-address.ts: tests/book/postal-address.test.ts).
    lines: ['Jānis Ozoliņš', 'Kr. Valdemāra iela 5-12', 'Rīga, LV-1010'],
  },
  message: 'Dear Jānis,\nhappy birthday!',
  arriveBy: '2026-12-24',
};

const asked: string[] = [];
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  asked.length = 0;
});

async function show(giftKey: string | undefined, language: 'en-GB' | 'lv' = 'en-GB') {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    asked.push(url.pathname + url.search);
    if (url.pathname === `/api/order/${ORDER_ID}/gift` && url.searchParams.get('key') === KEY)
      return new Response(JSON.stringify(GIFT), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    return new Response('{"error":"No such gift."}', { status: 404 });
  });
  const i18n = await createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <OrderGift orderId={ORDER_ID} giftKey={giftKey} language={language} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('order status: the gift', () => {
  it('shows "A gift for {name}", the address and the message to the gift link', async () => {
    await show(KEY);
    expect(await screen.findByRole('heading', { name: 'A gift for Jānis' })).toBeInTheDocument();
    const address = screen.getByText(/Kr\. Valdemāra iela 5-12/).closest('address')!;
    expect(address.textContent).toContain('Jānis Ozoliņš');
    expect(address.textContent).toContain('Rīga, LV-1010');
    expect(address.textContent).toContain('Latvia');
    expect(screen.getByText(/happy birthday!/)).toBeInTheDocument();
    expect(screen.getByText(/^To arrive by 24 December 2026:/)).toBeInTheDocument();
  });

  it('asks nothing and shows nothing without a key, and nothing with a wrong one', async () => {
    await show(undefined);
    expect(asked).toEqual([]);
    expect(screen.queryByRole('heading')).toBeNull();
    cleanup();
    await show('w'.repeat(43));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('speaks Latvian', async () => {
    await show(KEY, 'lv');
    expect(await screen.findByRole('heading', { name: 'Dāvana: Jānis' })).toBeInTheDocument();
    expect(screen.getByText(/Latvija/)).toBeInTheDocument();
    expect(screen.getByText(/^Jāpiegādā līdz 2026\. gada 24\. decembrim:/)).toBeInTheDocument();
  });
});
