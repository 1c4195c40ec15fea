import type { Db } from '../db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

export const DEFAULT_SHOP_EMAIL = 'hello@storymade.eu';

/** A fixed window: at most `limit` requests per client per `windowMs`. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}
export type RateLimitName = 'subscriptions' | 'links' | 'questionnaire' | 'contact';
export type RateLimits = Record<RateLimitName, RateLimitRule>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  subscriptions: { limit: 5, windowMs: 60_000 },
  /** Confirm and unsubscribe links. */
  links: { limit: 30, windowMs: 60_000 },
  questionnaire: { limit: 10, windowMs: 60_000 },
  contact: { limit: 3, windowMs: 60_000 },
};

/** What the newsletter, survey and contact routes need; every field has a default. */
export interface MessagingOptions {
  /** Default: the outbox table in the database (no mail leaves the server). */
  mailer?: Mailer;
  /** Where contact-form messages go and the sender of every mail (SHOP_EMAIL). */
  shopEmail?: string;
  /** Serve GET /dev/outbox (NODE_ENV=development only). */
  devOutbox?: boolean;
  /** Take the client IP for rate limits from X-Forwarded-For (TRUST_PROXY=1); otherwise the socket. */
  trustProxy?: boolean;
  rateLimits?: Partial<RateLimits>;
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
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    now: options.now ?? (() => new Date()),
  };
}
