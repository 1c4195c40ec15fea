import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Language } from '#contract/markets.ts';
import { QUESTIONNAIRE_ID } from '#contract/subscriptions.ts';
import { questionnaireResponses, subscribers } from '../db/schema.ts';
import { subscriptionConfirmationMail } from './mail/templates.ts';
import type { Messaging } from './messaging.ts';

/** The confirmation mail goes out again at most once in this time. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

/** 18 random bytes as base64url: 24 characters, 144 bits. */
export function randomToken(): string {
  return randomBytes(18).toString('base64url');
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export interface SubscribeResult {
  subscriberId: string;
  /** true when a confirmation mail was sent for this request. */
  mailed: boolean;
}

/**
 * Adds a pending subscriber, or finds the one with this address (case-insensitive), and sends
 * the confirmation mail unless one went out less than 10 minutes ago or the address is already
 * confirmed. Unsubscribed addresses become pending again.
 */
export async function subscribe(
  m: Messaging,
  input: { email: string; preferredLanguage: Language },
): Promise<SubscribeResult> {
  const { db } = m;
  const now = m.now();
  const key = emailKey(input.email);
  await db
    .insert(subscribers)
    .values({
      id: randomToken(),
      email: input.email.trim(),
      emailKey: key,
      preferredLanguage: input.preferredLanguage,
      confirmToken: randomToken(),
      unsubscribeToken: randomToken(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: subscribers.emailKey });
  const [subscriber] = await db.select().from(subscribers).where(eq(subscribers.emailKey, key));
  if (!subscriber) throw new Error('The subscriber could not be stored.');

  if (subscriber.confirmedAt && !subscriber.unsubscribedAt) {
    return { subscriberId: subscriber.id, mailed: false };
  }
  // Pending (or back from unsubscribed): the latest language wins; claim the mail so that
  // concurrent requests send it once.
  const [pending] = await db
    .update(subscribers)
    .set({ preferredLanguage: input.preferredLanguage, unsubscribedAt: null, confirmedAt: null })
    .where(
      and(
        eq(subscribers.id, subscriber.id),
        or(isNull(subscribers.confirmedAt), isNotNull(subscribers.unsubscribedAt)),
      ),
    )
    .returning({ id: subscribers.id });
  if (!pending) return { subscriberId: subscriber.id, mailed: false }; // confirmed meanwhile
  const [mail] = await db
    .update(subscribers)
    .set({ confirmationMailAt: now })
    .where(
      and(
        eq(subscribers.id, subscriber.id),
        isNull(subscribers.confirmedAt),
        or(
          isNull(subscribers.confirmationMailAt),
          lte(subscribers.confirmationMailAt, new Date(now.getTime() - CONFIRMATION_RESEND_MS)),
        ),
      ),
    )
    .returning();
  if (!mail) return { subscriberId: subscriber.id, mailed: false };

  const content = subscriptionConfirmationMail(input.preferredLanguage, {
    confirmUrl: `${m.publicUrl}/confirm-subscription/${mail.confirmToken}`,
    unsubscribeUrl: `${m.publicUrl}/unsubscribe/${mail.unsubscribeToken}`,
  });
  await m.mailer.send({ to: mail.email, ...content });
  return { subscriberId: subscriber.id, mailed: true };
}

export type ConfirmResult = 'confirmed' | 'unsubscribed' | 'not-found';

/** Confirms by the token of the mail; confirming twice is fine. An unsubscribed address stays out. */
export async function confirmSubscription(m: Messaging, token: string): Promise<ConfirmResult> {
  const [row] = await m.db
    .select({ confirmedAt: subscribers.confirmedAt, unsubscribedAt: subscribers.unsubscribedAt })
    .from(subscribers)
    .where(eq(subscribers.confirmToken, token));
  if (!row) return 'not-found';
  if (row.unsubscribedAt) return 'unsubscribed';
  if (!row.confirmedAt) {
    await m.db
      .update(subscribers)
      .set({ confirmedAt: m.now() })
      .where(and(eq(subscribers.confirmToken, token), isNull(subscribers.confirmedAt)));
  }
  return 'confirmed';
}

/** Unsubscribes by the token of the mail; unsubscribing twice is fine. */
export async function unsubscribe(m: Messaging, token: string): Promise<'unsubscribed' | 'not-found'> {
  const [row] = await m.db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, token));
  if (!row) return 'not-found';
  await m.db
    .update(subscribers)
    .set({ unsubscribedAt: m.now() })
    .where(and(eq(subscribers.id, row.id), isNull(subscribers.unsubscribedAt)));
  return 'unsubscribed';
}

/**
 * Stores the survey answers of a subscriber, replacing an earlier submission in one transaction.
 * Blank answers (question 6 left alone) are not stored.
 */
export async function saveQuestionnaire(
  m: Messaging,
  input: { subscriberId: string; responses: { QuestionId: number; ResponseText: string }[] },
): Promise<'saved' | 'unknown-subscriber'> {
  const now = m.now();
  return m.db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.id, input.subscriberId))
      .for('update');
    if (!subscriber) return 'unknown-subscriber';
    await tx
      .delete(questionnaireResponses)
      .where(
        and(
          eq(questionnaireResponses.subscriberId, subscriber.id),
          eq(questionnaireResponses.questionnaireId, QUESTIONNAIRE_ID),
        ),
      );
    const rows = input.responses
      .filter((r) => r.ResponseText !== '')
      .map((r) => ({
        subscriberId: subscriber.id,
        questionnaireId: QUESTIONNAIRE_ID,
        questionId: r.QuestionId,
        responseText: r.ResponseText,
        submittedAt: now,
      }));
    if (rows.length > 0) await tx.insert(questionnaireResponses).values(rows);
    return 'saved';
  });
}
