import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Requester, type TestApp } from './helpers.ts';

/**
 * The API as a client written from SPEC.md alone calls it (sections 3 and 7): each payload exactly
 * as section 3 names it, no more (no requestId, no family, no withPdf, no names the seed does not
 * send), and each answer read by the seed's field names, amounts like 34.99. The client is a
 * browser: it keeps the cookies the shop sets (a cookie jar), and sends nothing else of ours.
 * Only paying steps outside the seed's calls: the sandbox's own test page stands in for the
 * provider's page the browser is sent to.
 */

let t: TestApp;
let browser: Requester;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: object }> }> };
let paths: Record<string, Record<string, Operation>> = {};
const ajv = new Ajv2020({ strict: false, allErrors: true });
/** Every answer checked against GET /api/openapi.json: `METHOD path status`. */
const checked: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  browser = t.browser();
  const document = (await (await t.request('/api/openapi.json')).json()) as {
    paths: typeof paths;
  };
  paths = document.paths;
});
afterAll(async () => {
  await t.close();
});

// SPEC section 3 'Personalization draft': the child's look by the draft's names, a parent's look.
const girlLook = {
  hair: 'kid_hair_girl_01_BC',
  eyes: 'kid_eyes_GY',
  skin: 'kid_skin_1',
  formTShirt: 'kid_tshirt_1',
  formShorts: 'kid_shorts_1',
  accessories: [],
  lashes: 'kid_lashes_1',
};
const boyLook = {
  hair: 'kid_hair_boy_01_BC',
  eyes: 'kid_eyes_GY',
  skin: 'kid_skin_1',
  formTShirt: 'kid_tshirt_2',
  formShorts: 'kid_shorts_3',
  accessories: ['kid_acc_glasses_round'],
};
const dadLook = {
  hair: 'dad_hair_01_BC',
  eyes: 'dad_eyes_BR',
  skin: 'dad_skin_1D',
  accessories: [],
};
const mumLook = {
  hair: 'mum_hair_01_BC',
  eyes: 'mum_eyes_BR',
  skin: 'mum_skin_1M',
  accessories: [],
};

/** SPEC section 3 'Save payload': country, language, orderId, productId, dedication, cover, child, maleParent, femaleParent. */
function savePayload(
  orderId: string | null,
  child: { name: string; gender: string; look: object },
) {
  return {
    country: 'en-GB',
    language: 'en-GB',
    orderId,
    productId: 1,
    dedication: `Dear ${child.name},\nnever stop trying.`,
    cover: 'hardcover',
    child: { name: child.name, gender: child.gender, personalization: child.look },
    maleParent: { grownUpRole: 'dad', personalization: dadLook },
    femaleParent: { grownUpRole: 'mum', personalization: mumLook },
  };
}

/** The document's operation for a concrete path (`/api/orderItems/abc` -> `/api/orderItems/{id}`). */
function operationOf(method: string, path: string): Operation | undefined {
  const bare = path.split('?')[0]!;
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(bare) && item[method.toLowerCase()]) return item[method.toLowerCase()];
  }
  return undefined;
}

