import type { ProofReport } from '#server/services/fulfilment/print/print-proof.ts';
import type { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DeliveryPayloadInput } from '#contract/checkout.ts';
import type { SavePayload } from '#contract/orders.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { payments } from '#server/db/schema/checkout.ts';
import type { TestApp } from './helpers.ts';
import { addItem, createOrder } from './orders-helpers.ts';

/** A valid delivery payload to Latvia; override any part. */
export function deliveryPayload(
  overrides: Partial<DeliveryPayloadInput> = {},
): DeliveryPayloadInput {
  return {
    contactInfo: { email: 'parent@example.com', phone: '+371 2000 0000', subscribe: false },
    shippingAddress: {
      firstName: 'Anna',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1',
      city: 'Rīga',
      zip: 'LV-1010',
      countryId: 19,
    },
    isShippingDetailsEqualBilling: true,
    ...overrides,
  };
}

export async function saveDelivery(t: TestApp, orderId: string, payload = deliveryPayload()) {
  const res = await t.request(`/api/order/${orderId}/delivery-address`, {
    method: 'POST',
    json: payload,
  });
  expect(res.status).toBe(200);
}

/** An order of `books` books (MULTI25 applied when asked) with delivery details saved. */
export async function readyOrder(
  t: TestApp,
  options: {
    books?: number;
    coupon?: boolean;
    overrides?: Partial<SavePayload>;
    delivery?: DeliveryPayloadInput;
  } = {},
) {
  const { orderId } = await createOrder(t, options.overrides);
  for (let n = 1; n < (options.books ?? 1); n += 1)
    await addItem(t, orderId, { ...options.overrides, cover: 'softcover' });
  if (options.coupon) {
    const res = await t.request(`/api/order/${orderId}/discount`, {
      method: 'POST',
      json: { code: 'MULTI25' },
    });
    expect(res.status).toBe(200);
  }
  await saveDelivery(t, orderId, options.delivery);
  return orderId;
}

/** deliveryPayload (a parent in Riga, the billing address the same) with the parent's own e-mail. */
export const rigaDelivery = (email: string) =>
  deliveryPayload({ contactInfo: { email, phone: '+371 2000 0000', subscribe: false } });

/**
 * An order paid on the sandbox by a parent in Riga (`email`), its jobs run: the paid order the
 * print hand-off and a change of the book start from. `overrides` change the book.
 */
export async function paidInRiga(
  t: TestApp,
  email: string,
  overrides: Partial<SavePayload> = {},
): Promise<string> {
  const orderId = await readyOrder(t, {
    overrides,
    delivery: rigaDelivery(email),
  });
  const { reference } = await initiate(t, orderId);
  await sandboxPress(t, reference, 'paid', 'confirm');
  expect((await verify(t, reference)).status).toBe(200);
  await t.checkout.jobs.runUntilIdle();
  return orderId;
}

/** POST /api/payment/initiate; answers the payment link and the reference the browser returns with. */
export async function initiate(t: TestApp, orderId: string) {
  const res = await t.request('/api/payment/initiate', { method: 'POST', json: { orderId } });
  expect(res.status).toBe(200);
  const { payment_link } = (await res.json()) as { payment_link: string };
  const [payment] = await t.database.db
    .select({ reference: payments.providerReference })
    .from(payments)
    .where(eq(payments.paymentLink, payment_link));
  if (!payment?.reference) throw new Error('no payment for this link');
  return { link: payment_link, reference: payment.reference };
}

/** Presses buttons on the sandbox's test page, as a tester would; answers the last response. */
export async function sandboxPress(t: TestApp, reference: string, ...actions: string[]) {
  let res: Response | undefined;
  for (const action of actions) {
    res = await t.request(`/sandbox-pay/${reference}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }).toString(),
    });
    expect(res.status).toBe(303);
  }
  return res!;
}

export async function verify(t: TestApp, paymentReference: string) {
  return t.request('/api/payment/verify', { method: 'POST', json: { paymentReference } });
}

export async function countRows(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const result = await t.database.db.execute(query);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/** The mails to an address whose subject contains `subject`. */
export async function mailsAbout(t: TestApp, to: string, subject: string) {
  const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.to, to));
  return rows.filter((mail) => mail.subject.includes(subject));
}

/** A proof report as the print worker answers it (print-proof.ts): passed, or one page over. */
export function fakeProof(
  ok: boolean,
  binding: 'hardcover' | 'softcover' = 'hardcover',
): ProofReport {
  const page = {
    file: 'interior' as const,
    page: 17,
    shows: 'page_17-18 left',
    differencePercent: ok ? 0.02 : 21.4,
    differs: ok ? null : { x: 33, y: 76, width: 179, height: 100 },
  };
  return {
    ok,
    binding,
    thresholdPercent: 0.5,
    pages: [page],
    worst: page,
    failedPages: ok ? [] : [page],
    sentences: 175,
    missingSentences: ok ? [] : ['Dad put down his fork.'],
    ms: 1,
  };
}

/**
 * A renderer that records its inputs instead of drawing PDFs (the print test draws real ones);
 * its proof passes unless `proofFails` says a child's name whose books fail it.
 */
export function fakePrinter(options: { proofFails?: string } = {}) {
  const calls: { childName: string; editionNumber: number | null }[] = [];
  return {
    calls,
    render: async (input: {
      child: { name: string };
      editionNumber: number | null;
      cover?: { binding?: 'hardcover' | 'softcover' };
    }) => {
      calls.push({ childName: input.child.name, editionNumber: input.editionNumber });
      const binding = input.cover?.binding ?? 'hardcover';
      return {
        interior: Buffer.from(`%PDF-interior ${input.child.name}`),
        endpapers: binding === 'hardcover' ? Buffer.from('%PDF-endpapers') : null,
        cover: Buffer.from('%PDF-cover'),
        proof: fakeProof(options.proofFails !== input.child.name, binding),
      };
    },
  };
}
