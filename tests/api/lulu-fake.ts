import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Lulu's Print API, built from Lulu's documentation, never from our adapter. Sources:
 *
 * - [O] "Universal Publishing Platform API" v1, Lulu's OpenAPI document (openapi_public.yml, the
 *   reference at https://api.lulu.com/api-docs/):
 *   - [O1] "Authorization": POST /auth/realms/glasstree/protocol/openid-connect/token with
 *     `Authorization: Basic base64(client_key:client_secret)` and `grant_type=client_credentials`
 *     (form), answering `access_token`, `expires_in` (3600 in the example), `token_type` bearer;
 *     further requests carry `Authorization: Bearer {access_token}`.
 *   - [O2] "Create a Print-Job": `line_items` (required; each with `printable_normalization`
 *     { cover.source_url, interior.source_url, pod_package_id }, `quantity`, `title`,
 *     `external_id`), `shipping_address` (required; "must contain a phone number"), `contact_email`
 *     (required), `shipping_level` (required: MAIL, PRIORITY_MAIL, GROUND, EXPEDITED, EXPRESS;
 *     the schema also lists GROUND_HD, GROUND_BUS), `external_id` (optional),
 *     `production_delay` "between 60 minutes and 2,880 minutes"; answered 201 with the job.
 *   - [O3] "Check Print-Job Status": CREATED, UNPAID, PAYMENT_IN_PROGRESS, PRODUCTION_DELAYED,
 *     PRODUCTION_READY, IN_PRODUCTION, SHIPPED, DELIVERED, REJECTED, CANCELED (and ERROR in the
 *     status enum); transitions CREATED -> UNPAID | REJECTED | CANCELED | PRODUCTION_READY,
 *     UNPAID -> PAYMENT_IN_PROGRESS | CANCELED | PRODUCTION_DELAYED, PAYMENT_IN_PROGRESS -> UNPAID
 *     | PRODUCTION_DELAYED, PRODUCTION_DELAYED -> PRODUCTION_READY | CANCELED, PRODUCTION_READY ->
 *     IN_PRODUCTION | PRODUCTION_DELAYED, IN_PRODUCTION -> SHIPPED | ERROR.
 *   - [O4] "Shipping Notification": a shipped line item's `tracking_id`, `tracking_urls` (a list)
 *     and `carrier_name`, also under its status's `messages`.
 *   - [O5] GET /print-jobs/ (paginated `count`, `next`, `previous`, `results`), filters including
 *     `search` "across the fields id, external_id, order_id, status, line_item_id,
 *     line_item_external_id, line_item_title, line_item_tracking_id and shipping_address", and
 *     `exclude_line_items`; GET /print-jobs/{id}/; GET /print-jobs/{id}/status/.
 *   - [O6] "Cancel Print-Job": PUT /print-jobs/{id}/status/ with {"name": "CANCELED"}, answered
 *     200 { name: CANCELED, message: "Print-job was canceled", changed }, or 400
 *     ["Invalid transition from PRODUCTION_READY to CANCELED requested"].
 *   - [O7] "Webhooks": topic PRINT_JOB_STATUS_CHANGED; the payload { topic, data } with data the
 *     print job as GET /print-jobs/{id}/ answers it; "HMAC is sent in Lulu-HMAC-SHA256 header …
 *     calculated with API secret as a key (UTF-8 encoded), payload as a message (UTF-8 encoded)
 *     and SHA-256", over the raw body.
 * - [H] Lulu's help centre: "What is bleed?" (0.125 in past the trim on every side).
 *
 * Where the documentation is silent, the fake decides (marked [fake]): the HMAC's encoding (hex,
 * lower case), the body of a 400 on create (Django REST style: `{ field: [message] }`), that the
 * files are fetched when the job is created, and that `search` matches a substring.
 */

export const LULU_KEY = 'storymade-client-key';
export const LULU_SECRET = 'storymade-client-secret';

const LEVELS = [
  'MAIL',
  'PRIORITY_MAIL',
  'GROUND_HD',
  'GROUND_BUS',
  'GROUND',
  'EXPEDITED',
  'EXPRESS',
];
const TRANSITIONS: Record<string, string[]> = {
  CREATED: ['UNPAID', 'REJECTED', 'CANCELED', 'PRODUCTION_READY'],
  UNPAID: ['PAYMENT_IN_PROGRESS', 'CANCELED', 'PRODUCTION_DELAYED'],
  PAYMENT_IN_PROGRESS: ['UNPAID', 'PRODUCTION_DELAYED'],
  PRODUCTION_DELAYED: ['PRODUCTION_READY', 'CANCELED'],
  PRODUCTION_READY: ['IN_PRODUCTION', 'PRODUCTION_DELAYED'],
  IN_PRODUCTION: ['SHIPPED', 'ERROR'],
  SHIPPED: ['DELIVERED'],
};

