/**
 * A print-on-demand partner, as the shop uses one (issue #47), shaped like the payment providers
 * (services/payment/provider.ts): submit a paid order's books (their files by signed, expiring
 * links the partner fetches), read a job's state, cancel it, and verify and read its webhooks.
 * Implementations: the built-in sandbox printer (sandbox-printer.ts) and Lulu's Print API
 * (lulu.ts). PRINT_PARTNER=manual has none: staff hand the zip on by hand.
 */

/** One book of a submission: what the partner prints, and where it fetches the files. */
export interface PartnerBook {
  /** Ours: the snapshot item's id (Lulu's line item external_id). */
  itemId: string;
  /** What the printer's operators see: the order number and the child's first name. */
  title: string;
  binding: 'hardcover' | 'softcover';
  /** Interior pages (docs/print-spec.md: 42 hardcover, 46 softcover). */
  pageCount: number;
  quantity: number;
  /** The trim of a page and the bleed round it, in mm (book/types.ts; docs/print-spec.md). */
  trimMm: { width: number; height: number };
  bleedMm: number;
  /** Full colour (every book of ours is). */
  colour: 'full';
  /** https links the partner fetches (signed, expiring: routes/print-file-links.ts). */
  interiorUrl: string;
  coverUrl: string;
  /** A hardcover's printed endpapers (its first and last story spreads), when the book has them. */
  endpapersUrl?: string | undefined;
}

/** Where the parcel goes (the paid snapshot's shipping address). */
export interface PartnerAddress {
  name: string;
  street1: string;
  street2?: string | undefined;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** ISO 3166-2 subdivision without the country (CA for US-CA), when the country has one. */
  stateCode?: string | undefined;
  phone: string;
  email: string;
}

export interface PrintSubmission {
  /** Ours, shown at the partner: the order number. */
  reference: string;
  /** Recorded before the call and sent with every retry: the partner makes one job for it. */
  idempotencyKey: string;
  books: PartnerBook[];
  shipping: PartnerAddress;
  /** The partner's shipping level (Lulu: MAIL, PRIORITY_MAIL, GROUND, EXPEDITED, EXPRESS). */
  shippingLevel: string;
}

/**
 * A job's state in the shop's words: `accepted` (taken, not yet printing: Lulu's CREATED, UNPAID,
 * PRODUCTION_DELAYED …, while it can still be cancelled), `in_production`, `shipped`, `delivered`,
 * `cancelled`, `failed` (refused or an error at the partner: the owner decides).
 */
export type PartnerStage =
  'accepted' | 'in_production' | 'shipped' | 'delivered' | 'cancelled' | 'failed';

export interface PartnerJob {
  /** The partner's id of the job. */
  reference: string;
  stage: PartnerStage;
  /** The partner's own word (kept for the back office). */
  status: string;
  /** What the partner said with a refusal or an error. */
  message?: string | undefined;
  trackingNumber?: string | undefined;
  /** An https link to the carrier's tracking. */
  trackingUrl?: string | undefined;
}

/**
 * kind 'unavailable': not reached, timed out, 5xx, an unreadable answer (retry later);
 * 'refused': the partner understood and refused (4xx; a file its product cannot take).
 */
export class PrintPartnerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly kind: 'unavailable' | 'refused' = 'unavailable',
  ) {
    super(message);
    this.name = 'PrintPartnerError';
  }
}

export interface PrintPartner {
  readonly name: 'sandbox' | 'lulu';
  /** The partner's name for people (the back office): 'Sandbox printer', 'Lulu'. */
  readonly label: string;
  /**
   * Hands the books on. The same idempotency key again answers the job made the first time,
   * never a second one.
   */
  submit(submission: PrintSubmission): Promise<PartnerJob>;
  /** The job's state now, read from the partner. */
  status(reference: string): Promise<PartnerJob>;
  /**
   * Cancels the job where the partner still can; answers its state after (a job already in
   * production stays so: the caller tells the owner). Never throws for "already final".
   */
  cancel(reference: string): Promise<PartnerJob>;
  /**
   * A webhook's job reference, when its signature is the partner's; null when it is not (the
   * route answers 401). The state itself is read again with status(): a webhook only says when.
   */
  readWebhook(headers: Headers, rawBody: string): { reference: string } | null;
}

/** Files a partner cannot print as they are, in words for the owner; empty when it can. */
export type FileProblems = string[];
