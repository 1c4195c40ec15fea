import { Hono } from 'hono';
import { toWireAmounts } from '#contract/amounts.ts';
import {
  CountriesQuerySchema,
  CoverOptionsQuerySchema,
  type CoverOption,
  type Country,
} from '#contract/catalogue.ts';
import { shopLanguageOfQuery } from '#contract/seed-family.ts';
import type { Db } from '#server/db/client.ts';
import { listCountries, listCoverOptions } from '#server/services/catalogue/catalogue.ts';
import { answerQuery } from './validate.ts';
import { routeDocs } from './route-docs.ts';

export function catalogueRoutes(db: Db) {
  return new Hono()
    .get(
      '/product/coverOptions',
      routeDocs['GET /product/coverOptions'],
      answerQuery(CoverOptionsQuerySchema, async (query) =>
        toWireAmounts<CoverOption[]>(await listCoverOptions(db, shopLanguageOfQuery(query))),
      ),
    )
    .get(
      '/delivery/countries',
      routeDocs['GET /delivery/countries'],
      answerQuery(CountriesQuerySchema, async (query) =>
        toWireAmounts<Country[]>(await listCountries(db, shopLanguageOfQuery(query) ?? 'lv')),
      ),
    );
}
