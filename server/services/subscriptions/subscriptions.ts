import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Language } from '#contract/markets.ts';
import { emailKey } from '#contract/email.ts';
import { QUESTIONNAIRE_ID } from '#contract/subscriptions.ts';
import { questionnaireResponses, signups, subscribers } from '#server/db/schema/shop.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { Mailer } from '#server/platform/mail/mailer.ts';
import { signupStillHeld } from '#server/services/retention/erasure-fence.ts';
import { subscriptionConfirmationMail } from '#server/services/mail/templates.ts';

/** What the newsletter needs: the database, the mailer, the shop's address for the links, the clock. */
export interface SubscriptionDeps {
  db: Db;
  mailer: Mailer;
  /** The shop's public address without a trailing slash. */
  publicUrl: string;
  now: () => Date;
}

/** The confirmation mail goes out again at most once in this time. */
const CONFIRMATION_RESEND_MS = 10 * 60_000;

/** 18 random bytes as base64url: 24 characters, 144 bits. */
function randomToken(): string {
  return randomBytes(18).toString('base64url');
}

interface SubscribeResult {
  /** This sign-up's id (the browser's SubscriberId): fresh for every request. */
  subscriberId: string;
  /** true when a confirmation mail was sent for this request. */
  mailed: boolean;
}

/**
 * Records a sign-up and answers its own fresh id, which is the only key the survey accepts: an id
 * is never found from an address. The subscriber (one per address, case-insensitive) is added when
 * new; an existing one is left as it is, pending or not, until a confirmation link is used. The
 * confirmation mail, in this request's language with this sign-up's link, goes out unless one went
 * out less than 10 minutes ago or the address is confirmed.
 *
 * The sign-up is written in one transaction; `fence` (the delivery form's box, asked for by the
 * order's confirmation job: retention/erasure-fence.ts stillSubscribing) is checked in it first,
 * and nothing is written when it fails (answered undefined): an erasure since wins. The mail is
 * stored only while its sign-up still exists.
 */
export async function subscribe(
  m: SubscriptionDeps,
  input: { email: string; preferredLanguage: Language },
): Promise<SubscribeResult>;
export async function subscribe(
  m: SubscriptionDeps,
  input: { email: string; preferredLanguage: Language },
  options: { fence: (tx: Tx) => Promise<boolean> },
): Promise<SubscribeResult | undefined>;
export async function subscribe(
  m: SubscriptionDeps,
  input: { email: string; preferredLanguage: Language },
  options: { fence?: (tx: Tx) => Promise<boolean> } = {},
): Promise<SubscribeResult | undefined> {
  const now = m.now();
  const key = emailKey(input.email);
  const written = await m.db.transaction(async (tx) => {
    if (options.fence && !(await options.fence(tx))) return undefined;
    await tx
      .insert(subscribers)
      .values({
        id: randomToken(),
        email: input.email.trim(),
        emailKey: key,
        preferredLanguage: input.preferredLanguage,
        unsubscribeToken: randomToken(),
        createdAt: now,
      })
      .onConflictDoNothing({ target: subscribers.emailKey });
    const [subscriber] = await tx.select().from(subscribers).where(eq(subscribers.emailKey, key));
    if (!subscriber) throw new Error('The subscriber could not be stored.');
    const [signup] = await tx
      .insert(signups)
      .values({
        id: randomToken(),
        subscriberId: subscriber.id,
        preferredLanguage: input.preferredLanguage,
        confirmToken: randomToken(),
        createdAt: now,
      })
      .returning();
    if (!signup) throw new Error('The sign-up could not be stored.');
    if (subscriber.confirmedAt && !subscriber.unsubscribedAt) return { signup, mail: undefined };
    // Claim the mail, so that concurrent requests send it once.
    const [mail] = await tx
      .update(subscribers)
      .set({ confirmationMailAt: now })
      .where(
        and(
          eq(subscribers.id, subscriber.id),
          or(isNull(subscribers.confirmedAt), isNotNull(subscribers.unsubscribedAt)),
          or(
            isNull(subscribers.confirmationMailAt),
            lte(subscribers.confirmationMailAt, new Date(now.getTime() - CONFIRMATION_RESEND_MS)),
          ),
        ),
      )
      .returning();
    return { signup, mail };
  });
  if (!written) return undefined;
  const { signup, mail } = written;
  if (!mail) return { subscriberId: signup.id, mailed: false };

  const content = subscriptionConfirmationMail(input.preferredLanguage, {
    confirmUrl: `${m.publicUrl}/confirm-subscription/${signup.confirmToken}`,
    unsubscribeUrl: `${m.publicUrl}/unsubscribe/${mail.unsubscribeToken}`,
  });
  const sent = await m.mailer.send(
    { to: mail.email, ...content },
    { fence: (tx) => signupStillHeld(tx, signup.id) },
  );
  return { subscriberId: signup.id, mailed: sent.id !== null };
}

type ConfirmResult = 'confirmed' | 'unsubscribed' | 'not-found';

/**
 * Confirms by the token of a sign-up's mail, in that sign-up's language; confirming twice is fine.
 * A link older than the latest unsubscribe stays refused; a newer sign-up's link subscribes again.
 */
export async function confirmSubscription(
  m: Pick<SubscriptionDeps, 'db' | 'now'>,
  token: string,
): Promise<ConfirmResult> {
  const [row] = await m.db
    .select({
      subscriberId: signups.subscriberId,
      language: signups.preferredLanguage,
      signedUpAt: signups.createdAt,
      confirmedAt: subscribers.confirmedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
    })
    .from(signups)
    .innerJoin(subscribers, eq(subscribers.id, signups.subscriberId))
    .where(eq(signups.confirmToken, token));
  if (!row) return 'not-found';
  if (row.unsubscribedAt && row.unsubscribedAt >= row.signedUpAt) return 'unsubscribed';
  if (!row.confirmedAt || row.unsubscribedAt) {
    await m.db
      .update(subscribers)
      .set({ confirmedAt: m.now(), unsubscribedAt: null, preferredLanguage: row.language })
      .where(
        and(
          eq(subscribers.id, row.subscriberId),
          or(isNull(subscribers.confirmedAt), isNotNull(subscribers.unsubscribedAt)),
        ),
      );
  }
  return 'confirmed';
}

/** Unsubscribes by the token of the mail; unsubscribing twice is fine. */
export async function unsubscribe(
  m: Pick<SubscriptionDeps, 'db' | 'now'>,
  token: string,
): Promise<'unsubscribed' | 'not-found'> {
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
 * Stores the survey answers of one sign-up (by its id, the browser's SubscriberId), replacing an earlier submission in one transaction.
 * Blank answers (question 6 left alone) are not stored.
 */
export async function saveQuestionnaire(
  m: Pick<SubscriptionDeps, 'db' | 'now'>,
  input: { subscriberId: string; responses: { QuestionId: number; ResponseText: string }[] },
): Promise<'saved' | 'unknown-subscriber'> {
  const now = m.now();
  return m.db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ id: signups.id })
      .from(signups)
      .where(eq(signups.id, input.subscriberId))
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
