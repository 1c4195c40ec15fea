import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAmount } from '#contract/markets.ts';
import { defaultCharacters } from '#book/character-set.ts';
import type { CartSummary, OrderItemDetail } from '#contract/orders.ts';
import type { OrderStatus } from '#contract/order-status.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { addItem, cartHolder, createOrder, savePayload, summary } from './orders-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type ErrorBody = { error: string; fields?: Record<string, string[]> };

describe('POST /api/order', () => {
  it('creates an order with its first book and answers both unguessable ids', async () => {
    const res = await t.request('/api/order', { method: 'POST', json: savePayload() });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { orderId: string; orderItemId: string };
    expect(body.orderId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.orderItemId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(body.orderItemId).not.toBe(body.orderId);
    const again = await createOrder(t);
    expect(again.orderId).not.toBe(body.orderId);
    const status = (await (
      await t.request(`/api/order/${body.orderId}/status`)
    ).json()) as OrderStatus;
    expect(status).toEqual({ orderId: body.orderId, placed: false, status: 'cart', itemCount: 1 });
  });

  it('answers the same ids when the same save is sent again (double click, retry)', async () => {
    const payload = savePayload();
    // Three at once (a double click while a retry is under way), then one more afterwards.
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.request('/api/order', { method: 'POST', json: payload })),
    );
    const bodies = await Promise.all(racing.map((res) => res.json()));
    const ids = bodies[0] as { orderId: string; orderItemId: string };
    expect(bodies).toEqual([ids, ids, ids]);
    const later = await t.request('/api/order', { method: 'POST', json: payload });
    expect(await later.json()).toEqual(ids);
    expect((await summary(t, ids.orderId)).items).toHaveLength(1);
  });

  it('the same save sent again with changes keeps one book, in its latest version', async () => {
    const payload = savePayload();
    const ids = (await (
      await t.request('/api/order', { method: 'POST', json: payload })
    ).json()) as {
      orderId: string;
      orderItemId: string;
    };
    const changed = { ...payload, dedication: 'For Oliver,\nwith love.', cover: 'softcover' };
    const again = await t.request('/api/order', { method: 'POST', json: changed });
    expect(await again.json()).toEqual(ids);
    const { items } = await summary(t, ids.orderId);
    expect(items.map((i) => [i.id, i.format, i.dedication])).toEqual([
      [ids.orderItemId, 'softcover', 'For Oliver,\nwith love.'],
    ]);
  });

  it('keeps the normalised child name and the characters as JSON of asset names', async () => {
    const set = defaultCharacters('girl');
    const { orderId, orderItemId } = await createOrder(t, {
      child: {
        name: '  anna-marija  ',
        gender: 'Girl',
        personalization: { ...set.child, lashes: null, accessories: ['kid_acc_freckles'] },
      },
    });
    const detail = (await (
      await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId))
    ).json()) as OrderItemDetail;
    expect(detail.children[0]?.name).toBe('Anna-Marija');
    expect(detail.children[0]?.gender).toBe('Girl');
    const child = JSON.parse(detail.children[0]!.personalization) as { lashes: string | null };
    // A girl is always drawn with lashes, even when the client left them out.
    expect(child.lashes).toBe(set.child.lashes);
  });

  it.each([
    ['no body', undefined, 'body'],
    ['a blank child name', { child: { name: '   ', gender: 'Boy' } }, 'child.name'],
    ['a name with digits', { child: { name: 'R2D2', gender: 'Boy' } }, 'child.name'],
    ['a 25-letter name', { child: { name: 'A'.repeat(25), gender: 'Boy' } }, 'child.name'],
    ['an unknown gender', { child: { name: 'Sam', gender: 'boy' } }, 'child.gender'],
    ['layflat', { cover: 'layflat' }, 'cover'],
    ['a layflat book (ordered by contact only)', { cover: 'layflat' }, 'cover'],
    ['a blank dedication', { dedication: ' \n ' }, 'dedication'],
    [
      'an 11-line dedication',
      { dedication: Array.from({ length: 11 }, () => 'x').join('\n') },
      'dedication',
    ],
    ['a NUL in the dedication', { dedication: 'For\u0000Max' }, 'dedication'],
    [
      'a control character in the dad name',
      { maleParent: { name: 'T\u0007om' } },
      'maleParent.name',
    ],
    ['another product', { productId: 2 }, 'productId'],
    ['an unknown language', { language: 'de' }, 'language'],
    ['a requestId that is not a UUID', { requestId: '1' }, 'requestId'],
    ['a mum as the male parent', { maleParent: { grownUpRole: 'mum' } }, 'maleParent.grownUpRole'],
  ])('answers 400 with a field error for %s', async (_label, change, field) => {
    let json: unknown;
    if (change !== undefined) {
      const base = savePayload() as unknown as Record<string, unknown>;
      json = { ...base };
      for (const [key, value] of Object.entries(change)) {
        const current = base[key];
        (json as Record<string, unknown>)[key] =
          value && typeof value === 'object' && current && typeof current === 'object'
            ? { ...current, ...value }
            : value;
      }
    }
    const res = await t.request('/api/order', {
      method: 'POST',
      ...(json === undefined ? {} : { json }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toMatch(/invalid/i);
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it('answers 400 for invalid JSON', async () => {
    const res = await t.request('/api/order', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"country":',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error).toMatch(/not valid JSON/);
  });

  it('refuses unknown assets, assets of another role or gender and two pairs of glasses', async () => {
    const boy = savePayload();
    const cases: [unknown, string][] = [
      [
        {
          ...boy.child,
          personalization: { ...boy.child.personalization, hair: 'kid_hair_boy_99_XX' },
        },
        'child.personalization.hair',
      ],
      [
        {
          ...boy.child,
          personalization: { ...boy.child.personalization, hair: 'kid_hair_girl_01_BC' },
        },
        'child.personalization.hair',
      ],
      [
        { ...boy.child, personalization: { ...boy.child.personalization, eyes: 'dad_eyes_BR' } },
        'child.personalization.eyes',
      ],
      [
        {
          ...boy.child,
          personalization: { ...boy.child.personalization, accessories: ['dad_acc_beard'] },
        },
        'child.personalization.accessories',
      ],
    ];
    for (const [child, field] of cases) {
      const res = await t.request('/api/order', { method: 'POST', json: { ...boy, child } });
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(Object.keys(body.fields ?? {}), field).toContain(field);
    }
  });

  it('refuses two pairs of glasses on one child', async () => {
    const { CATALOGUE } = await import('#book/catalogue.ts');
    const glasses = CATALOGUE.child.accessories
      .filter((o) => o.exclusiveGroup === 'glasses')
      .map((o) => o.asset);
    expect(glasses).toHaveLength(2);
    const boy = savePayload();
    const res = await t.request('/api/order', {
      method: 'POST',
      json: {
        ...boy,
        child: {
          ...boy.child,
          personalization: { ...boy.child.personalization, accessories: glasses },
        },
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.fields?.['child.personalization.accessories']).toEqual([
      'Only one pair of glasses can be worn at a time.',
    ]);
  });
});

describe('POST /api/orderItems', () => {
  it('adds a second book to an existing order, once per requestId', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    const payload = savePayload({
      orderId,
      cover: 'softcover',
      child: { ...savePayload().child, name: 'Liam' },
    });
    const first = await t.request('/api/orderItems', { method: 'POST', json: payload });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const again = await t.request('/api/orderItems', { method: 'POST', json: payload });
    expect(await again.json()).toEqual({ id });
    const cart = await summary(t, orderId);
    expect(cart.items.map((i) => [i.id, i.childName, i.format])).toEqual([
      [orderItemId, 'Oliver', 'hardcover'],
      [id, 'Liam', 'softcover'],
    ]);
  });

  it('a save sent again after changes (its first answer was lost) updates the same book', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    const payload = savePayload({ orderId, child: { ...savePayload().child, name: 'Liam' } });
    const first = await t.request('/api/orderItems', { method: 'POST', json: payload });
    const { id } = (await first.json()) as { id: string };
    // The parent never saw that answer, changed the cover and the name, and saved again.
    const changed = { ...payload, cover: 'softcover', child: { ...payload.child, name: 'Noah' } };
    const again = await t.request('/api/orderItems', { method: 'POST', json: changed });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ id });
    const cart = await summary(t, orderId);
    expect(cart.items.map((i) => [i.id, i.childName, i.format])).toEqual([
      [orderItemId, 'Oliver', 'hardcover'],
      [id, 'Noah', 'softcover'],
    ]);
  });

  it('needs the orderId of an existing order', async () => {
    const missing = await t.request('/api/orderItems', { method: 'POST', json: savePayload() });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).fields).toHaveProperty('orderId');
    const unknown = await t.request('/api/orderItems', {
      method: 'POST',
      json: savePayload({ orderId: 'AAAAAAAAAAAAAAAAAAAAAAAA' }),
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error).toBe('Order not found.');
  });
});

describe('GET, PUT and DELETE /api/orderItems/{id}', () => {
  it('answers the item detail of SPEC section 3', async () => {
    const payload = savePayload({ language: 'lv', country: 'lv' }, 'girl');
    const res = await t.request('/api/order', { method: 'POST', json: payload });
    const { orderId, orderItemId } = (await res.json()) as { orderId: string; orderItemId: string };
    const detail = (await (
      await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId))
    ).json()) as OrderItemDetail;
    expect(detail).toEqual({
      id: orderItemId,
      orderId,
      language: 'lv',
      customization: {
        dedication: payload.dedication,
        bookCoverType: 'hardcover',
        withPdf: false,
      },
      children: [
        {
          name: 'Emma',
          gender: 'Girl',
          personalization: JSON.stringify(payload.child.personalization),
        },
      ],
      familyShape: 'mum-dad',
      grownUps: [
        {
          grownUpRole: 'dad',
          kind: 'dad',
          name: 'Tom',
          call: 'tētis',
          personalization: JSON.stringify(payload.maleParent.personalization),
        },
        {
          grownUpRole: 'mum',
          kind: 'mum',
          name: 'Anna',
          call: 'mamma',
          personalization: JSON.stringify(payload.femaleParent.personalization),
        },
      ],
    });
  });

  it('updates a book in place', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    const set = defaultCharacters('boy');
    const changed = savePayload({
      orderId,
      cover: 'softcover',
      dedication: 'Dear Max',
      child: {
        name: 'Max',
        gender: 'Boy',
        personalization: { ...set.child, hair: 'kid_hair_boy_02_RD' },
      },
      maleParent: {
        grownUpRole: 'dad',
        name: '  ',
        personalization: { ...set.dad, accessories: ['dad_acc_beard'] },
      },
    });
    const res = await t.request(`/api/orderItems/${orderItemId}`, { method: 'PUT', json: changed });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: orderItemId });
    const detail = (await (
      await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId))
    ).json()) as OrderItemDetail;
    expect(detail.customization).toEqual({
      dedication: 'Dear Max',
      bookCoverType: 'softcover',
      withPdf: false,
    });
    expect(detail.children[0]?.name).toBe('Max');
    expect(JSON.parse(detail.children[0]!.personalization)).toMatchObject({
      hair: 'kid_hair_boy_02_RD',
    });
    expect(detail.grownUps[0]).toMatchObject({ grownUpRole: 'dad', name: null });
    expect(JSON.parse(detail.grownUps[0]!.personalization)).toMatchObject({
      accessories: ['dad_acc_beard'],
    });
    expect((await summary(t, orderId)).items).toHaveLength(1);
  });

  it('answers 404 for an unknown item, a malformed id, or an item of another order', async () => {
    const { orderItemId } = await createOrder(t);
    const other = await createOrder(t);
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'not-an-id', '%27%3B--']) {
      expect((await t.request(`/api/orderItems/${id}`)).status, id).toBe(404);
      expect(
        (await t.request(`/api/orderItems/${id}`, { method: 'PUT', json: savePayload() })).status,
        id,
      ).toBe(404);
      expect((await t.request(`/api/orderItems/${id}`, { method: 'DELETE' })).status, id).toBe(404);
    }
    const wrongOrder = await t.request(`/api/orderItems/${orderItemId}`, {
      method: 'PUT',
      json: savePayload({ orderId: other.orderId }),
    });
    expect(wrongOrder.status).toBe(404);
  });

  it('checks the payload of an update like a new book', async () => {
    const { orderItemId } = await createOrder(t);
    const res = await t.request(`/api/orderItems/${orderItemId}`, {
      method: 'PUT',
      json: savePayload({ cover: 'layflat' as 'hardcover' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toHaveProperty('cover');
  });

  it('removes a book; a second delete is a 404', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    const second = await addItem(t, orderId);
    const res = await t.request(`/api/orderItems/${orderItemId}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await t.request(`/api/orderItems/${orderItemId}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await t.request(`/api/orderItems/${orderItemId}`, cartHolder(orderId))).status).toBe(
      404,
    );
    expect((await summary(t, orderId)).items.map((i) => i.id)).toEqual([second]);
  });
});

