import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMail } from '#server/db/schema/shop.ts';
import { REVIEW_REQUEST_MAIL_JOB } from '#server/services/reviews/review-request-job.ts';
import { enqueueJob } from '#server/platform/jobs/runner.ts';
import { changeOrderStatus } from '#server/services/order/staff-order-moves.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  sandboxPress,
  saveDelivery,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createOrder } from './orders-helpers.ts';

// Every mail in the order's state (#44 finding 8): a PDF-only order's confirmation has no delivery
// line and no address, a gift's says it is a gift with the card's message, the review request for
// a PDF does not say the book 'arrived', and the mails' pictures are JPEG (many mail programs show
// no WebP). The mails are read from the outbox as the relay would send them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    checkout: {
      printRenderer: fakePrinter().render,
      screenRenderer: async () => ({ bytes: Buffer.from('%PDF-screen'), pageCount: 24 }),
    },
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function pay(orderId: string) {
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
}

async function mailTo(to: string, subject: string) {
  const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, to));
  const mail = rows.find((row) => row.subject.includes(subject));
  expect(mail, `a mail '${subject}' to ${to}`).toBeDefined();
  return mail!;
}

/** The review request, sent now as its job does once it is due. */
async function reviewRequest(orderId: string, to: string) {
  await t.database.db.execute(sql`update orders set review_consent = true where id = ${orderId}`);
  await enqueueJob(t.database.db, {
    kind: REVIEW_REQUEST_MAIL_JOB,
    dedupeKey: `${REVIEW_REQUEST_MAIL_JOB}:${orderId}`,
    payload: { orderId },
  });
  await t.checkout.jobs.runUntilIdle();
  return mailTo(to, 'How do you like your Storymade book?');
}

describe('the mails of an order of PDFs only', () => {
  let orderId: string;
  beforeAll(async () => {
    ({ orderId } = await createOrder(t, { cover: 'digital' }));
    await saveDelivery(
      t,
      orderId,
      deliveryPayload({
        contactInfo: { email: 'pdf@example.com', phone: '+371 2000 0000', subscribe: false },
      }),
    );
    await pay(orderId);
  });

  it('confirm it with no delivery line and no address', async () => {
    const mail = await mailTo('pdf@example.com', 'Your Storymade order');
    expect(mail.text).toMatch(/^Subtotal: £12\.99$/m);
    expect(mail.text).toMatch(/^Total: £12\.99$/m);
    expect(mail.text).not.toMatch(/Delivery|Shipping|Brīvības/);
    expect(mail.html).not.toMatch(/Delivery|Shipping|Brīvības/);
    expect(mail.text).toContain('We have received your payment and are making your PDF.');
  });

  it('show the cover as a JPEG the mail program can fetch, not a WebP', async () => {
    const mail = await mailTo('pdf@example.com', 'Your Storymade order');
    const src = /<img src="http:\/\/localhost:3000([^"]+)"/.exec(mail.html)?.[1];
    expect(src).toBe(`/api/order/${orderId}/items/1/cover.jpg`);
    expect(mail.html).not.toContain('.webp');
    const picture = await t.request(src!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 192 });
  });

  it('ask for a review without saying the book arrived', async () => {
    const review = await reviewRequest(orderId, 'pdf@example.com');
    expect(review.text).not.toMatch(/arrived/);
    expect(review.text).toContain('You have had your book as a PDF for a few days now.');
  });
});

describe('the mails of a printed order', () => {
  it('ask for a review saying the book arrived once it was delivered', async () => {
    const { orderId } = await createOrder(t);
    await saveDelivery(
      t,
      orderId,
      deliveryPayload({
        contactInfo: { email: 'printed@example.com', phone: '+371 2000 0000', subscribe: false },
      }),
    );
    await pay(orderId);
    const confirmation = await mailTo('printed@example.com', 'Your Storymade order');
    expect(confirmation.text).toMatch(/^Delivery: £/m);
    expect(confirmation.text).toContain('Delivery address:');
    const deps = { db: t.database.db, jobs: t.checkout.jobs };
    for (const to of ['checked', 'in_production', 'shipped', 'delivered'] as const)
      expect((await changeOrderStatus(deps, { orderId, to, actor: 'staff:1' })).ok).toBe(true);
    const review = await reviewRequest(orderId, 'printed@example.com');
    expect(review.text).toContain('Your book arrived a few days ago.');
  });
});

describe("the gift buyer's confirmation", () => {
  it('says it is a gift, for whom, with the message on the card, in the order language', async () => {
    for (const [language, heading, intro, label] of [
      [
        'en-GB',
        'Thank you for your gift order!',
        'Your book is a gift for Jānis Ozoliņš',
        'Your message on the card:',
      ],
      [
        'lv',
        'Paldies par dāvanas pasūtījumu!',
        'Jūsu grāmata ir dāvana, un to saņems Jānis Ozoliņš',
        'Jūsu novēlējums kartītē:',
      ],
    ] as const) {
      const email = `gift-${language}@example.com`;
      const { orderId } = await createOrder(t, { country: language } as never);
      await saveDelivery(
        t,
        orderId,
        deliveryPayload({
          contactInfo: { email, phone: '+44 20 7946 0958', subscribe: false },
          shippingAddress: {
            firstName: 'Margaret',
            lastName: 'Hughes',
            address1: '10 Downing Street',
            city: 'London',
            zip: 'SW1A 2AA',
            countryId: 31,
          },
          gift: {
            recipient: {
              firstName: 'Jānis',
              lastName: 'Ozoliņš',
              address1: 'Kr. Valdemāra iela 5-12',
              city: 'Rīga',
              zip: 'LV-1010',
              countryId: 19,
            },
            message: 'Dear Jānis,\nhappy birthday!\nGranny',
          },
        } as never),
      );
      await pay(orderId);
      const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, email));
      const mail = rows.find((row) => row.text.includes(heading));
      expect(mail, `${language}: the confirmation`).toBeDefined();
      expect(mail!.text).toContain(intro);
      expect(mail!.text).toContain(`${label}\nDear Jānis,\nhappy birthday!\nGranny`);
      expect(mail!.html).toContain('Dear Jānis,\nhappy birthday!\nGranny');
      // The address it goes to is the recipient's, named as the gift's.
      expect(mail!.text).toMatch(/(The gift goes to|Dāvanas saņēmējs):\nJānis Ozoliņš/);
    }
  });
});
