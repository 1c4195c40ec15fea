// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { api, apiChecked, isFetchError, setServerFetch } from '#src/lib/api.ts';

/** A fetch that answers every call with this status and JSON body, and remembers what it was asked. */
function answering(status: number, body: unknown) {
  const asked: string[] = [];
  setServerFetch(async (input) => {
    asked.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

const shopSchema = () => import('#contract/shop.ts').then((m) => m.ShopInfoSchema);

afterEach(() => setServerFetch(globalThis.fetch));

describe('the API client (ofetch, loaded with the first call)', () => {
  it('calls /api with the query and gives the JSON answer', async () => {
    const asked = answering(200, { ok: true });
    expect(await api('/health', { query: { country: 'lv' } })).toEqual({ ok: true });
    expect(asked).toEqual(['/api/health?country=lv']);
  });

  it("fails with the server's status and { error, fields }, recognised by isFetchError", async () => {
    answering(400, { error: 'Invalid request.', fields: { name: ['Name is required.'] } });
    const error: unknown = await api('/order', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(isFetchError(error)).toBe(true);
    if (!isFetchError(error)) return;
    expect(error.status).toBe(400);
    expect(error.data).toEqual({
      error: 'Invalid request.',
      fields: { name: ['Name is required.'] },
    });
    expect(isFetchError(new Error('network down'))).toBe(false);
    expect(isFetchError('FetchError')).toBe(false);
  });

  it('checks an answer against its contract schema, loaded with the call', async () => {
    answering(200, { nonsense: true });
    await expect(
      apiChecked(shopSchema, '/shop', { query: { country: 'lv' } }),
    ).rejects.toMatchObject({ name: 'ValiError' });
    answering(404, { error: 'Not found.' });
    const error: unknown = await apiChecked(shopSchema, '/shop').catch((caught: unknown) => caught);
    expect(isFetchError(error) && error.status).toBe(404);
  });
});
