import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { renderPageSvg } from '#book/render-page.ts';
import type { OrderItemDetail } from '#contract/orders.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { cartHolder, createOrder, savePayload } from './orders-helpers.ts';

// Every endpoint that takes a dedication counts its lines the same way, whatever line breaks a
// browser, an operating system or a paste brings: 11 lines are refused with a field error, 10 are
// accepted and printed in full. (A dedication split by a bare \r or U+2028 once passed the orders
// API with more than 10 lines, and the book silently lost the lines past the tenth.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BREAKS = {
  'CR LF': '\r\n',
  CR: '\r',
  LF: '\n',
  'U+2028 line separator': '\u2028',
  'U+2029 paragraph separator': '\u2029',
  'U+0085 next line': '\u0085',
  'vertical tab': '\v',
  'form feed': '\f',
} as const;

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `Line ${i + 1} of ${count}`);

/** The dedication page as the book prints it. */
function printed(dedication: string): string {
  return renderPageSvg({
    page: 'dedication',
    language: 'en-gb',
    child: { name: 'Emma', gender: 'girl' },
    characters: defaultCharacters('girl'),
    dedication,
  });
}

async function expectDedicationRefused(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { fields?: Record<string, string[]> };
  expect(body.fields?.dedication).toEqual(['A dedication has at most 10 lines.']);
}

/** The stored dedication has the ten lines, one under the other, and the book prints every one. */
async function expectStoredInFull(orderId: string, itemId: string) {
  const detail = (await (
    await t.request(`/api/orderItems/${itemId}`, cartHolder(orderId))
  ).json()) as OrderItemDetail;
  expect(detail.customization.dedication).toBe(lines(10).join('\n'));
  const svg = printed(detail.customization.dedication);
  for (const line of lines(10)) expect(svg).toContain(`>${line}<`);
}

function previewDedication(dedication: string) {
  return t.request('/api/preview/generateDedicationImage', {
    method: 'POST',
    json: {
      childName: 'Emma',
      page: 'dedication',
      personalizationDetails: characterSetToAssetNames(defaultCharacters('girl')),
      language: 'en-gb',
      gender: 'girl',
      dedication,
    },
  });
}

describe.each(Object.entries(BREAKS))('a dedication with %s line breaks', (_label, lineBreak) => {
  const eleven = lines(11).join(lineBreak);
  const ten = lines(10).join(lineBreak);

  it('POST /api/order refuses 11 lines and keeps 10 in full', async () => {
    await expectDedicationRefused(
      await t.request('/api/order', { method: 'POST', json: savePayload({ dedication: eleven }) }),
    );
    const { orderId, orderItemId } = await createOrder(t, { dedication: ten });
    await expectStoredInFull(orderId, orderItemId);
  });

  it('POST /api/orderItems refuses 11 lines and keeps 10 in full', async () => {
    const { orderId } = await createOrder(t);
    const add = (dedication: string) =>
      t.request('/api/orderItems', { method: 'POST', json: savePayload({ orderId, dedication }) });
    await expectDedicationRefused(await add(eleven));
    const res = await add(ten);
    expect(res.status).toBe(201);
    await expectStoredInFull(orderId, ((await res.json()) as { id: string }).id);
  });

  it('PUT /api/orderItems/{id} refuses 11 lines and keeps 10 in full', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    const put = (dedication: string) =>
      t.request(`/api/orderItems/${orderItemId}`, {
        method: 'PUT',
        json: savePayload({ orderId, dedication }),
      });
    await expectDedicationRefused(await put(eleven));
    expect((await put(ten)).status).toBe(200);
    await expectStoredInFull(orderId, orderItemId);
  });

  it('POST /api/preview/generateDedicationImage refuses 11 lines and draws 10 in full', async () => {
    await expectDedicationRefused(await previewDedication(eleven));
    const res = await previewDedication(ten);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    // The image is the one of the same ten lines typed with '\n' (its ETag is the hash of what is
    // drawn), and that page prints every line.
    const plain = await previewDedication(lines(10).join('\n'));
    expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
    const svg = printed(lines(10).join('\n'));
    for (const line of lines(10)) expect(svg).toContain(`>${line}<`);
  });
});
