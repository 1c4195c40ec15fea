import type { Mailer } from '#server/platform/mail/mailer.ts';
import type { RateLimits } from '#server/platform/rate-limits.ts';

export const DEFAULT_SHOP_EMAIL = 'hello@storymade.eu';

/**
 * The app's mail, clock and per-client limit settings (AppOptions.messaging); every field has a
 * default. server/app.ts resolves them and hands each route and service only the pieces it uses.
 */
export interface MessagingOptions {
  /** Default: the outbox table in the database (no mail leaves the server). */
  mailer?: Mailer;
  /** Where contact-form messages go and the sender of every mail (SHOP_EMAIL). */
  shopEmail?: string;
  /** Serve GET /dev/outbox (NODE_ENV=development only). */
  devOutbox?: boolean;
  /** Take the client IP for rate limits from X-Forwarded-For (TRUST_PROXY=1); otherwise the socket. */
  trustProxy?: boolean;
  /** Per-client limits of every route (the forms', the orders', the preview's); default DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimits>;
  /** Multiplies every limit (RATE_LIMIT_SCALE); default 1. */
  rateLimitScale?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}
