import { Hono } from 'hono';
import { CountriesQuerySchema, CoverOptionsQuerySchema } from '#contract/catalogue.ts';
import type { Db } from '../db/client.ts';
import { listCountries, listCoverOptions } from '../services/catalogue.ts';
import { parseQuery } from './validate.ts';

export function catalogueRoutes(db: Db) {
  return new Hono()
    .get('/product/coverOptions', async (c) => {
      const query = parseQuery(c, CoverOptionsQuerySchema);
      if (!query.ok) return query.response;
      return c.json(await listCoverOptions(db, query.value.country));
    })
    .get('/delivery/countries', async (c) => {
      const query = parseQuery(c, CountriesQuerySchema);
      if (!query.ok) return query.response;
      return c.json(await listCountries(db, query.value.country ?? 'lv'));
    });
}