describe('GET /api/order/summary/{orderId}', () => {
  it.each([
    ['lv', 'EUR', 3999, 2999, 399],
    ['en-GB', 'GBP', 3499, 2999, 999],
    ['en-us', 'USD', 3999, 2999, 1999],
  ])(
    'prices the books of an order made in %s in its currency, delivered to its market (Latvia, the UK, the US)',
    async (language, currency, hard, soft, latvia) => {
      const { orderId } = await createOrder(t, { country: language as 'lv' });
      await addItem(t, orderId, { country: language as 'lv', cover: 'softcover' });
      const cart = await summary(t, orderId, `country=${language}`);
      expect(cart.currencyCode).toBe(currency);
      expect(cart.items.map((i) => i.price)).toEqual([toAmount(hard), toAmount(soft)]);
      expect(cart.subtotal).toBe(toAmount(hard + soft));
      expect(cart.deliveryCost).toBe(toAmount(latvia));
      expect(cart.discount).toBe(0);
      expect(cart.total).toBe(toAmount(hard + soft + latvia));
      expect(cart.couponInfo).toBeNull();
    },
  );

  it('answers every field of SPEC "Order cart summary" for each item', async () => {
    const payload = savePayload();
    const res = await t.request('/api/order', { method: 'POST', json: payload });
    const { orderId, orderItemId } = (await res.json()) as { orderId: string; orderItemId: string };
    const cart = await summary(t, orderId);
    expect(cart.items).toEqual([
      {
        id: orderItemId,
        title: expect.any(String) as string,
        language: 'en-GB',
        childName: 'Oliver',
        childGender: 'Boy',
        format: 'hardcover',
        withPdf: false,
        price: 34.99,
        dedication: payload.dedication,
        childPersonalization: JSON.stringify(payload.child.personalization),
        dadPersonalization: JSON.stringify(payload.maleParent.personalization),
        mumPersonalization: JSON.stringify(payload.femaleParent.personalization),
        dadName: 'Tom',
        mumName: 'Anna',
        family: {
          shape: 'mum-dad',
          grownUps: [
            {
              kind: 'dad',
              name: 'Tom',
              call: 'Dad',
              personalization: JSON.stringify(payload.maleParent.personalization),
            },
            {
              kind: 'mum',
              name: 'Anna',
              call: 'Mum',
              personalization: JSON.stringify(payload.femaleParent.personalization),
            },
          ],
        },
      },
    ] satisfies CartSummary['items']);
    expect(cart.items[0]?.title).not.toBe('');
  });

  it('a Latvian book in the pounds order: the item says lv and has the Latvian title', async () => {
    const english = await t.request('/api/order', { method: 'POST', json: savePayload() });
    const { orderId } = (await english.json()) as { orderId: string };
    const latvian = await t.request('/api/orderItems', {
      method: 'POST',
      json: savePayload({ country: 'en-GB', language: 'lv', orderId }),
    });
    expect(latvian.status).toBe(201);
    const cart = await summary(t, orderId, 'country=en-GB');
    expect(cart.currencyCode).toBe('GBP');
    expect(cart.items.map((i) => i.language)).toEqual(['en-GB', 'lv']);
    expect(cart.items.map((i) => i.title)).toEqual(['You Can Do It', 'Tu to vari']);
  });

  it("answers in the order's own currency whatever language asks: never re-priced (finding 6)", async () => {
    const { orderId } = await createOrder(t, { country: 'lv', cover: 'softcover' });
    await addItem(t, orderId, { country: 'lv', cover: 'hardcover' });
    const asked = await Promise.all(
      ['lv', 'en-GB', 'en-US'].map((language) => summary(t, orderId, `country=${language}`)),
    );
    for (const cart of asked) {
      expect(cart).toMatchObject({
        currencyCode: 'EUR',
        subtotal: 69.98,
        deliveryCost: 3.99,
        total: 73.97,
      });
    }
    const gb = await createOrder(t, { country: 'en-GB' });
    expect(await summary(t, gb.orderId, 'country=lv')).toMatchObject({
      currencyCode: 'GBP',
      subtotal: 34.99,
      deliveryCost: 9.99,
    });
  });

  it("adds the delivery cost of the chosen country (by default the order's market: Latvia 19, the UK 31, the US 45)", async () => {
    const lv = await createOrder(t, { country: 'lv' });
    expect((await summary(t, lv.orderId, 'country=lv')).deliveryCost).toBe(3.99);
    expect((await summary(t, lv.orderId, 'country=en-GB')).deliveryCost).toBe(3.99);
    const gb = await createOrder(t, { country: 'en-GB' });
    expect((await summary(t, gb.orderId, 'country=en-GB')).deliveryCost).toBe(9.99);
    expect((await summary(t, gb.orderId, 'country=en-GB&countryId=19')).deliveryCost).toBe(3.49);
    const us = await createOrder(t, { country: 'en-US' });
    expect((await summary(t, us.orderId, 'country=en-US')).deliveryCost).toBe(19.99);
    const toUs = await summary(t, lv.orderId, 'country=lv&countryId=45');
    expect(toUs.deliveryCost).toBe(19.99);
    expect(toUs.total).toBe(59.98);
  });

  it('answers 400 for a bad language or country and 404 for an unknown order', async () => {
    const { orderId } = await createOrder(t);
    for (const query of [
      '',
      'country=de',
      'country=lv&countryId=abc',
      'country=lv&countryId=999',
    ]) {
      const res = await t.request(`/api/order/summary/${orderId}?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(((await res.json()) as ErrorBody).fields ?? {})[0], query).toMatch(
        /^query\./,
      );
    }
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'short']) {
      const res = await t.request(`/api/order/summary/${id}?country=lv`);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as ErrorBody).error).toBe('Order not found.');
    }
  });

  it('answers an empty cart with nothing to pay once every book is removed', async () => {
    const { orderId, orderItemId } = await createOrder(t);
    await t.request(`/api/orderItems/${orderItemId}`, { method: 'DELETE' });
    const cart = await summary(t, orderId);
    expect(cart).toMatchObject({
      items: [],
      subtotal: 0,
      deliveryCost: 0,
      discount: 0,
      total: 0,
    });
  });
});

describe('GET /api/order/{orderId}/status', () => {
  it('answers the status and the number of books', async () => {
    const { orderId } = await createOrder(t);
    await addItem(t, orderId);
    const res = await t.request(`/api/order/${orderId}/status`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ orderId, placed: false, status: 'cart', itemCount: 2 });
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      expect((await t.request(`/api/order/${id}/status`)).status, id).toBe(404);
    }
  });
});
