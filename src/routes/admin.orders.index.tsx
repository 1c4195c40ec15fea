import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '#src/features/admin/orders-page.tsx';

export const Route = createFileRoute('/admin/orders/')({
  // Kept as text here (the page checks the status), so the shop's first load carries no admin rules.
  validateSearch: (
    search: Record<string, unknown>,
  ): { status?: string; q?: string; page?: number } => ({
    ...(typeof search.status === 'string' ? { status: search.status } : {}),
    ...(typeof search.q === 'string' && search.q ? { q: search.q } : {}),
    ...(Number(search.page) > 1 ? { page: Math.floor(Number(search.page)) } : {}),
  }),
  component: OrdersPage,
});
