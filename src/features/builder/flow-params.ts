// Path parameters of the flow routes: an unknown book name sends the visitor home (SPEC section 2).
// An item id that is not one of ours is not loaded at all: the step says the book could not be
// opened and links to the cart. Plain checks, not valibot: these routes are in every first load.
import { redirect } from '@tanstack/react-router';
import { isRandomId } from '#contract/ids.ts';
import { isBookName, type BookName } from '#contract/books.ts';

/** `params.parse` of /…/$bookName: null for a book the shop does not sell. */
function parseBookParams(raw: Record<string, string>): { bookName: BookName | null } {
  return { bookName: isBookName(raw.bookName) ? raw.bookName : null };
}

/** `params.parse` of /…/edit/$orderItemId. */
function parseEditParams(raw: Record<string, string>): { orderItemId: string } {
  return { orderItemId: raw.orderItemId ?? '' };
}

/** Whether an item id can be one of ours (random, URL-safe); anything else is not asked for. */
export function isOrderItemId(id: string): boolean {
  return isRandomId(id);
}

function stringifyBookParams(params: { bookName: BookName | null }) {
  return { bookName: params.bookName ?? '' };
}

function stringifyEditParams(params: { orderItemId: string }) {
  return { orderItemId: params.orderItemId };
}

/** `beforeLoad` of the /…/$bookName routes: home for a book the shop does not sell. */
function requireKnownBook({ params }: { params: { bookName: BookName | null } }) {
  if (!params.bookName) throw redirect({ to: '/', replace: true });
}

/** The options every /…/$bookName flow route shares: its parameter and the unknown-book redirect. */
export const BOOK_ROUTE = {
  params: { parse: parseBookParams, stringify: stringifyBookParams },
  beforeLoad: requireKnownBook,
};

/** The options every /…/edit/$orderItemId flow route shares: its parameter. */
export const EDIT_ROUTE = {
  params: { parse: parseEditParams, stringify: stringifyEditParams },
};
