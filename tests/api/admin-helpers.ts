import { createApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import type { AdminOptions } from '#server/routes/admin/admin-routes.ts';
import type { MessagingOptions } from '#server/services/contact/messaging.ts';
import { addStaff } from '#server/services/staff/staff-accounts.ts';
import type { PasswordCost } from '#server/services/staff/passwords.ts';
import type { AdminSession, StaffRole } from '#contract/admin.ts';
import { PUBLIC_URL, ROOMY_LIMITS } from './mail-helpers.ts';

/** A cheap scrypt cost for tests (the shop's default takes a few hundred ms per hash). */
export const TEST_PASSWORD_COST: PasswordCost = { N: 2 ** 12, r: 8, p: 1 };

export type AdminApp = ReturnType<typeof createApp>;

export function adminApp(
  database: Database,
  options: { admin?: AdminOptions; messaging?: MessagingOptions; publicUrl?: string } = {},
): AdminApp {
  return createApp({
    database,
    client: null,
    publicUrl: options.publicUrl ?? PUBLIC_URL,
    messaging: { rateLimits: ROOMY_LIMITS, ...options.messaging },
    admin: { passwordCost: TEST_PASSWORD_COST, ...options.admin },
  });
}

/** Creates an account as the command line does; answers its password. */
export async function createStaff(
  database: Database,
  email: string,
  role: StaffRole,
  password = `${role}-password-${email}`,
) {
  const result = await addStaff(
    { db: database.db, now: () => new Date(), passwordCost: TEST_PASSWORD_COST },
    { staffId: null, email: 'command line' },
    { email, role, password },
  );
  if (!result.ok) throw new Error(`could not create ${email}`);
  return { ...result.staff, password };
}

export function sessionCookieOf(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sm_admin_session='));
  return header?.split(';')[0];
}

/** A browser-like client of the admin API: keeps the session cookie and sends the CSRF token. */
export class AdminClient {
  cookie: string | undefined;
  csrfToken: string | undefined;
  /** `origin`: what a browser on the shop's pages sends as Origin with every POST, PATCH and DELETE. */
  constructor(
    private app: AdminApp,
    private origin = PUBLIC_URL,
  ) {}

  async signIn(email: string, password: string): Promise<Response> {
    const res = await this.send('/api/admin/session', {
      method: 'POST',
      json: { email, password },
    });
    if (res.status === 200) {
      this.cookie = sessionCookieOf(res);
      this.csrfToken = ((await res.clone().json()) as AdminSession).csrfToken;
    }
    return res;
  }

  send(
    path: string,
    init: RequestInit & { json?: unknown; csrf?: boolean } = {},
  ): Promise<Response> {
    const { json, csrf = true, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('Content-Type', 'application/json');
    if (!/^(GET|HEAD)$/i.test(rest.method ?? 'GET') && !headers.has('Origin'))
      headers.set('Origin', this.origin);
    if (this.cookie && !headers.has('Cookie')) headers.set('Cookie', this.cookie);
    if (csrf && this.csrfToken && !headers.has('X-CSRF-Token'))
      headers.set('X-CSRF-Token', this.csrfToken);
    return Promise.resolve(
      this.app.request(path, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      }),
    );
  }

  async json<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const res = await this.send(path, init);
    if (!res.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/** Signs in an account that has its own password (no one-time password to change). */
export async function signedIn(
  app: AdminApp,
  database: Database,
  email: string,
  role: StaffRole,
  /** The shop's public address, when not the default one. */
  origin?: string,
): Promise<AdminClient> {
  const account = await createStaff(database, email, role);
  const client = origin ? new AdminClient(app, origin) : new AdminClient(app);
  const res = await client.signIn(email, account.password);
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return client;
}
