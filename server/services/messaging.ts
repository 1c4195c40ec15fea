import type { Db } from '../db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { resolveRateLimits, type RateLimits } from './rate-limits.ts';

export const DEFAULT_SHOP_EMAIL = 'hello@storymade.eu';

/**
 * What the newsletter, survey and contact routes need, and the per-client limits (with their clock
 * and proxy setting) that the order and preview routes share; every field has a default.
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

export interface Messaging {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  shopEmail: string;
  devOutbox: boolean;
  trustProxy: boolean;
  rateLimits: RateLimits;
  now: () => Date;
}

export function resolveMessaging(db: Db, publicUrl: string, options: MessagingOptions = {}): Messaging {
  const shopEmail = options.shopEmail ?? DEFAULT_SHOP_EMAIL;
  return {
    db,
    mailer: options.mailer ?? createMailer({ db, from: { name: 'Storymade', address: shopEmail } }),
    publicUrl: publicUrl.replace(/\/$/, ''),
    shopEmail,
    devOutbox: options.devOutbox ?? false,
    trustProxy: options.trustProxy ?? false,
    rateLimits: resolveRateLimits(options.rateLimits, options.rateLimitScale),
    now: options.now ?? (() => new Date()),
  };
}
