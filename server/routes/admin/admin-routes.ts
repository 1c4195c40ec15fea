import { Hono } from 'hono';
import type { Db } from '#server/db/client.ts';
import type { Seller } from '#server/services/invoices/invoice-pdf.ts';
import type { JobRunner } from '#server/platform/jobs/runner.ts';
import type { PaymentProvider } from '#server/services/payment/provider.ts';
import type { PrintFulfilment } from '#server/services/fulfilment/partner/handoff.ts';
import {
  createHashGate,
  DEFAULT_HASH_LIMITS,
  DEFAULT_PASSWORD_COST,
  type HashLimits,
  type PasswordCost,
} from '#server/services/staff/passwords.ts';
import {
  IDLE_TIMEOUT_MS,
  SESSION_TTL_MS,
  type SessionContext,
} from '#server/services/staff/sessions.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '#server/platform/rate-limits.ts';
import {
  crossSiteGuard,
  rememberClientAddress,
  requireRole,
  requireSession,
  type AdminEnv,
} from './admin-auth.ts';
import { communityRoutes, messageRoutes } from './community-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { paymentAlertRoutes } from './payment-alert-routes.ts';
import { printPartnerAdminRoutes } from './print-partner-routes.ts';
import { personalDataRoutes } from './personal-data-routes.ts';
import { refundRoutes } from './refund-routes.ts';
import { reviewModerationRoutes } from './review-routes.ts';
import { sessionRoutes, signInRoute } from './session-routes.ts';
import { staffRoutes } from './staff-routes.ts';

/** The back office's settings; every field has a default. */
export interface AdminOptions {
  /** scrypt's cost for new password hashes (tests lower it); default OWASP's N=2^17, r=8, p=1. */
  passwordCost?: PasswordCost;
  /** How many password hashes run at once and wait (DEFAULT_HASH_LIMITS). */
  hashLimits?: Partial<HashLimits>;
  signInLimits?: Partial<SignInLimits>;
  sessionTtlMs?: number;
  idleTimeoutMs?: number;
}

/** Owners only: staff accounts, the audit log, the subscribers, the survey and a person's data (export, erase). */
const OWNER_PATHS = [
  '/staff',
  '/staff/*',
  '/audit',
  '/subscribers',
  '/subscribers/*',
  '/survey',
  '/personal-data/*',
  '/reviews',
  '/reviews/*',
];

/**
 * /api/admin: sign-in is the only call answered without a session; everything after
 * requireSession needs one (401), the owner-only group also the owner's role (403).
 */
export function adminRoutes(
  {
    db,
    jobs,
    now,
    publicUrl,
    https,
    trustProxy,
    provider,
    seller,
    print,
  }: {
    db: Db;
    jobs: JobRunner;
    now: () => Date;
    publicUrl: string;
    https: boolean;
    trustProxy: boolean;
    provider: PaymentProvider;
    seller: Seller;
    /** The print partner's hand-offs (issue #47). */
    print: PrintFulfilment;
  },
  options: AdminOptions = {},
) {
  const ctx: SessionContext = {
    db,
    now,
    passwordCost: options.passwordCost ?? DEFAULT_PASSWORD_COST,
    hashes: createHashGate({ ...DEFAULT_HASH_LIMITS, ...options.hashLimits }),
    limits: { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits },
    sessionTtlMs: options.sessionTtlMs ?? SESSION_TTL_MS,
    idleTimeoutMs: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
  };
  // The cookie is Secure when the shop is https (PUBLIC_URL parsed once by the app: server/env.ts).
  const secure = https;
  const routeOptions = { ctx, secure, trustProxy };

  const admin = new Hono<AdminEnv>();
  admin.use(rememberClientAddress(trustProxy));
  admin.use(...crossSiteGuard(publicUrl, trustProxy));
  admin.route('/', signInRoute(routeOptions));
  admin.use(requireSession(ctx, secure));
  for (const path of OWNER_PATHS) admin.use(path, requireRole('owner'));
  admin.route('/', sessionRoutes(routeOptions));
  admin.route('/', messageRoutes(db, now));
  admin.route('/', orderRoutes(db, jobs, now));
  admin.route('/', printPartnerAdminRoutes(print, now));
  admin.route('/', refundRoutes({ db, jobs, provider, seller }, now));
  admin.route('/', paymentAlertRoutes({ db, jobs, provider, publicUrl, now }));
  admin.route('/', staffRoutes(ctx));
  admin.route('/', communityRoutes(db, now));
  admin.route('/', personalDataRoutes(db, now));
  admin.route('/', reviewModerationRoutes(db, now));
  return admin;
}
