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
  | 'previewRenders';
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
};

/**
 * The limits in force: the defaults, then `overrides`, every limit multiplied by `scale`
 * (RATE_LIMIT_SCALE: the end-to-end tests are one client doing the work of many parents).
 */
export function resolveRateLimits(overrides: Partial<RateLimits> = {}, scale = 1): RateLimits {
  const merged = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).map(([name, rule]) => [name, { ...rule, name, limit: Math.ceil(rule.limit * scale) }]),
  ) as RateLimits;
}
