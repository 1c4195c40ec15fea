import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanLine, hasUnprintable, UNPRINTABLE_MESSAGE } from '#contract/text.ts';
import { contactNotificationMail } from '#server/services/mail/staff-mails.ts';
import { createShopMailer } from '#server/services/notifications/shop-mailer.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { deliveryPayload } from './checkout-helpers.ts';
import { contactMessages, orderItems, questionnaireResponses } from '#server/db/schema/shop.ts';
import { summarizeError } from '#server/middleware/errors.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { appWith, type Send } from './mail-helpers.ts';
import { savePayload } from './orders-helpers.ts';

// One rule for text at the edge (contract/text.ts): control characters in any string of any
// request are a 400 with a field error, and nothing is stored.

let t: TestApp;
let send: Send;
beforeAll(async () => {
  t = await createTestApp();
  send = appWith(t.database);
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: string; fields?: Record<string, string[]> };

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.fields?.[field]).toEqual([UNPRINTABLE_MESSAGE]);
}

describe('control characters', () => {
  it('are refused in the contact message (NUL, the finding), the name and an extra field; nothing is stored', async () => {
    const valid = { from_name: 'Anna', email: 'anna@example.lv', message: 'Hello' };
    await expectRefused(
      await send('/api/contact', { json: { ...valid, message: 'Hi\u0000there' } }),
      'message',
    );
    await expectRefused(
      await send('/api/contact', { json: { ...valid, from_name: 'An\u001bna' } }),
      'from_name',
    );
    await expectRefused(
      await send('/api/contact', { json: { ...valid, message: 'x\u009by' } }),
      'message',
    );
    await expectRefused(
      await send('/api/contact', { json: { ...valid, message: 'half \ud800 a pair' } }),
      'message',
    );
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(0);
    // Line breaks (every kind a dedication counts) and tabs are text.
    expect(
      (
        await send('/api/contact', {
          json: { ...valid, message: 'Line one\r\nline\ttwo\vthree\ffour\u0085five\u2028six' },
        })
      ).status,
    ).toBe(200);
  });

  it('are refused in the survey (SubscriberId and ResponseText with NUL, the finding)', async () => {
    const responses = [1, 2, 3, 4, 5].map((QuestionId) => ({ QuestionId, ResponseText: 'sports' }));
    await expectRefused(
      await send('/api/QuestionnaireResponses', {
        json: { QuestionnaireId: 1, SubscriberId: 'abc\u0000def', Responses: responses },
      }),
      'SubscriberId',
    );
    const broken = responses.map((r, i) => (i === 2 ? { ...r, ResponseText: 'a\u0000b' } : r));
    await expectRefused(
      await send('/api/QuestionnaireResponses', {
        json: { QuestionnaireId: 1, SubscriberId: 'x'.repeat(24), Responses: broken },
      }),
      'Responses.2.ResponseText',
    );
    expect(await t.database.db.select().from(questionnaireResponses)).toHaveLength(0);
  });

  it('are refused deep in a save payload, in object keys and in query parameters', async () => {
    const payload = savePayload();
    const res = await t.request('/api/order', {
      method: 'POST',
      json: {
        ...payload,
        child: {
          ...payload.child,
          personalization: { ...payload.child.personalization, accessories: ['a\u0007'] },
        },
      },
    });
    await expectRefused(res, 'child.personalization.accessories.0');
    await expectRefused(
      await t.request('/api/order', { method: 'POST', json: { ...payload, 'k\u0000': 1 } }),
      'body',
    );
    await expectRefused(
      await t.request('/api/product/coverOptions?country=lv%00'),
      'query.country',
    );
    expect(await t.database.db.select().from(orderItems)).toHaveLength(0);
  });
});

// Issue 31, finding 7: text that reads as it is stored. Direction controls and invisible
// characters no script needs are refused by the same rule, with the same field error.
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const INVISIBLE = [
  '\u200B',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u180E',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
  '\u2061',
  '\u206A',
  '\uFFF9',
  '\u{1BCA0}',
  '\u{E0041}',
];

