import * as v from 'valibot';
import { BookChangeResponseSchema, PaidBookSchema, type PaidBook } from '#contract/book-change.ts';
import type { PersonalizationDraft } from '#machines/purchase-draft.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';
import { api } from '#src/lib/api.ts';

/** A paid book named by the status link's order id and its place in the order (issue #47). */
export interface PaidBookKey {
  orderId: string;
  place: string;
}

const pathOf = (key: PaidBookKey) =>
  `/order/${encodeURIComponent(key.orderId)}/books/${encodeURIComponent(key.place)}`;

/** GET /api/order/{orderId}/books/{place}: the paid book to change, while its print hold lasts. */
export async function fetchPaidBook(key: PaidBookKey): Promise<PaidBook> {
  return v.parse(PaidBookSchema, await api(pathOf(key)));
}

/**
 * PUT /api/order/{orderId}/books/{place}: the change, saved as the cart saves a book (the order's
 * own language as the payload's shop language).
 */
export async function savePaidBook(
  key: PaidBookKey,
  draft: PersonalizationDraft,
  orderLanguage: PaidBook['orderLanguage'],
  requestId: string,
) {
  const body = savePayloadOf(draft, { language: orderLanguage, orderId: null, requestId });
  return v.parse(BookChangeResponseSchema, await api(pathOf(key), { method: 'PUT', body }));
}