export interface FakeLineItem {
  id: number;
  external_id: string | null;
  title: string;
  quantity: number;
  printable_normalization: {
    cover: { source_url: string };
    interior: { source_url: string };
    pod_package_id: string;
  };
  status: { name: string; messages?: Record<string, unknown> };
  tracking_id: string | null;
  tracking_urls: string[];
  carrier_name: string | null;
}

export interface FakeJob {
  id: number;
  external_id: string | null;
  contact_email: string;
  production_delay: number;
  shipping_level: string;
  shipping_address: Record<string, string>;
  line_items: FakeLineItem[];
  status: { name: string; message: string; changed: string };
  date_created: string;
  /** The files the fake fetched from the source URLs, by line item and file ([fake]). */
  fetched: { lineItem: number; file: 'cover' | 'interior'; status: number; bytes: Buffer }[];
}

export interface FakeLulu {
  url: string;
  jobs: FakeJob[];
  tokensIssued: () => number;
  /** The next create makes the job, then drops the connection before answering (a lost answer). */
  loseNextCreateAnswer: () => void;
  /** Moves a job on by a documented transition, with tracking when shipped, and sends its webhook. */
  advance: (id: number, to: string) => Promise<void>;
  /** Where its webhooks go (a subscription), and how they are posted. */
  subscribe: (post: (body: string, signature: string) => Promise<void>) => void;
  close: () => Promise<void>;
}

