/** A fixed window: at most `limit` requests per client per `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
  /** The rule's name in the shared counters (resolveRateLimits sets it). */
  name?: string;
}

type RateLimitName =
  | 'subscriptions'
  | 'links'
  | 'questionnaire'
  | 'contact'
  | 'newOrders'
  | 'orderWrites'
  | 'previewRenders'
  | 'reviews'
  | 'paymentCallbacks'
  | 'paymentChecks';
export type RateLimits = Record<RateLimitName, RateLimitRule>;

const MINUTE = 60_000;

/**
 * Per client (IP, or IPv6 /64). The order and preview limits are set well above what a parent
 * does, so they only stop scripts: a parent makes one order per shop language, saves a book a
 * few times, and a preview costs at most 24 renders (fewer with read-ahead, none when cached).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  subscriptions: { limit: 5, windowMs: MINUTE },
  /** Confirm and unsubscribe links. */
  links: { limit: 30, windowMs: MINUTE },
  questionnaire: { limit: 10, windowMs: MINUTE },
  contact: { limit: 3, windowMs: MINUTE },
  /** POST /api/order: new carts. */
  newOrders: { limit: 20, windowMs: 60 * MINUTE },
  /** Adding, changing and removing books, and coupons. */
  orderWrites: { limit: 300, windowMs: 60 * MINUTE },
  /** Preview images that are neither cached nor already being drawn (each costs a render). */
  previewRenders: { limit: 400, windowMs: 10 * MINUTE },
  /** Review form sends and stop links (a buyer sends one review; this stops scripts). */
  reviews: { limit: 10, windowMs: 10 * MINUTE },
  /**
   * The payment provider's callbacks (each one makes the shop ask the provider): EveryPay calls
   * from a few addresses, a few times a payment; this stops a flood from spending our provider
   * calls. Over it, 429: EveryPay calls again later (its retries: 1 s, 5 min, 1 h, 24 h …).
   */
  paymentCallbacks: { limit: 120, windowMs: MINUTE },
  /** The parent's return from the payment page (verify asks the provider each time). */
  paymentChecks: { limit: 60, windowMs: MINUTE },
};

/**
 * The limits in force: the defaults, then `overrides`, every limit multiplied by `scale`
 * (RATE_LIMIT_SCALE: the end-to-end tests are one client doing the work of many parents).
 */
export function resolveRateLimits(overrides: Partial<RateLimits> = {}, scale = 1): RateLimits {
  const merged = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).map(([name, rule]) => [
      name,
      { ...rule, name, limit: Math.ceil(rule.limit * scale) },
    ]),
  ) as RateLimits;
}

/**
 * The back office's sign-in limits, the same for every account (server/services/staff/sessions.ts).
 * Each attempt is counted, in one upsert that answers the new count, before its password is
 * checked, so concurrent attempts cannot all slip under a limit. A lock is per account AND client
 * address: whoever knows the owner's e-mail can lock only their own address out, never the owner
 * signing in from another. Across all addresses an account has a ceiling that slows rather than
 * refuses: each attempt over it is answered later (a delay growing with the count, capped), so a
 * guesser spread over many addresses is slowed and the owner still gets in.
 */
export interface SignInLimits {
  /** Attempts per client address per window, whatever the account: 429 after. */
  perClient: number;
  /** Attempts per account (e-mail, known or not) from one client address per window: 429 after, for that address only; a success clears it. */
  perAccount: number;
  /** Attempts per account from all addresses per window before each further one is slowed. */
  accountCeiling: number;
  /** The delay added per attempt over the ceiling… */
  slowStepMs: number;
  /** …and the longest one. */
  slowMaxMs: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perClient: 30,
  perAccount: 10,
  accountCeiling: 10,
  slowStepMs: 1000,
  slowMaxMs: 10_000,
  windowMs: 15 * MINUTE,
};

/** How long an attempt whose account count is `count` waits before its password is checked. */
export function signInDelayMs(limits: SignInLimits, count: number): number {
  if (count <= limits.accountCeiling) return 0;
  return Math.min(limits.slowMaxMs, (count - limits.accountCeiling) * limits.slowStepMs);
}
