import { Hono } from 'hono';
import { CountriesQuerySchema, CoverOptionsQuerySchema } from '#contract/catalogue.ts';
import type { Db } from '#server/db/client.ts';
import { listCountries, listCoverOptions } from '#server/services/catalogue/catalogue.ts';
import { answerQuery } from './validate.ts';

export function catalogueRoutes(db: Db) {
  return new Hono()
    .get(
      '/product/coverOptions',
      answerQuery(CoverOptionsQuerySchema, (query) => listCoverOptions(db, query.country)),
    )
    .get(
      '/delivery/countries',
      answerQuery(CountriesQuerySchema, (query) => listCountries(db, query.country ?? 'lv')),
    );
}
