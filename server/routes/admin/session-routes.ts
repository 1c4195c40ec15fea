import { Hono } from 'hono';
import { PasswordChangeRequestSchema, SignInRequestSchema } from '#contract/admin.ts';
import type { ApiError } from '#contract/errors.ts';
import { changePassword } from '#server/services/staff/staff-accounts.ts';
import {
  endSession,
  signIn,
  toAdminSession,
  type SessionContext,
} from '#server/services/staff/sessions.ts';
import { clientAddress, clientKey, tooManyRequests } from '#server/routes/rate-limit.ts';
import { parseJson } from '#server/routes/validate.ts';
import {
  actorOf,
  clearSessionCookie,
  deny,
  hashesBusy,
  setSessionCookie,
  type AdminEnv,
} from './admin-auth.ts';
import { adminDocs } from '#server/routes/route-docs.ts';

interface SessionRouteOptions {
  ctx: SessionContext;
  secure: boolean;
  trustProxy: boolean;
}

/** POST /session: sign in. The only admin call answered without a session. */
export function signInRoute({ ctx, secure, trustProxy }: SessionRouteOptions) {
  return new Hono<AdminEnv>().post('/session', adminDocs['POST /session'], async (c) => {
    const body = await parseJson(c, SignInRequestSchema);
    if (!body.ok) return body.response;
    const address = clientAddress(c, trustProxy);
    const result = await signIn(ctx, { ...body.value, client: clientKey(address), address });
    if (!result.ok) {
      if (result.reason === 'limited') return tooManyRequests(c, result.retryAfterSeconds);
      if (result.reason === 'busy') return hashesBusy(c, result.retryAfterSeconds);
      return deny(c, 401, 'The e-mail address or password is not right.', 'invalid_credentials');
    }
    setSessionCookie(c, result.token, new Date(result.session.expiresAt), secure);
    return c.json(result.session);
  });
}

/** GET /session (who am I), DELETE /session (sign out), POST /password (change it). */
export function sessionRoutes({ ctx, secure }: SessionRouteOptions) {
  return new Hono<AdminEnv>()
    .get('/session', adminDocs['GET /session'], (c) => c.json(toAdminSession(c.get('signedIn'))))
    .delete('/session', adminDocs['DELETE /session'], async (c) => {
      await endSession(ctx, c.get('signedIn'), c.get('clientAddress'));
      clearSessionCookie(c, secure);
      return c.body(null, 204);
    })
    .post('/password', adminDocs['POST /password'], async (c) => {
      const body = await parseJson(c, PasswordChangeRequestSchema);
      if (!body.ok) return body.response;
      const signedIn = c.get('signedIn');
      const result = await changePassword(ctx, actorOf(c), {
        ...body.value,
        keepSessionHash: signedIn.tokenHash,
      });
      if (result === 'wrong-password') {
        return c.json(
          {
            error: 'The current password is not right.',
            fields: { currentPassword: ['The current password is not right.'] },
          } satisfies ApiError,
          400,
        );
      }
      if (result === 'not-found') return deny(c, 401, 'Please sign in.');
      if (typeof result === 'object') return hashesBusy(c, result.retryAfterSeconds);
      return c.json(
        toAdminSession({ ...signedIn, staff: { ...signedIn.staff, mustChangePassword: false } }),
      );
    });
}
