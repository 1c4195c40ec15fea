import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHeic, REVIEW_FIELD_MESSAGES } from '#contract/reviews.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { reencodeReviewPhoto } from '#server/services/reviews/review-photo.ts';
import {
  deliveryPayload,
  fakePrinter,
  initiate,
  readyOrder,
  sandboxPress,
  verify,
} from './checkout-helpers.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder } from './orders-helpers.ts';
import { endOrder } from './retention-helpers.ts';

// Review photos (#36.3): what the installed image library can read, and what the API answers
// for what it cannot. sharp's prebuilt libvips reads HEIF only as AVIF (AV1): it has no HEVC
// decoder (patents), so an iPhone's HEIC photo cannot be read. The API refuses it with a message
// of its own (400, never a 500), as the form does before sending.

/**
 * The first bytes of an iPhone's HEIC photo (an ISO BMFF `ftyp` box with the brands heic, mif1,
 * miaf, MiHB, as iOS writes them), then the start of a `meta` box: no real HEIC can be made here
 * (no HEVC encoder with a HEIF writer is installed), so the file is its real header and no picture.
 */
function iphoneHeic(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x1c]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1MiHBmiafheic', 'latin1'),
  ]);
  const meta = Buffer.concat([Buffer.from([0, 0, 0, 0x22]), Buffer.from('meta', 'latin1')]);
  return Buffer.concat([ftyp, meta, Buffer.alloc(2048, 7)]);
}

let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ checkout: { printRenderer: fakePrinter().render }, now: () => clock });
});
afterAll(() => t.close());

/** A delivered order whose buyer agreed, its request mailed: answers the form's token. */
async function formToken(email: string): Promise<string> {
  clock = new Date();
  const orderId = await readyOrder(t, {
    delivery: deliveryPayload({
      contactInfo: { email, phone: '+371 2000 0000', subscribe: false },
    }),
  });
  await t.request(`/api/order/${orderId}/review-consent`, {
    method: 'PUT',
    json: { consent: true },
    ...cartHolder(orderId),
  });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  await endOrder(t, orderId, 'delivered', clock);
  clock = new Date(Date.now() + 6 * 86_400_000);
  await t.database.db.execute(
    sql`insert into jobs (kind, dedupe_key, payload) values ('review-requests', ${`review-requests:test:${Math.random()}`}, '{}')`,
  );
  await t.checkout.jobs.runUntilIdle();
  const mails = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, email));
  const text = mails.map((mail) => mail.text).join('\n');
  const token = /\/review\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no review link mailed');
  return token;
}

const review = (photo: Buffer) => ({
  rating: 4,
  text: 'A lovely book, our son asks for it every night.',
  photo: photo.toString('base64'),
  acceptTerms: true,
});

describe('review photo formats', () => {
  it('knows an iPhone’s HEIC by its first bytes, and AVIF, JPEG and PNG as not HEIC', async () => {
    expect(isHeic(iphoneHeic())).toBe(true);
    const picture = sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c86' },
    });
    const avif = await picture.clone().avif().toBuffer();
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    expect(isHeic(avif)).toBe(false);
    expect(isHeic(await picture.clone().jpeg().toBuffer())).toBe(false);
    expect(isHeic(await picture.clone().png().toBuffer())).toBe(false);
    expect(isHeic(Buffer.from('ftyp'))).toBe(false);
  });

  it('the installed sharp reads no HEVC (HEIC) and writes none: such a photo cannot be re-encoded', async () => {
    // libheif is there for AVIF only: its suffixes list no .heic, and an HEVC write is refused.
    expect(sharp.format.heif.input.fileSuffix).not.toContain('.heic');
    await expect(
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .heif({ compression: 'hevc' })
        .toBuffer(),
    ).rejects.toThrow(/compression/i);
    expect(await reencodeReviewPhoto(iphoneHeic())).toBeNull();
  });

  it('answers 400 with the HEIC message for an iPhone photo, the general one for other unreadable files, and takes a JPEG', async () => {
    const token = await formToken('heic@example.com');
    const post = (photo: Buffer) =>
      t.request(`/api/reviews/form/${token}`, { method: 'POST', json: review(photo) });

    const heic = await post(iphoneHeic());
    expect(heic.status).toBe(400);
    expect(((await heic.json()) as { fields: Record<string, string[]> }).fields).toEqual({
      photo: [REVIEW_FIELD_MESSAGES.photoHeic],
    });

    const avif = await post(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c86' } })
        .avif()
        .toBuffer(),
    );
    expect(avif.status).toBe(400);
    expect(((await avif.json()) as { fields: Record<string, string[]> }).fields).toEqual({
      photo: [REVIEW_FIELD_MESSAGES.photo],
    });

    // Nothing was stored by the refusals: the JPEG is the order's one review.
    const jpeg = await post(
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer(),
    );
    expect(jpeg.status).toBe(201);
  });
});
