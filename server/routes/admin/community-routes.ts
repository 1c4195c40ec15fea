import { Hono, type Context } from 'hono';
import { recordAudit } from '#server/services/audit/audit-log.ts';
import {
  MessageIdParamsSchema,
  MessagesQuerySchema,
  MessageUpdateRequestSchema,
  SubscribersQuerySchema,
} from '#contract/admin.ts';
import type { Db } from '#server/db/client.ts';
import {
  confirmedSubscribersCsv,
  listMessages,
  listSubscribers,
  setMessageHandled,
  surveyResults,
} from '#server/services/admin/community.ts';
import { answerQuery, notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

/** Owners only: subscribers (with the CSV of the confirmed ones) and the survey results. */
export function communityRoutes(db: Db, now: () => Date) {
  return new Hono<AdminEnv>()
    .get(
      '/subscribers',
      adminDocs['GET /subscribers'],
      answerQuery(SubscribersQuerySchema, async (query, c: Context<AdminEnv>) => {
        const list = await listSubscribers(db, query);
        await recordAudit(
          db,
          actorOf(c),
          {
            action: 'subscribers.list',
            targetType: 'subscribers',
            after: { ...query, rows: list.rows.length },
          },
          now(),
        );
        return list;
      }),
    )
    .get('/subscribers/confirmed.csv', adminDocs['GET /subscribers/confirmed.csv'], async (c) => {
      const { csv } = await confirmedSubscribersCsv(db, actorOf(c), now());
      const day = now().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="storymade-subscribers-${day}.csv"`,
      });
    })
    .get('/survey', adminDocs['GET /survey'], async (c) => {
      const results = await surveyResults(db);
      await recordAudit(db, actorOf(c), { action: 'survey.view', targetType: 'survey' }, now());
      return c.json(results);
    });
}

/** Owners and staff: the contact messages inbox. */
export function messageRoutes(db: Db, now: () => Date) {
  return new Hono<AdminEnv>()
    .get(
      '/messages',
      adminDocs['GET /messages'],
      answerQuery(MessagesQuerySchema, async (query, c: Context<AdminEnv>) => {
        const list = await listMessages(db, query);
        await recordAudit(
          db,
          actorOf(c),
          {
            action: 'messages.list',
            targetType: 'contact_messages',
            after: { ...query, rows: list.rows.length },
          },
          now(),
        );
        return list;
      }),
    )
    .patch('/messages/:messageId', adminDocs['PATCH /messages/:messageId'], async (c) => {
      const params = parseParams(c, MessageIdParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const body = await parseJson(c, MessageUpdateRequestSchema);
      if (!body.ok) return body.response;
      const found = await setMessageHandled(
        db,
        actorOf(c),
        params.value.messageId,
        body.value.handled,
        now(),
      );
      if (!found) return notFound(c, 'No such message.');
      return c.json({ id: params.value.messageId, handled: body.value.handled });
    });
}
