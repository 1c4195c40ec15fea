import { Hono } from 'hono';
import {
  AuditQuerySchema,
  NewStaffRequestSchema,
  StaffIdParamsSchema,
  type NewStaffResponse,
} from '#contract/admin.ts';
import type { ApiError } from '#contract/errors.ts';
import { listAudit } from '#server/services/audit/audit-log.ts';
import {
  addStaff,
  listStaff,
  removeStaff,
  type StaffContext,
} from '#server/services/staff/staff-accounts.ts';
import { answerQuery, notFound, parseJson, parseParams } from '#server/routes/validate.ts';
import { actorOf, hashesBusy, type AdminEnv } from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

const REMOVE_REFUSED = {
  self: 'You cannot remove your own account.',
  'last-owner': 'The shop needs at least one owner.',
} as const;

/** Owners only (the caller mounts them behind requireRole('owner')): staff accounts and the audit log. */
export function staffRoutes(ctx: StaffContext) {
  return new Hono<AdminEnv>()
    .get('/staff', adminDocs['GET /staff'], async (c) => c.json(await listStaff(ctx.db)))
    .post('/staff', adminDocs['POST /staff'], async (c) => {
      const body = await parseJson(c, NewStaffRequestSchema);
      if (!body.ok) return body.response;
      const result = await addStaff(ctx, actorOf(c), body.value);
      if (!result.ok && result.reason === 'busy') return hashesBusy(c, result.retryAfterSeconds);
      if (!result.ok) {
        return c.json(
          {
            error: 'An account with this e-mail address exists.',
            fields: { email: ['An account with this e-mail address exists.'] },
          } satisfies ApiError,
          409,
        );
      }
      return c.json(
        { staff: result.staff, oneTimePassword: result.password } satisfies NewStaffResponse,
        201,
      );
    })
    .delete('/staff/:staffId', adminDocs['DELETE /staff/:staffId'], async (c) => {
      const params = parseParams(c, StaffIdParamsSchema, 'notFound');
      if (!params.ok) return params.response;
      const result = await removeStaff(ctx, actorOf(c), params.value.staffId);
      if (result === 'not-found') return notFound(c, 'No such staff account.');
      if (result !== 'removed')
        return c.json({ error: REMOVE_REFUSED[result] } satisfies ApiError, 409);
      return c.body(null, 204);
    })
    .get(
      '/audit',
      adminDocs['GET /audit'],
      answerQuery(AuditQuerySchema, (query) => listAudit(ctx.db, query.page)),
    );
}
