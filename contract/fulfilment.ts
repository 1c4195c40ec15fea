import * as v from 'valibot';

/**
 * Fulfilment by a print partner (issue #47): who prints the paid books, and the states of an
 * order's hand-off to it, as the back office shows them.
 */

/** PRINT_PARTNER: the built-in sandbox printer (default), Lulu's Print API, or by hand (the zip). */
export const PRINT_PARTNERS = ['sandbox', 'lulu', 'manual'] as const;
export type PrintPartnerName = (typeof PRINT_PARTNERS)[number];

/**
 * Ours, in order: `submitting` (the key is recorded, the partner is being asked), `submitted`
 * (the partner acknowledged it), `in_production`, `shipped`, `delivered`; or `cancelled` (at the
 * partner), `failed` (the partner refused it or could not make it: the owner decides).
 */
export const HANDOFF_STATES = [
  'submitting',
  'submitted',
  'in_production',
  'shipped',
  'delivered',
  'cancelled',
  'failed',
] as const;
export type HandoffState = (typeof HANDOFF_STATES)[number];

/** The hand-offs still followed at the partner (the reconciliation reads each). */
export const OPEN_HANDOFF_STATES: readonly HandoffState[] = [
  'submitting',
  'submitted',
  'in_production',
  'shipped',
];

/** The back office's view of an order's hand-off (GET /api/admin/orders/{orderId}). */
export const AdminHandoffSchema = v.object({
  partner: v.picklist(PRINT_PARTNERS),
  state: v.picklist(HANDOFF_STATES),
  /** The partner's id of the job, once it acknowledged it. */
  partnerReference: v.nullable(v.string()),
  /** The partner's own word for its state (Lulu: IN_PRODUCTION …). */
  partnerStatus: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  trackingUrl: v.nullable(v.string()),
  attempts: v.number(),
  /** ISO 8601. */
  acknowledgedAt: v.nullable(v.string()),
  updatedAt: v.string(),
  /** Whether the owner may hand it on again now (failed or cancelled, order still unshipped). */
  canRetry: v.boolean(),
  /** Whether the owner may cancel it at the partner now (before production). */
  canCancel: v.boolean(),
});
export type AdminHandoff = v.InferOutput<typeof AdminHandoffSchema>;

/** The answer of the back office's print-partner calls (retry, cancel) and of its order page. */
export const AdminPrintStatusSchema = v.object({
  /** The partner configured now; 'manual' hands nothing on. */
  partner: v.picklist(PRINT_PARTNERS),
  /** When the order's change window ends (ISO 8601), null before payment or for nothing printed. */
  holdUntil: v.nullable(v.string()),
  handoff: v.nullable(AdminHandoffSchema),
});
export type AdminPrintStatus = v.InferOutput<typeof AdminPrintStatusSchema>;

/**
 * The time zone the change window's end is shown in, by the order's language (the confirmation
 * mail and the status page say the same time, with the zone's name).
 */
export const PRINT_HOLD_TIME_ZONES = {
  lv: 'Europe/Riga',
  'en-GB': 'Europe/London',
  'en-US': 'America/New_York',
} as const;

/** When the change window ends, in the order's language and zone ('30 November, 08:05 GMT'). */
export function formatPrintHoldUntil(
  language: keyof typeof PRINT_HOLD_TIME_ZONES,
  at: Date,
): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: PRINT_HOLD_TIME_ZONES[language],
    timeZoneName: 'short',
  }).format(at);
}