describe('direction controls and invisible characters', () => {
  it('are refused in the contact name (the finding: Anna<U+202E>gnp.exe) and message; nothing is stored', async () => {
    const valid = { from_name: 'Anna', email: 'anna@example.lv', message: 'Hello' };
    await expectRefused(
      await send('/api/contact', { json: { ...valid, from_name: 'Anna\u202Egnp.exe' } }),
      'from_name',
    );
    for (const ch of [...BIDI, ...INVISIBLE]) {
      await expectRefused(
        await send('/api/contact', { json: { ...valid, from_name: `An${ch}na` } }),
        'from_name',
      );
    }
    await expectRefused(
      await send('/api/contact', { json: { ...valid, message: 'Pay to\u2067 LV00 \u2069 now' } }),
      'message',
    );
    const stored = await t.database.db.select().from(contactMessages);
    expect(stored.flatMap((r) => [r.fromName, r.message]).filter(hasUnprintable)).toEqual([]);
  });

  it('are refused in delivery names and addresses, the child’s and the parents’ names, and the dedication', async () => {
    const created = await t.request('/api/order', { method: 'POST', json: savePayload() });
    const { orderId } = (await created.json()) as { orderId: string };
    const address = deliveryPayload().shippingAddress;
    const delivery = (shippingAddress: object) =>
      t.request(`/api/order/${orderId}/delivery-address`, {
        method: 'POST',
        json: deliveryPayload({
          shippingAddress: { ...address, ...shippingAddress } as typeof address,
        }),
      });
    await expectRefused(await delivery({ firstName: 'Anna\u202E' }), 'shippingAddress.firstName');
    await expectRefused(
      await delivery({ address1: 'Brīvības\u200B iela 1' }),
      'shippingAddress.address1',
    );
    await expectRefused(await delivery({ city: '\uFEFFRīga' }), 'shippingAddress.city');
    expect((await t.request(`/api/delivery/${orderId}`)).status).not.toBe(200);

    const payload = savePayload();
    const refused = async (json: object, field: string) =>
      expectRefused(await t.request('/api/order', { method: 'POST', json }), field);
    await refused({ ...payload, child: { ...payload.child, name: 'Ol\u200Biver' } }, 'child.name');
    await refused(
      { ...payload, maleParent: { ...payload.maleParent, name: 'T\u2066om' } },
      'maleParent.name',
    );
    await refused(
      { ...payload, femaleParent: { ...payload.femaleParent, name: '\u3164' } },
      'femaleParent.name',
    );
    await refused({ ...payload, dedication: 'For Emma\u202E,\nwho never gives up.' }, 'dedication');
    const items = await t.database.db.select().from(orderItems);
    expect(
      items
        .flatMap((r) => [r.childName, r.dedication, r.dadName ?? '', r.mumName ?? ''])
        .filter(hasUnprintable),
    ).toEqual([]);
  });

  it('keep what scripts need: the joiners (ZWJ, ZWNJ), emoji sequences and flags, Latvian letters, every line break', async () => {
    const valid = { from_name: 'Anna', email: 'anna@example.lv', message: 'Hello' };
    for (const message of [
      'می\u200Cخواهم',
      'क्\u200Dष',
      '👨\u200D👩\u200D👧 ❤️',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} go!',
      'Ā č ē ģ ī ķ ļ ņ š ū ž',
      'one\u2028two\u0085three',
    ]) {
      expect(
        (await send('/api/contact', { json: { ...valid, message } })).status,
        JSON.stringify(message),
      ).toBe(200);
    }
  });

  it('never reach a mail subject or header: subjects are built from cleaned text', async () => {
    // A name stored before the rule refused it.
    const mail = contactNotificationMail({
      fromName: 'Anna\u202Egnp.exe\u200B',
      email: 'anna@example.lv',
      message: 'Hi',
      language: null,
      receivedAt: new Date(),
    });
    expect(mail.subject).toBe('Contact form: Annagnp.exe');
    const mailer = createShopMailer({
      db: t.database.db,
      from: { name: 'Storymade', address: 'shop@example.lv' },
    });
    const sent = await mailer.send({
      to: 'shop@example.lv',
      replyTo: { name: 'Ann\u202Ea\n', address: 'anna@example.lv' },
      subject: 'Order\u2067 SM-1\u2069\r\nBcc: x@example.lv',
      text: 'x',
      html: '<p>x</p>',
    });
    const [row] = await t.database.db
      .select()
      .from(outboxMail)
      .where(sql`${outboxMail.id} = ${sent.id}`);
    expect(row!.subject).toBe('Order SM-1 Bcc: x@example.lv');
    expect(row!.replyTo).toBe('"Anna" <anna@example.lv>');
    expect(cleanLine(' a\u00ADb\u2028c ')).toBe('ab c');
  });
});

describe('a database error', () => {
  it('is logged without the values of the query', async () => {
    let caught: unknown;
    try {
      await t.database.db.execute(sql`select ${'anna.secret@example.lv'}::int as n`);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String((caught as Error).message)).toContain('anna.secret'); // what would have been logged
    const summary = summarizeError(caught);
    expect(summary.code).toBe('22P02');
    expect(summary.query).toContain('$1');
    expect(JSON.stringify(summary)).not.toContain('anna.secret');
  });
});
