import { asc } from 'drizzle-orm';
import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import type { MessagingOptions } from '#server/services/contact/messaging.ts';

export const PUBLIC_URL = 'http://localhost:3000';

/** Limits high enough that a test file never meets them (the flood tests set their own). */
export const ROOMY_LIMITS = {
  subscriptions: { limit: 10_000, windowMs: 60_000 },
  links: { limit: 10_000, windowMs: 60_000 },
  questionnaire: { limit: 10_000, windowMs: 60_000 },
  contact: { limit: 10_000, windowMs: 60_000 },
};

export type Send = (
  path: string,
  init?: RequestInit & { json?: unknown; body?: string },
) => Promise<Response>;

/** Another app on the same database with its own messaging options (clock, limits, mailer). */
export function appWith(database: Database, messaging: MessagingOptions = {}): Send {
  const app = createApp({
    database,
    client: null,
    publicUrl: PUBLIC_URL,
    messaging: { rateLimits: ROOMY_LIMITS, ...messaging },
  });
  return async (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    return app.request(path, {
      method: 'POST',
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-03-01T10:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export async function outbox(database: Database) {
  return database.db.select().from(outboxMail).orderBy(asc(outboxMail.id));
}

/** The mails to one address, oldest first. */
export async function mailsTo(database: Database, address: string) {
  return (await outbox(database)).filter((mail) => mail.to === address);
}

/** The token at the end of a link like `${PUBLIC_URL}/confirm-subscription/{token}` in a text. */
export function tokenFrom(text: string, route: 'confirm-subscription' | 'unsubscribe'): string {
  const match = new RegExp(`${PUBLIC_URL}/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No ${route} link in:\n${text}`);
  return match[1];
}
