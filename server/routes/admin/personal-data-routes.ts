import { Hono } from 'hono';
import { PersonalDataRequestSchema } from '#contract/personal-data.ts';
import type { Db } from '#server/db/client.ts';
import { erasePersonalData, exportPersonalData } from '#server/services/retention/personal-data.ts';
import { parseJson } from '#server/routes/validate.ts';
import { actorOf, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

/**
 * Owners only (admin-routes.ts): a parent's request to see or erase their data. Both are POSTs
 * with the address in the body (never in a URL, which logs and proxies keep), behind the session's
 * CSRF token and the same-origin check like every admin write.
 */
export function personalDataRoutes(db: Db, now: () => Date) {
  return new Hono<AdminEnv>()
    .post('/personal-data/export', adminDocs['POST /personal-data/export'], async (c) => {
      const body = await parseJson(c, PersonalDataRequestSchema);
      if (!body.ok) return body.response;
      const at = now();
      const data = await exportPersonalData(db, actorOf(c), body.value.email, at);
      c.header(
        'Content-Disposition',
        `attachment; filename="storymade-personal-data-${at.toISOString().slice(0, 10)}.json"`,
      );
      return c.json(data);
    })
    .post('/personal-data/erase', adminDocs['POST /personal-data/erase'], async (c) => {
      const body = await parseJson(c, PersonalDataRequestSchema);
      if (!body.ok) return body.response;
      return c.json(await erasePersonalData(db, actorOf(c), body.value.email, now()));
    });
}
