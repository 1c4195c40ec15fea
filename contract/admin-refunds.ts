import * as v from 'valibot';
import type { CurrencyCode } from './markets.ts';

/**
 * Refunds and cancellations in the back office (issue 30, item 4; the owner only):
 *
 * POST /api/admin/orders/{orderId}/refunds  RefundRequest
 *   -> 201 AdminRefund (succeeded) | 200 AdminRefund (this requestKey was already sent: the same refund)
 *   -> 502 { error, code: 'provider_failed', refund: AdminRefund } (the refund recorded as failed: the
 *      provider refused or could not be reached; nothing else changed)
 *   -> 400 field errors | 403 (staff) | 404 | 409 (nothing left to refund, a book already refunded,
 *      cancelling a shipped order)
 * POST /api/admin/orders/{orderId}/refunds/preview  RefundRequest
 *   -> 200 AdminRefundPreview: what that request would pay back now, nothing written, no money
 *      moved (the confirmation the owner answers before refunding); the same 400/403/404/409
 * GET  /api/admin/orders/{orderId}/documents/{number}.pdf  -> the invoice or a credit note
 *
 * The server computes the amount from the paid snapshot: a book's price less its share of the
 * discount; the delivery too once every book is refunded. 'cancel' (before shipping) refunds
 * everything left and cancels the order.
 */
const reason = v.pipe(
  v.string('A reason is required.'),
  v.trim(),
  v.nonEmpty('A reason is required.'),
  v.maxLength(500, 'A reason has at most 500 characters.'),
);
const requestKey = v.pipe(
  v.string('requestKey is required.'),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'requestKey is 16-64 letters, digits, - or _.'),
);
const itemId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'An item id is 16-64 letters, digits, - or _.'),
);

export const REFUND_SCOPES = ['items', 'full', 'cancel'] as const;
export type RefundScope = (typeof REFUND_SCOPES)[number];

export const RefundRequestSchema = v.variant(
  'scope',
  [
    v.object({
      scope: v.literal('items'),
      itemIds: v.pipe(
        v.array(itemId, 'Choose the books to refund.'),
        v.minLength(1, 'Choose the books to refund.'),
        v.maxLength(50, 'At most 50 books.'),
      ),
      reason,
      requestKey,
    }),
    v.object({ scope: v.literal('full'), reason, requestKey }),
    v.object({ scope: v.literal('cancel'), reason, requestKey }),
  ],
  `scope must be one of ${REFUND_SCOPES.join(', ')}.`,
);
export type RefundRequest = v.InferOutput<typeof RefundRequestSchema>;

/**
 * pending: asked of the provider (or its answer was lost: being checked against the payment within
 * minutes; its books stay taken); awaiting_transfer: an open-banking payment's refund, recorded
 * at the provider, which moves no money: the owner transfers it and confirms (the parent is told
 * then); succeeded; failed (nothing was refunded).
 */
export const RefundStatuses = ['pending', 'awaiting_transfer', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof RefundStatuses)[number];

/** An invoice or credit note of an order, as a download. */
export interface OrderDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  totalMinor: number;
  issuedAt: string;
  url: string;
}

export interface AdminRefund {
  id: number;
  status: RefundStatus;
  amountMinor: number;
  currencyCode: CurrencyCode;
  itemIds: string[];
  delivery: boolean;
  cancel: boolean;
  reason: string;
  /** Who asked for it (the staff member's address). */
  staffEmail: string;
  /** Why the provider refused, for a failed refund; why it is still being checked, for a pending one whose answer was lost. */
  error: string | null;
  createdAt: string;
  completedAt: string | null;
  creditNote: string | null;
}

/** The money side of an order in the back office. */
export interface AdminOrderMoney {
  /** Paid back so far (succeeded refunds). */
  refundedMinor: number;
  /** What a full refund would pay back now. */
  refundableMinor: number;
  /** The books that can still be refunded. */
  refundableItemIds: string[];
  /** What each book would refund (its price less its share of the discount). */
  itemRefundMinor: Record<string, number>;
  /** The refund that can be asked now ('cancel' only before shipping), by the owner. */
  refundScopes: RefundScope[];
  refunds: AdminRefund[];
  documents: OrderDocument[];
}

/** What a refund would pay back, before it is asked for (the back office's confirmation). */
export interface AdminRefundPreview {
  amountMinor: number;
  currencyCode: CurrencyCode;
  /** The books it pays back (snapshot item ids). */
  itemIds: string[];
  /** The delivery goes back too (nothing of the order is left after it). */
  delivery: boolean;
  /** The order is cancelled with it. */
  cancel: boolean;
  /** Each book's amount (itemId) and the delivery's (itemId null). */
  lines: { itemId: string | null; amountMinor: number }[];
  /**
   * Its books whose print files were already handed to the printer (the print zip, a download,
   * the order in production), with when (ISO time): refunding them alerts the owner, and the
   * printer must be told.
   */
  handedOn: { itemId: string; at: string }[];
}
