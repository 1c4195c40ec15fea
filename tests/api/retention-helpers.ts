import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { formatRanking, SURVEY_QUESTIONS } from '#contract/subscriptions.ts';
import { deliveryPayload, initiate, readyOrder, sandboxPress, verify } from './checkout-helpers.ts';
import type { TestApp } from './helpers.ts';
import { mailsTo, tokenFrom, type Send } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

/** What a parent's order is made of: their address and their child's name. */
export interface Parent {
  email: string;
  child: string;
}

function orderFor(parent: Parent) {
  return {
    overrides: {
      child: { ...savePayload().child, name: parent.child },
      dedication: `For ${parent.child}, who never gives up.`,
    },
    delivery: deliveryPayload({
      contactInfo: { email: parent.email, phone: '+371 2000 0000', subscribe: false },
    }),
  };
}

/** An order with delivery details saved, never paid. */
export async function unpaidOrder(t: TestApp, parent: Parent): Promise<string> {
  return readyOrder(t, orderFor(parent));
}

/** An order paid on the sandbox page, its jobs (print files, confirmation mail) run. */
export async function paidOrder(t: TestApp, parent: Parent): Promise<string> {
  const orderId = await readyOrder(t, orderFor(parent));
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

/** Moves a paid order to `status` at `at`, as if every step of it had happened then. */
export async function endOrder(
  t: TestApp,
  orderId: string,
  status: 'delivered' | 'cancelled',
  at: Date,
): Promise<void> {
  const db = t.database.db;
  await db.execute(sql`update orders set status = ${status} where id = ${orderId}`);
  await db.execute(
    sql`update order_status_history set created_at = ${at} where order_id = ${orderId}`,
  );
  await db.execute(
    sql`insert into order_status_history (order_id, from_status, to_status, actor, created_at) values (${orderId}, 'paid', ${status}, 'system', ${at})`,
  );
}

/** Makes an unpaid order look last touched at `at`. */
export async function idleSince(t: TestApp, orderId: string, at: Date): Promise<void> {
  const db = t.database.db;
  await db.execute(sql`update orders set created_at = ${at} where id = ${orderId}`);
  await db.execute(sql`update order_items set updated_at = ${at} where order_id = ${orderId}`);
  await db.execute(sql`update delivery_details set updated_at = ${at} where order_id = ${orderId}`);
}

/** A newsletter sign-up through the API; confirmed when asked. Answers the browser's SubscriberId. */
export async function signUp(
  t: TestApp,
  send: Send,
  email: string,
  confirm: boolean,
): Promise<string> {
  const res = await send('/api/Subscriptions', { json: { email, preferredLanguage: 'lv' } });
  expect(res.status).toBe(200);
  const id = (await res.json()) as string;
  if (confirm) {
    const mails = await mailsTo(t.database, email);
    expect(
      (
        await send(
          `/api/subscriptions/confirm/${tokenFrom(mails.at(-1)!.text, 'confirm-subscription')}`,
        )
      ).status,
    ).toBe(200);
  }
  return id;
}

/** The survey answered for a sign-up. */
export async function answerSurvey(send: Send, subscriberId: string, first: string): Promise<void> {
  const texts = [
    first,
    'up to 10',
    'engaging',
    'fantasy',
    'very important',
    formatRanking(SURVEY_QUESTIONS[5].options),
  ];
  const res = await send('/api/QuestionnaireResponses', {
    json: {
      QuestionnaireId: 1,
      SubscriberId: subscriberId,
      Responses: texts.map((text, i) => ({ QuestionId: i + 1, ResponseText: text })),
    },
  });
  expect(res.status).toBe(200);
}

/** Sends the contact form. */
export async function contact(
  send: Send,
  name: string,
  email: string,
  message: string,
): Promise<void> {
  expect(
    (await send('/api/contact', { json: { from_name: name, email, message, language: 'lv' } }))
      .status,
  ).toBe(200);
}

/** Sets a table's `created_at` for rows matching a condition. */
export async function backdate(
  t: TestApp,
  table: 'subscribers' | 'signups' | 'contact_messages' | 'outbox_mail',
  where: ReturnType<typeof sql>,
  at: Date,
) {
  await t.database.db.execute(
    sql`update ${sql.identifier(table)} set created_at = ${at} where ${where}`,
  );
}

export async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
