import { queryOptions } from '@tanstack/react-query';
import type {
  AdminOrderDetail,
  AdminOrderList,
  DashboardAnswer,
  PaymentAlertAction,
  StatusChangeRequest,
} from '#contract/admin-orders.ts';
import type { AdminRefund, AdminRefundPreview, RefundRequest } from '#contract/admin-refunds.ts';
import type { PlacedStatus } from '#src/features/admin/format.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '#src/lib/query-client.ts';
import { adminFetch } from './admin-fetch.ts';

interface OrderFilter {
  status?: PlacedStatus | undefined;
  q?: string | undefined;
  page: number;
}

const ordersQueryOptions = (filter: OrderFilter) =>
  queryOptions({
    queryKey: ['admin', 'orders', filter],
    queryFn: () =>
      adminFetch<AdminOrderList>('/orders', { query: { ...filter, q: filter.q || undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
export const useOrders = (filter: OrderFilter) => useQuery(ordersQueryOptions(filter));

const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['admin', 'order', orderId],
    queryFn: () => adminFetch<AdminOrderDetail>(`/orders/${encodeURIComponent(orderId)}`),
    staleTime: 5_000,
  });
export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));

export function useChangeStatus(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusChangeRequest) =>
      adminFetch<AdminOrderDetail>(`/orders/${encodeURIComponent(orderId)}/status`, {
        method: 'POST',
        body,
      }),
    onSuccess: (order) => {
      client.setQueryData(['admin', 'order', orderId], order);
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}

export function useRenderAgain(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminFetch(`/orders/${encodeURIComponent(orderId)}/print-files`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'order', orderId] }),
  });
}

const dashboardQueryOptions = queryOptions({
  queryKey: ['admin', 'dashboard'],
  queryFn: () => adminFetch<DashboardAnswer>('/dashboard'),
  staleTime: 30_000,
});
export const useDashboard = () => useQuery(dashboardQueryOptions);

/** POST /orders/{orderId}/refunds (the owner): the refund as the server made it; the order, list and dashboard are read again. */
export function useRefund(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      adminFetch<AdminRefund>(`/orders/${encodeURIComponent(orderId)}/refunds`, {
        method: 'POST',
        body,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'order', orderId] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}

/**
 * POST /payment-alerts/{id} (the owner): the answer to a payment alert (a PayPal payment reviewed,
 * a bank transfer made, dealt with); the dashboard and orders are read again.
 */
export function usePaymentAlertAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PaymentAlertAction }) =>
      adminFetch<{ id: number; kind: string; orderNumber?: string }>(
        `/payment-alerts/${encodeURIComponent(String(id))}`,
        { method: 'POST', body: { action } },
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
      void client.invalidateQueries({ queryKey: ['admin', 'orders'] });
      void client.invalidateQueries({ queryKey: ['admin', 'order'] });
    },
  });
}

/**
 * POST /orders/{orderId}/refunds/preview (the owner): what the refund would pay back, computed by
 * the server and nothing moved, for the confirmation the owner answers before refunding.
 */
export function useRefundPreview(orderId: string) {
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      adminFetch<AdminRefundPreview>(`/orders/${encodeURIComponent(orderId)}/refunds/preview`, {
        method: 'POST',
        body,
      }),
  });
}
