import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CSRF_HEADER, type StaffRole } from '#contract/admin.ts';
import type { ApiError } from '#contract/errors.ts';
import { sameOriginJson } from '#server/middleware/same-origin.ts';
import type { Actor } from '#server/services/audit/audit-log.ts';
import { clientAddress } from '#server/routes/rate-limit.ts';
import {
  findSession,
  type SessionContext,
  type SignedInStaff,
} from '#server/services/staff/sessions.ts';

/** The session cookie: sent only to the admin API, never readable by scripts. */
const SESSION_COOKIE = 'sm_admin_session';
const COOKIE_PATH = '/api/admin';

export type AdminEnv = { Variables: { signedIn: SignedInStaff; clientAddress: string } };

/** Every admin call: the client's address, for the audit log (set before anything else). */
export function rememberClientAddress(trustProxy: boolean): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    c.set('clientAddress', clientAddress(c, trustProxy));
    return next();
  };
}

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;

export function deny(c: Context, status: 401 | 403, error: string, code?: string) {
  return c.json(
    { error, ...(code ? { code } : {}) } satisfies ApiError & { code?: string },
    status,
  );
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, secure: boolean) {
  deleteCookie(c, SESSION_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure,
  });
}

/**
 * Cross-site requests are refused before anything else, by the API's one rule
 * (middleware/same-origin.ts, here again so the back office keeps it however it is mounted): a
 * request a browser says another site sent (`Sec-Fetch-Site: cross-site` or `same-site`, an
 * `Origin` not ours, or `null`) is a 403, and a body that is not JSON a 415.
 *
 * A bodiless call (sign-out, removing a staff account: `DELETE` without a body) needs no
 * `Content-Type` and no `Origin`. This is safe against cross-site request forgery: a browser sends
 * `Origin` (and `Sec-Fetch-Site`) with every `DELETE`, `PUT`, `PATCH` and `POST`, so a request
 * without them is not a browser acting for a signed-in owner on another site's page; a page on
 * another site cannot send a `DELETE` at all without a CORS preflight, which this server never
 * allows; the session cookie is `SameSite=Strict`; and every state-changing call needs the
 * session's `X-CSRF-Token` (requireSession), which another site cannot read. Hono's `csrf()`,
 * used here before, took a request without a `Content-Type` for `text/plain` and refused a
 * bodiless `DELETE` without `Origin` (a script's or curl's sign-out), which none of this requires.
 */
export function crossSiteGuard(publicUrl: string, trustProxy = false): MiddlewareHandler[] {
  return [sameOriginJson({ publicUrl, trustProxy })];
}

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The session check of every admin call but sign-in: 401 without a valid session, 403 when a
 * state-changing call lacks the session's CSRF token or the account must first change its
 * one-time password (only the session and password calls answer then).
 */
export function requireSession(ctx: SessionContext, secure: boolean): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const signedIn = token ? await findSession(ctx, token) : undefined;
    if (!signedIn) {
      if (token) clearSessionCookie(c, secure);
      return deny(c, 401, 'Please sign in.');
    }
    if (
      !SAFE_METHOD.test(c.req.method) &&
      !sameToken(c.req.header(CSRF_HEADER) ?? '', signedIn.csrfToken)
    ) {
      return deny(c, 403, 'The request lacks a valid CSRF token.', 'csrf');
    }
    const path = c.req.path.replace(/\/+$/, '');
    const passwordPaths =
      path.endsWith('/api/admin/session') || path.endsWith('/api/admin/password');
    if (signedIn.staff.mustChangePassword && !passwordPaths) {
      return deny(
        c,
        403,
        'Please change your one-time password first.',
        'password_change_required',
      );
    }
    c.set('signedIn', signedIn);
    return next();
  };
}

/** 403 unless the signed-in staff member has one of `roles` (after requireSession). */
export function requireRole(...roles: StaffRole[]): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!roles.includes(c.get('signedIn').staff.role))
      return deny(c, 403, 'Only the shop owner may do this.', 'forbidden');
    return next();
  };
}

/**
 * 429 when the server's password hashes are all taken (services/staff/passwords.ts HashGate):
 * nothing was hashed; `Retry-After` says when the queue has room again.
 */
export function hashesBusy(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json(
    {
      error: `Many sign-ins are being checked just now. Please try again in ${retryAfterSeconds} seconds.`,
      code: 'sign_in_busy',
    } satisfies ApiError & { code: string },
    429,
  );
}

/** The signed-in staff member and the address the call came from, for the audit log. */
export function actorOf(c: Context<AdminEnv>): Actor & { staffId: number } {
  const { staff } = c.get('signedIn');
  return { staffId: staff.id, email: staff.email, address: c.get('clientAddress') ?? null };
}
