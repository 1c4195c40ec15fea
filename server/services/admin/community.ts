import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  ContactMessageRow,
  MessagesResponse,
  MessageState,
  SubscriberRow,
  SubscribersResponse,
  SubscriberState,
  SurveyResults,
} from '#contract/admin.ts';
import type { Language } from '#contract/markets.ts';
import {
  parseRanking,
  QUESTIONNAIRE_ID,
  RANKING_QUESTION_ID,
  SURVEY_QUESTIONS,
} from '#contract/subscriptions.ts';
import type { Db } from '#server/db/client.ts';
import { staff } from '#server/db/schema/staff.ts';
import { contactMessages, questionnaireResponses, subscribers } from '#server/db/schema/shop.ts';
import { recordAudit, type Actor } from '#server/services/audit/audit-log.ts';

const COMMUNITY_PAGE_SIZE = 50;

const subscriberState = sql<SubscriberState>`case when ${subscribers.unsubscribedAt} is not null then 'unsubscribed' when ${subscribers.confirmedAt} is not null then 'confirmed' else 'pending' end`;

/** Subscribers by state and language, and one page of them (newest first). */
export async function listSubscribers(
  db: Db,
  query: { state?: SubscriberState | undefined; language?: Language | undefined; page: number },
): Promise<SubscribersResponse> {
  const filters: SQL[] = [];
  if (query.state) filters.push(sql`${subscriberState} = ${query.state}`);
  if (query.language) filters.push(eq(subscribers.preferredLanguage, query.language));
  const where = filters.length ? and(...filters) : undefined;
  const [counts, rows, [total]] = await Promise.all([
    db
      .select({ state: subscriberState, language: subscribers.preferredLanguage, count: count() })
      .from(subscribers)
      .groupBy(subscriberState, subscribers.preferredLanguage),
    db
      .select({ subscriber: subscribers, state: subscriberState })
      .from(subscribers)
      .where(where)
      .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
      .limit(COMMUNITY_PAGE_SIZE)
      .offset((query.page - 1) * COMMUNITY_PAGE_SIZE),
    db.select({ n: count() }).from(subscribers).where(where),
  ]);
  return {
    counts: counts.map((row) => ({
      state: row.state,
      language: row.language as Language,
      count: Number(row.count),
    })),
    rows: rows.map(({ subscriber, state }): SubscriberRow => ({
      email: subscriber.email,
      language: subscriber.preferredLanguage as Language,
      state,
      createdAt: subscriber.createdAt.toISOString(),
      confirmedAt: subscriber.confirmedAt?.toISOString() ?? null,
      unsubscribedAt: subscriber.unsubscribedAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize: COMMUNITY_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}

/** A CSV cell: quoted, and a leading = + - @ made harmless for spreadsheets (formula injection). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The confirmed subscribers (never the pending or unsubscribed ones) as CSV, oldest first. */
export async function confirmedSubscribersCsv(
  db: Db,
  actor: Actor,
  at: Date,
): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select({
      email: subscribers.email,
      language: subscribers.preferredLanguage,
      confirmedAt: subscribers.confirmedAt,
    })
    .from(subscribers)
    .where(and(isNotNull(subscribers.confirmedAt), isNull(subscribers.unsubscribedAt)))
    .orderBy(subscribers.confirmedAt, subscribers.id);
  const lines = [
    'email,language,confirmed_at',
    ...rows.map((row) =>
      [row.email, row.language, row.confirmedAt!.toISOString()].map(csvCell).join(','),
    ),
  ];
  await recordAudit(
    db,
    actor,
    { action: 'subscribers.export', targetType: 'subscribers', after: { rows: rows.length } },
    at,
  );
  return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
}

/** Survey answers: per option for questions 1-5 (question 3 takes several), average rank for 6. */
export async function surveyResults(db: Db): Promise<SurveyResults> {
  const rows = await db
    .select({
      subscriberId: questionnaireResponses.subscriberId,
      questionId: questionnaireResponses.questionId,
      text: questionnaireResponses.responseText,
    })
    .from(questionnaireResponses)
    .where(eq(questionnaireResponses.questionnaireId, QUESTIONNAIRE_ID));
  const byQuestion = new Map<number, string[]>();
  for (const row of rows)
    if (row.text.trim() !== '')
      (
        byQuestion.get(row.questionId) ?? byQuestion.set(row.questionId, []).get(row.questionId)!
      ).push(row.text);
  const questions = SURVEY_QUESTIONS.filter((q) => q.id !== RANKING_QUESTION_ID).map((question) => {
    const answers = byQuestion.get(question.id) ?? [];
    const tally = new Map<string, number>(question.options.map((option) => [option, 0]));
    for (const answer of answers) {
      for (const part of answer.split(',').map((p) => p.trim())) {
        const key = tally.has(part) ? part : 'other';
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    }
    return {
      id: question.id,
      name: question.name,
      answered: answers.length,
      options: [...tally].map(([option, n]) => ({ option, count: n })),
    };
  });
  const ranking = SURVEY_QUESTIONS.find((q) => q.id === RANKING_QUESTION_ID)!;
  const rankings = (byQuestion.get(ranking.id) ?? [])
    .map(parseRanking)
    .filter((r): r is string[] => r !== undefined);
  return {
    responses: new Set(rows.map((row) => row.subscriberId)).size,
    questions,
    ranking: {
      id: ranking.id,
      name: ranking.name,
      answered: rankings.length,
      options: ranking.options.map((option) => {
        const ranks = rankings.map((r) => r.indexOf(option) + 1).filter((rank) => rank > 0);
        const average = ranks.length
          ? ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length
          : null;
        return { option, averageRank: average === null ? null : Math.round(average * 100) / 100 };
      }),
    },
  };
}

/** The contact messages inbox: open or handled, newest first. */
export async function listMessages(
  db: Db,
  query: { state: MessageState; page: number },
): Promise<MessagesResponse> {
  const where =
    query.state === 'open'
      ? isNull(contactMessages.handledAt)
      : isNotNull(contactMessages.handledAt);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ message: contactMessages, handledBy: staff.email })
      .from(contactMessages)
      .leftJoin(staff, eq(staff.id, contactMessages.handledBy))
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(COMMUNITY_PAGE_SIZE)
      .offset((query.page - 1) * COMMUNITY_PAGE_SIZE),
    db
      .select({
        open: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)`.mapWith(
          Number,
        ),
        handled:
          sql<number>`count(*) filter (where ${contactMessages.handledAt} is not null)`.mapWith(
            Number,
          ),
      })
      .from(contactMessages),
  ]);
  const open = totals?.open ?? 0;
  const handled = totals?.handled ?? 0;
  return {
    rows: rows.map(({ message, handledBy }): ContactMessageRow => ({
      id: message.id,
      fromName: message.fromName,
      email: message.email,
      message: message.message,
      language: message.language as Language | null,
      createdAt: message.createdAt.toISOString(),
      handledAt: message.handledAt?.toISOString() ?? null,
      handledBy,
    })),
    open,
    handled,
    page: query.page,
    pageSize: COMMUNITY_PAGE_SIZE,
    total: query.state === 'open' ? open : handled,
  };
}

/** Marks a message handled or open again; false when there is no such message. */
export async function setMessageHandled(
  db: Db,
  actor: Actor,
  messageId: number,
  handled: boolean,
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for('update');
    if (!before) return false;
    const handledAt = handled ? (before.handledAt ?? at) : null;
    await tx
      .update(contactMessages)
      .set({ handledAt, handledBy: handled ? (before.handledBy ?? actor.staffId) : null })
      .where(eq(contactMessages.id, messageId));
    await recordAudit(
      tx,
      actor,
      {
        action: handled ? 'message.handled' : 'message.reopened',
        targetType: 'contact_message',
        targetId: messageId,
        before: { handledAt: before.handledAt?.toISOString() ?? null },
        after: { handledAt: handledAt?.toISOString() ?? null },
      },
      at,
    );
    return true;
  });
}
