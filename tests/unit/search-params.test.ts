// @vitest-environment node
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '#src/lib/query-client.ts';
import { createAppRouter } from '#src/router.tsx';
import { createTestI18n } from './i18n-test.ts';

// The address's search parameters as the app's routes see them, and as the app writes them.

async function routerAt(href: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter({
    i18n: await createTestI18n('en-GB'),
    queryClient: async () => queryClient,
    history: createMemoryHistory({ initialEntries: [href] }),
  });
  return router;
}

/** The search of the deepest route that matches `href`, after the route's own validation. */
async function searchOf(href: string) {
  const router = await routerAt(href);
  const matches = router.matchRoutes(router.state.location);
  return matches[matches.length - 1]?.search;
}

describe('search parameters', () => {
  it('keep a payment reference of digits only as the text the payment provider sent', async () => {
    expect(await searchOf('/payment-status?payment_reference=0012345678')).toEqual({
      payment_reference: '0012345678',
    });
    expect(await searchOf('/payment-status?payment_reference=123456')).toEqual({
      payment_reference: '123456',
    });
    expect(await searchOf('/payment-status?payment_reference=1e5')).toEqual({
      payment_reference: '1e5',
    });
    expect(await searchOf('/payment-status?payment_reference=true')).toEqual({
      payment_reference: 'true',
    });
    expect(await searchOf('/payment-status?payment_reference=5f1c9e0a')).toEqual({
      payment_reference: '5f1c9e0a',
    });
  });

  it('keep an order number typed into the back office search, from a link or a bookmark', async () => {
    expect(await searchOf('/admin/orders?q=1042&status=paid&page=3')).toEqual({
      q: '1042',
      status: 'paid',
      page: 3,
    });
    expect(await searchOf('/admin/orders?q=%22quoted%22')).toEqual({ q: '"quoted"' });
  });

  it('are written plainly, and read back the same', async () => {
    const router = await routerAt('/');
    const { href } = router.buildLocation({ to: '/admin/orders', search: { q: '1042', page: 2 } });
    expect(href).toBe('/admin/orders?q=1042&page=2');
    expect(await searchOf(href)).toEqual({ q: '1042', page: 2 });
    const signIn = router.buildLocation({
      to: '/admin/sign-in',
      search: { redirect: '/admin/orders/7' },
    }).href;
    expect(await searchOf(signIn)).toEqual({ redirect: '/admin/orders/7' });
  });
});