/** A seed call; its answer must be what the OpenAPI document says of that status. */
async function call(method: string, path: string, body?: unknown) {
  const res = await browser(path, {
    method,
    ...(body === undefined ? {} : { json: body }),
  });
  const text = await res.text();
  const answer = text ? (JSON.parse(text) as unknown) : null;
  const operation = operationOf(method, path);
  expect(operation, `${method} ${path} is in the OpenAPI document`).toBeDefined();
  const described = operation!.responses[String(res.status)];
  expect(described, `${method} ${path} ${res.status} is in the OpenAPI document`).toBeDefined();
  const schema = described!.content?.['application/json']?.schema;
  if (answer !== null) expect(schema, `${method} ${path} ${res.status} has a schema`).toBeDefined();
  if (schema) {
    const valid = ajv.validate(schema, answer);
    expect(valid, `${method} ${path} ${res.status}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  }
  checked.push(
    `${method} ${path.split('?')[0]!.replace(/[A-Za-z0-9_-]{22,}/g, '{id}')} ${res.status}`,
  );
  return { status: res.status, ok: res.ok, body: answer };
}

/** An amount as the seed shows it: a number of the currency with at most 2 decimals. */
function expectAmount(value: unknown) {
  expect(typeof value).toBe('number');
  expect(value as number).toBeGreaterThanOrEqual(0);
  expect(Math.abs((value as number) * 100 - Math.round((value as number) * 100))).toBeLessThan(
    1e-6,
  );
}
const cents = (amount: unknown) => Math.round((amount as number) * 100);

type Json = Record<string, unknown>;

describe('a client written from SPEC.md', () => {
  let orderId = '';
  let firstItemId = '';
  let secondItemId = '';
  let hardcoverPrice = 0;

  it('reads the cover options: type, price, currencyCode', async () => {
    const { status, body } = await call('GET', '/api/product/coverOptions?country=en-GB');
    expect(status).toBe(200);
    const options = body as Json[];
    const types = options.map((option) => option.type);
    expect(types).toContain('hardcover');
    expect(types).toContain('softcover');
    for (const option of options) {
      expectAmount(option.price);
      expect(option.currencyCode).toBe('GBP');
    }
    hardcoverPrice = options.find((option) => option.type === 'hardcover')!.price as number;
    expect(hardcoverPrice).toBe(34.99);
  });

  it('reads the delivery countries: countryId, countryCode, countryName, deliveryTime, deliveryCost', async () => {
    const { status, body } = await call('GET', '/api/delivery/countries');
    expect(status).toBe(200);
    const countries = body as Json[];
    const latvia = countries.find((country) => country.countryId === 19)!;
    expect(latvia).toMatchObject({ countryCode: 'LV', countryName: expect.any(String) as string });
    expect(typeof latvia.deliveryTime).toBe('number');
    for (const country of countries) expectAmount(country.deliveryCost);
    expect(latvia.deliveryCost).toBe(3.99);
  });

  it('creates an order with its first book (POST /api/order): orderId and orderItemId', async () => {
    const { ok, body } = await call(
      'POST',
      '/api/order',
      savePayload(null, { name: 'Emma', gender: 'Girl', look: girlLook }),
    );
    expect(ok).toBe(true);
    const ids = body as Json;
    expect(typeof ids.orderId).toBe('string');
    expect(typeof ids.orderItemId).toBe('string');
    orderId = ids.orderId as string;
    firstItemId = ids.orderItemId as string;
  });

  it('adds a book to the order (POST /api/orderItems): its id', async () => {
    const { ok, body } = await call(
      'POST',
      '/api/orderItems',
      savePayload(orderId, { name: 'Oliver', gender: 'Boy', look: boyLook }),
    );
    expect(ok, JSON.stringify(body)).toBe(true);
    secondItemId = (body as Json).id as string;
    expect(typeof secondItemId).toBe('string');
    expect(secondItemId).not.toBe(firstItemId);
  });

  it('changes a book (PUT /api/orderItems/{id}) and reads it back (GET /api/orderItems/{id})', async () => {
    const changed = {
      ...savePayload(orderId, { name: 'Oliver', gender: 'Boy', look: boyLook }),
      dedication: 'For Oliver,\nwho never gives up.',
      cover: 'softcover',
    };
    expect((await call('PUT', `/api/orderItems/${secondItemId}`, changed)).ok).toBe(true);

    const { status, body } = await call('GET', `/api/orderItems/${secondItemId}`);
    expect(status).toBe(200);
    const detail = body as {
      customization: Json;
      children: Json[];
      grownUps: Json[];
    };
    expect(detail.customization).toMatchObject({
      dedication: 'For Oliver,\nwho never gives up.',
      bookCoverType: 'softcover',
    });
    expect(JSON.parse(detail.children[0]!.personalization as string)).toMatchObject({
      hair: boyLook.hair,
      eyes: boyLook.eyes,
      skin: boyLook.skin,
      accessories: boyLook.accessories,
    });
    const roles = detail.grownUps.map((grownUp) => grownUp.grownUpRole);
    expect(roles.sort()).toEqual(['dad', 'mum']);
    const dad = detail.grownUps.find((grownUp) => grownUp.grownUpRole === 'dad')!;
    expect(JSON.parse(dad.personalization as string)).toEqual(dadLook);
  });

  it('applies a coupon (POST /api/order/{orderId}/discount): 200', async () => {
    expect((await call('POST', `/api/order/${orderId}/discount`, { code: 'MULTI25' })).status).toBe(
      200,
    );
  });

  it('reads the cart summary by the seed names, amounts like 34.99', async () => {
    const { status, body } = await call('GET', `/api/order/summary/${orderId}?country=en-GB`);
    expect(status).toBe(200);
    const summary = body as Json & { items: Json[] };
    expect(summary.currencyCode).toBe('GBP');
    expect(summary.couponInfo).toBeTruthy();
    for (const key of ['subtotal', 'deliveryCost', 'discount', 'total']) expectAmount(summary[key]);
    expect(summary.items.map((item) => item.id)).toEqual([firstItemId, secondItemId]);
    const [emma, oliver] = summary.items;
    expect(emma).toMatchObject({
      title: expect.any(String) as string,
      childName: 'Emma',
      format: 'hardcover',
      price: 34.99,
      dedication: 'Dear Emma,\nnever stop trying.',
    });
    expect(oliver).toMatchObject({ childName: 'Oliver', format: 'softcover' });
    for (const item of summary.items) {
      expectAmount(item.price);
      for (const key of ['childPersonalization', 'dadPersonalization', 'mumPersonalization'])
        expect(() => JSON.parse(item[key] as string) as unknown).not.toThrow();
    }
    expect(JSON.parse(emma!.mumPersonalization as string)).toEqual(mumLook);
    expect(cents(summary.subtotal)).toBe(cents(emma!.price) + cents(oliver!.price));
    expect(cents(summary.discount)).toBeGreaterThan(0);
    expect(cents(summary.total)).toBe(
      cents(summary.subtotal) + cents(summary.deliveryCost) - cents(summary.discount),
    );
  });

  it('removes a book (DELETE /api/orderItems/{id}) and the summary follows', async () => {
    expect((await call('DELETE', `/api/orderItems/${secondItemId}`)).ok).toBe(true);
    const { body } = await call('GET', `/api/order/summary/${orderId}?country=en-GB`);
    const summary = body as Json & { items: Json[] };
    expect(summary.items.map((item) => item.id)).toEqual([firstItemId]);
    expect(summary.subtotal).toBe(34.99);
    // MULTI25 needs two books: with one left it no longer takes anything off.
    expect(summary.discount).toBe(0);
  });

  it("saves delivery details, pays, and reads the paid order's status by the seed names", async () => {
    const delivery = {
      contactInfo: { email: 'parent@example.com', phone: '+371 2000 0000', subscribe: false },
      shippingAddress: {
        firstName: 'Anna',
        lastName: 'Bērziņa',
        address1: 'Brīvības iela 1',
        city: 'Rīga',
        zip: 'LV-1010',
        countryId: 19,
        phone: '+371 2000 0000',
      },
      isShippingDetailsEqualBilling: true,
    };
    expect((await call('POST', `/api/order/${orderId}/delivery-address`, delivery)).ok).toBe(true);
    const saved = (await call('GET', `/api/delivery/${orderId}`)).body as Json;
    expect(saved).toMatchObject({
      contactInfo: { email: 'parent@example.com' },
      shippingAddress: { firstName: 'Anna', city: 'Rīga', countryId: 19 },
    });

    const initiated = await call('POST', '/api/payment/initiate', { orderId });
    expect(initiated.ok).toBe(true);
    const link = (initiated.body as Json).payment_link as string;
    // The provider's page (here the sandbox's): the buyer pays and confirms.
    for (const action of ['paid', 'confirm'])
      await browser(link, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action }).toString(),
      });
    const paymentReference = link.split('/').pop()!;
    expect((await call('POST', '/api/payment/verify', { paymentReference })).ok).toBe(true);

    const { status, body } = await call('GET', `/api/order/${orderId}/status`);
    expect(status).toBe(200);
    const order = body as Json & { items: Json[]; steps: Json[] };
    expect(typeof order.datePlaced).toBe('string');
    expect(order.currentStep).toBe(1000);
    expect(order.steps.map((step) => step.id)).toContain(1100);
    for (const step of order.steps) expect(Object.keys(step)).toEqual(['id', 'title', 'subtext']);
    expect(order).toHaveProperty('trackingNumber');
    expect(order).toHaveProperty('trackingUrl');
    expect(order).toHaveProperty('estimatedDeliveryDate');
    expect(order.currencyCode).toBe('GBP');
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      imageUrl: expect.any(String) as string,
      bookTitle: expect.any(String) as string,
      childName: 'Emma',
      quantity: 1,
      unitPrice: 34.99,
    });
    expect(order.subtotal).toBe(34.99);
    expect(order.discount).toBe(0);
    for (const key of ['subtotal', 'discount', 'deliveryCost', 'total']) expectAmount(order[key]);
    expect(cents(order.total)).toBe(cents(order.subtotal) + cents(order.deliveryCost));
  });

  it('a second identical save without any key of its own makes a second order', async () => {
    const payload = savePayload(null, { name: 'Emma', gender: 'Girl', look: girlLook });
    const first = (await call('POST', '/api/order', payload)).body as Json;
    const second = (await call('POST', '/api/order', payload)).body as Json;
    expect(first.orderId).not.toBe(second.orderId);
  });
});

describe('a save repeated with our optional key', () => {
  it('an Idempotency-Key header makes a repeated POST /api/order answer the same ids', async () => {
    const payload = savePayload(null, { name: 'Emma', gender: 'Girl', look: girlLook });
    const send = async (key: string) =>
      (await (
        await browser('/api/order', {
          method: 'POST',
          json: payload,
          headers: { 'Idempotency-Key': key },
        })
      ).json()) as Json;
    const first = await send('9d3c7a0e-5b1f-4a53-9a55-2c1e6f0b7d41');
    const again = await send('9d3c7a0e-5b1f-4a53-9a55-2c1e6f0b7d41');
    expect(again).toEqual(first);
    const other = await send('1f0e8d4c-2b6a-4e7f-8c9d-0a1b2c3d4e5f');
    expect(other.orderId).not.toBe(first.orderId);
  });

  it('refuses a malformed Idempotency-Key, and one that differs from requestId, with a 400', async () => {
    const payload = savePayload(null, { name: 'Emma', gender: 'Girl', look: girlLook });
    const short = await browser('/api/order', {
      method: 'POST',
      json: payload,
      headers: { 'Idempotency-Key': 'x' },
    });
    expect(short.status).toBe(400);
    const differs = await browser('/api/order', {
      method: 'POST',
      json: { ...payload, requestId: '9d3c7a0e-5b1f-4a53-9a55-2c1e6f0b7d41' },
      headers: { 'Idempotency-Key': '1f0e8d4c-2b6a-4e7f-8c9d-0a1b2c3d4e5f' },
    });
    expect(differs.status).toBe(400);
    expect(((await differs.json()) as { fields: Json }).fields).toHaveProperty('requestId');
  });
});