export async function startFakeLulu(
  options: { fetchFile?: (url: string) => Promise<Response> } = {},
): Promise<FakeLulu> {
  const jobs: FakeJob[] = [];
  const tokens = new Set<string>();
  let issued = 0;
  let loseNext = false;
  let nextId = 42776;
  let nextLine = 57999;
  let webhook: ((body: string, signature: string) => Promise<void>) | null = null;
  const fetchFile = options.fetchFile ?? ((url: string) => fetch(url));

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const view = (job: FakeJob, lineItems = true) => {
    const { fetched: _fetched, ...rest } = job;
    return lineItems ? rest : { ...rest, line_items: undefined };
  };

  async function create(body: Record<string, unknown>, res: ServerResponse) {
    const errors: Record<string, string[]> = {};
    const lines = body.line_items;
    if (!Array.isArray(lines) || lines.length === 0)
      errors.line_items = ['This field is required.'];
    const address = body.shipping_address as Record<string, string> | undefined;
    if (!address || typeof address !== 'object')
      errors.shipping_address = ['This field is required.'];
    else
      for (const field of ['city', 'country_code', 'postcode', 'street1', 'phone_number'])
        if (!address[field]) errors[`shipping_address.${field}`] = ['This field is required.'];
    if (typeof body.contact_email !== 'string' || !body.contact_email.includes('@'))
      errors.contact_email = ['Enter a valid email address.'];
    if (!LEVELS.includes(String(body.shipping_level)))
      errors.shipping_level = [`"${String(body.shipping_level)}" is not a valid choice.`];
    const delay = body.production_delay ?? 60;
    if (typeof delay !== 'number' || delay < 60 || delay > 2880)
      errors.production_delay = ['Ensure this value is between 60 and 2880.'];
    for (const [n, line] of (Array.isArray(lines) ? lines : []).entries()) {
      const p = (line as FakeLineItem).printable_normalization;
      if (!p?.cover?.source_url || !p?.interior?.source_url || !p?.pod_package_id)
        errors[`line_items.${n}.printable_normalization`] = [
          'cover.source_url, interior.source_url and pod_package_id are required.',
        ];
      if (!Number.isInteger((line as FakeLineItem).quantity) || (line as FakeLineItem).quantity < 1)
        errors[`line_items.${n}.quantity`] = ['A valid integer is required.'];
    }
    if (Object.keys(errors).length > 0) return json(res, 400, errors);
    const now = new Date().toISOString();
    const job: FakeJob = {
      id: nextId++,
      external_id: (body.external_id as string | undefined) ?? null,
      contact_email: String(body.contact_email),
      production_delay: delay as number,
      shipping_level: String(body.shipping_level),
      shipping_address: address!,
      line_items: (lines as FakeLineItem[]).map((line) => ({
        id: nextLine++,
        external_id: line.external_id ?? null,
        title: line.title,
        quantity: line.quantity,
        printable_normalization: line.printable_normalization,
        status: { name: 'CREATED' },
        tracking_id: null,
        tracking_urls: [],
        carrier_name: null,
      })),
      status: { name: 'CREATED', message: 'Print-Job created', changed: now },
      date_created: now,
      fetched: [],
    };
    jobs.push(job);
    // [fake] The files are fetched at once (Lulu validates and normalises them).
    for (const line of job.line_items)
      for (const file of ['cover', 'interior'] as const) {
        const answer = await fetchFile(line.printable_normalization[file].source_url);
        job.fetched.push({
          lineItem: line.id,
          file,
          status: answer.status,
          bytes: Buffer.from(await answer.arrayBuffer()),
        });
      }
    if (loseNext) {
      loseNext = false;
      res.socket?.destroy();
      return;
    }
    json(res, 201, view(job));
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await read(req);
      if (
        req.method === 'POST' &&
        url.pathname === '/auth/realms/glasstree/protocol/openid-connect/token'
      ) {
        const basic = `Basic ${Buffer.from(`${LULU_KEY}:${LULU_SECRET}`).toString('base64')}`;
        if (
          req.headers.authorization !== basic ||
          new URLSearchParams(body).get('grant_type') !== 'client_credentials'
        )
          return json(res, 401, {
            error: 'unauthorized_client',
            error_description: 'Invalid client secret',
          });
        const token = randomBytes(24).toString('base64url');
        tokens.add(token);
        issued += 1;
        return json(res, 200, {
          access_token: token,
          expires_in: 3600,
          refresh_expires_in: 604800,
          token_type: 'bearer',
          'not-before-policy': 0,
        });
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !tokens.has(bearer))
        return json(res, 401, { detail: 'Authentication credentials were not provided.' });
      if (url.pathname === '/print-jobs/' && req.method === 'POST') {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(body) as Record<string, unknown>;
        } catch {
          return json(res, 400, { detail: 'JSON parse error' });
        }
        return create(parsed, res);
      }
      if (url.pathname === '/print-jobs/' && req.method === 'GET') {
        const search = url.searchParams.get('search');
        const lineItems = url.searchParams.get('exclude_line_items') !== 'true';
        const found = jobs.filter(
          (job) =>
            !search ||
            [String(job.id), job.external_id ?? '', job.status.name].some((field) =>
              field.includes(search),
            ) ||
            job.line_items.some((line) => (line.external_id ?? '').includes(search)),
        );
        return json(res, 200, {
          count: found.length,
          next: null,
          previous: null,
          results: found.map((job) => view(job, lineItems)),
        });
      }
      const one = /^\/print-jobs\/(\d+)\/(status\/)?$/.exec(url.pathname);
      const job = one ? jobs.find((candidate) => candidate.id === Number(one[1])) : undefined;
      if (!one || !job) return json(res, 404, { detail: 'Not found.' });
      if (!one[2] && req.method === 'GET') return json(res, 200, view(job));
      if (one[2] && req.method === 'GET') return json(res, 200, job.status);
      if (one[2] && req.method === 'PUT') {
        const to = (JSON.parse(body || '{}') as { name?: string }).name;
        if (to !== 'CANCELED' || !TRANSITIONS[job.status.name]?.includes('CANCELED'))
          return json(res, 400, [`Invalid transition from ${job.status.name} to ${to} requested`]);
        job.status = {
          name: 'CANCELED',
          message: 'Print-job was canceled',
          changed: new Date().toISOString(),
        };
        return json(res, 200, job.status);
      }
      json(res, 405, { detail: 'Method not allowed.' });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    jobs,
    tokensIssued: () => issued,
    loseNextCreateAnswer: () => {
      loseNext = true;
    },
    subscribe: (post) => {
      webhook = post;
    },
    async advance(id, to) {
      const job = jobs.find((candidate) => candidate.id === id);
      if (!job) throw new Error(`no job ${id}`);
      if (!TRANSITIONS[job.status.name]?.includes(to))
        throw new Error(`Lulu documents no transition from ${job.status.name} to ${to}`);
      job.status = {
        name: to,
        message: to === 'SHIPPED' ? 'All line-items were shipped' : to,
        changed: new Date().toISOString(),
      };
      for (const line of job.line_items) {
        line.status = { name: to === 'SHIPPED' || to === 'DELIVERED' ? 'SHIPPED' : to };
        if (to === 'SHIPPED') {
          line.tracking_id = `${randomBytes(4).toString('hex')}_${line.id}`;
          // [O4]: the sandbox's tracking link.
          line.tracking_urls = [
            `https://api.sandbox.lulu.com/printer-wannabe-tracking/${line.tracking_id}`,
          ];
          line.carrier_name = 'Carrier';
          line.status.messages = {
            tracking_id: line.tracking_id,
            tracking_urls: line.tracking_urls,
            carrier_name: 'Carrier',
          };
        }
      }
      if (webhook) {
        const raw = JSON.stringify({ topic: 'PRINT_JOB_STATUS_CHANGED', data: view(job) });
        await webhook(
          raw,
          createHmac('sha256', Buffer.from(LULU_SECRET, 'utf8')).update(raw, 'utf8').digest('hex'),
        );
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
