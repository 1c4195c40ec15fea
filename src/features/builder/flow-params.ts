// Path parameters of the flow routes, checked with valibot: an unknown book name (or a malformed
// order item id) sends the visitor home.
import { redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { OrderItemIdSchema } from '#contract/orders.ts';
import { BOOK_NAMES, type BookName } from '#machines/purchase.ts';

const BookNameSchema = v.picklist(BOOK_NAMES);

/** `params.parse` of /…/$bookName: null for a book the shop does not sell. */
export function parseBookParams(raw: Record<string, string>): { bookName: BookName | null } {
  const parsed = v.safeParse(BookNameSchema, raw.bookName);
  return { bookName: parsed.success ? parsed.output : null };
}

/** `params.parse` of /…/edit/$orderItemId: null for an id that cannot be one of ours. */
export function parseEditParams(raw: Record<string, string>): { orderItemId: string | null } {
  const parsed = v.safeParse(OrderItemIdSchema, raw.orderItemId);
  return { orderItemId: parsed.success ? parsed.output : null };
}

export function stringifyBookParams(params: { bookName: BookName | null }) {
  return { bookName: params.bookName ?? '' };
}

export function stringifyEditParams(params: { orderItemId: string | null }) {
  return { orderItemId: params.orderItemId ?? '' };
}

/** `beforeLoad`: home for an unknown book name or a malformed item id. */
export function requireKnownParams({ params }: { params: { bookName?: BookName | null; orderItemId?: string | null } }) {
  if (('bookName' in params && !params.bookName) || ('orderItemId' in params && !params.orderItemId)) {
    throw redirect({ to: '/', replace: true });
  }
}
