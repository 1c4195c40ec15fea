import { useQuery } from '#src/lib/query-client.ts';
import { orderStatusQueryOptions } from './order-status.ts';

/** The paid order (its own file: the route's loader imports the query options, which must not bring TanStack Query along). */
export function useOrderStatus(orderId: string) {
  return useQuery(orderStatusQueryOptions(orderId));
}
