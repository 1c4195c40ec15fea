import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  PrintPartnerError,
  type FileProblems,
  type PartnerBook,
  type PartnerJob,
  type PartnerStage,
  type PrintPartner,
  type PrintSubmission,
} from './print-partner.ts';

/**
 * Lulu's Print API (PRINT_PARTNER=lulu), from its public documentation: the OpenAPI document
 * "Universal Publishing Platform API" (api.lulu.com/api-docs, openapi_public.yml) and Lulu's help
 * centre on file requirements. What it uses:
 *
 * - OAuth client credentials: POST {api}/auth/realms/glasstree/protocol/openid-connect/token with
 *   `Authorization: Basic base64(client_key:client_secret)` and grant_type=client_credentials;
 *   the access token (expires_in seconds) is sent as `Authorization: Bearer …`.
 * - POST /print-jobs/ with `line_items` (title, quantity, external_id,
 *   printable_normalization { cover.source_url, interior.source_url, pod_package_id }),
 *   `shipping_address` (with a phone number: Lulu's carriers need one), `shipping_level`,
 *   `contact_email`, `external_id`, `production_delay` (60 … 2,880 minutes).
 * - Lulu has no idempotency key. Ours goes in the job's `external_id`, and before creating a job
 *   the adapter looks for one with it (GET /print-jobs/?search=…, which searches `external_id`):
 *   a retry after a lost answer finds the job made the first time.
 * - GET /print-jobs/{id}/ (status, and per line item `tracking_id`, `tracking_urls`,
 *   `carrier_name`); PUT /print-jobs/{id}/status/ {"name": "CANCELED"} (possible while it is
 *   unpaid or in its production delay; 400 "Invalid transition …" after).
 * - Webhooks (topic PRINT_JOB_STATUS_CHANGED, body { topic, data: the print job }) are signed
 *   with the API secret: HMAC-SHA256 of the raw body in the `Lulu-HMAC-SHA256` header.
 *
 * Statuses: CREATED, UNPAID, PAYMENT_IN_PROGRESS, PRODUCTION_DELAYED, PRODUCTION_READY (taken,
 * not printing yet), IN_PRODUCTION, SHIPPED, DELIVERED (USPS, FedEx and UPS only), REJECTED,
 * ERROR, CANCELED. A job stays UNPAID until paid in Lulu's portal unless the account has a card
 * on file (docs/print-partner.md says so).
 */
export interface LuluSettings {
  /** https://api.lulu.com, or https://api.sandbox.lulu.com (the default: no real print). */
  apiUrl: string;
  clientKey: string;
  clientSecret: string;
  /** Lulu's contact for questions about a job: the shop's, never the parent's. */
  contactEmail: string;
  /** MAIL, PRIORITY_MAIL, GROUND, EXPEDITED or EXPRESS. */
  shippingLevel: string;
  /** The products: Lulu's pod_package_id per binding. */
  podPackages: { hardcover: string; softcover: string };
  /** Minutes Lulu waits before production (60 … 2,880): the shop's hold came first, so the least. */
  productionDelayMinutes: number;
  /**
   * What Lulu signs its webhooks with: "the webhook owner's API secret" (LULU_WEBHOOK_SECRET;
   * default the client secret).
   */
  webhookSecret?: string | undefined;
  /** Tests: the fetch to use. */
  fetch?: typeof fetch;
}

/**
 * The pod_package_ids the shop starts with (LULU_POD_PACKAGE_HARDCOVER / _SOFTCOVER replace them):
 * 8.5 x 11 in, full colour, premium, casewrap / perfect bound, 80# coated white, gloss. Lulu's
 * trims are in hundredths of an inch; none is our 245 x 300 mm page (docs/print-partner.md).
 */
export const DEFAULT_POD_PACKAGES = {
  hardcover: '0850X1100.FC.PRE.CW.080CW444.GXX',
  softcover: '0850X1100.FC.PRE.PB.080CW444.GXX',
};

/** Lulu's bleed: 0.125 in (3.18 mm) past the trim on every side (help.lulu.com, "What is bleed?"). */
export const LULU_BLEED_MM = 3.175;
const MM_PER_INCH = 25.4;
/** How far a trim may differ from the pod package's (mm): Lulu trims within about 1/8 in anyway. */
const TRIM_TOLERANCE_MM = 1;
/** Lulu's bindings that are hard covers (casewrap, linen wrap, dust jacket) and soft ones. */
const HARD = ['CW', 'LW', 'DJ'];
const SOFT = ['PB'];

export interface PodPackage {
  widthMm: number;
  heightMm: number;
  colour: string;
  binding: string;
}

/** A pod_package_id: trim (hundredths of an inch), colour, quality, binding, paper, finish. */
export const POD_PACKAGE =
  /^(\d{4})X(\d{4})\.([A-Z]{2})\.([A-Z]{3})\.([A-Z]{2})\.[0-9A-Z]+\.[A-Z]{3}$/;

/** The parts of a pod_package_id (`0850X1100.FC.PRE.CW.080CW444.GXX`), or null when it is not one. */
export function parsePodPackage(id: string): PodPackage | null {
  const match = /^(\d{4})X(\d{4})\.([A-Z]{2})\.([A-Z]{3})\.([A-Z]{2})\.[0-9A-Z]+\.[A-Z]{3}$/.exec(
    id,
  );
  if (!match) return null;
  return {
    widthMm: (Number(match[1]) / 100) * MM_PER_INCH,
    heightMm: (Number(match[2]) / 100) * MM_PER_INCH,
    colour: match[3]!,
    binding: match[5]!,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
const mm = (value: number) => `${round(value)} mm`;
const size = (width: number, height: number) => `${round(width)} x ${round(height)} mm`;

/**
 * Whether Lulu can print a book of ours as the product `podPackageId`: the trim, the bleed,
 * full colour, the binding, the cover as its own file, and no printed endpapers (Lulu prints
 * nothing inside the covers: help.lulu.com, "Interior formatting FAQ"). Each problem in words for
 * the owner; empty when Lulu can print it.
 */
export function luluFileProblems(book: PartnerBook, podPackageId: string): FileProblems {
  const pkg = parsePodPackage(podPackageId);
  if (!pkg) return [`${podPackageId} is not a Lulu pod_package_id.`];
  const problems: string[] = [];
  if (
    Math.abs(pkg.widthMm - book.trimMm.width) > TRIM_TOLERANCE_MM ||
    Math.abs(pkg.heightMm - book.trimMm.height) > TRIM_TOLERANCE_MM
  )
    problems.push(
      `The book's page is ${size(book.trimMm.width, book.trimMm.height)}; ${podPackageId} is ${size(pkg.widthMm, pkg.heightMm)}.`,
    );
  if (book.bleedMm + 0.05 < LULU_BLEED_MM)
    problems.push(
      `The files have ${mm(book.bleedMm)} of bleed; Lulu needs ${mm(LULU_BLEED_MM)} (0.125 in) on every side.`,
    );
  if (book.colour === 'full' && pkg.colour !== 'FC')
    problems.push(`${podPackageId} is not full colour (FC); the book is.`);
  const bindings = book.binding === 'hardcover' ? HARD : SOFT;
  if (!bindings.includes(pkg.binding))
    problems.push(`${podPackageId} is not a ${book.binding} binding (${bindings.join(', ')}).`);
  if (!book.coverUrl) problems.push('Lulu needs the cover as its own file.');
  if (book.endpapersUrl)
    problems.push(
      'The book has printed endpapers (the story’s first and last spreads); Lulu prints nothing inside the covers.',
    );
  return problems;
}

const STAGES: Record<string, PartnerStage> = {
  CREATED: 'accepted',
  ACCEPTED: 'accepted',
  UNPAID: 'accepted',
  PAYMENT_IN_PROGRESS: 'accepted',
  PRODUCTION_DELAYED: 'accepted',
  PRODUCTION_READY: 'accepted',
  IN_PRODUCTION: 'in_production',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  REJECTED: 'failed',
  ERROR: 'failed',
  CANCELED: 'cancelled',
};

interface LuluLineItem {
  external_id?: string | null;
  tracking_id?: string | null;
  tracking_urls?: string[] | string | null;
  status?: {
    name?: string;
    messages?: { tracking_id?: string; tracking_urls?: string[] | string } | null;
  } | null;
}
interface LuluJob {
  id: number | string;
  external_id?: string | null;
  status?: { name?: string; message?: string | null } | null;
  line_items?: LuluLineItem[];
}

function firstUrl(urls: string[] | string | null | undefined): string | undefined {
  if (!urls) return undefined;
  return Array.isArray(urls) ? urls[0] : urls;
}

/** Lulu's print job in the shop's words (the tracking of the first shipped line item). */
export function jobOfLulu(job: LuluJob): PartnerJob {
  const name = job.status?.name ?? 'CREATED';
  const shipped = job.line_items?.find(
    (item) => item.tracking_id || item.status?.messages?.tracking_id,
  );
  const trackingNumber = shipped?.tracking_id ?? shipped?.status?.messages?.tracking_id;
  const trackingUrl =
    firstUrl(shipped?.tracking_urls) ?? firstUrl(shipped?.status?.messages?.tracking_urls);
  return {
    reference: String(job.id),
    stage: STAGES[name] ?? 'accepted',
    status: name,
    ...(job.status?.message ? { message: job.status.message } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
    ...(trackingUrl ? { trackingUrl } : {}),
  };
}

export const LULU_SIGNATURE_HEADER = 'lulu-hmac-sha256';

export function createLuluPartner(settings: LuluSettings): PrintPartner {
  const call = settings.fetch ?? fetch;
  const api = settings.apiUrl.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await call(`${api}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new PrintPartnerError(`Lulu could not be reached: ${String(error)}`);
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send('/auth/realms/glasstree/protocol/openid-connect/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.clientKey}:${settings.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (res.status === 400 || res.status === 401 || res.status === 403)
      throw new PrintPartnerError(
        'Lulu refused the client key and secret (LULU_CLIENT_KEY, LULU_CLIENT_SECRET)',
        res.status,
        'unavailable',
      );
    if (!res.ok)
      throw new PrintPartnerError(`Lulu's token endpoint answered ${res.status}`, res.status);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PrintPartnerError('Lulu answered no access token');
    // Asked again a minute before it expires.
    token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
    return token.value;
  }

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await send(path, {
      ...init,
      headers: {
        Authorization: `Bearer ${await accessToken()}`,
        'Content-Type': 'application/json',
        'Cache-Control': 'no-cache',
        ...init.headers,
      },
    });
    if (res.status === 401) token = null;
    const text = await res.text();
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 429)
      throw new PrintPartnerError(
        `Lulu refused ${init.method ?? 'GET'} ${path.split('?')[0]}: ${res.status} ${text.slice(0, 300)}`,
        res.status,
        'refused',
      );
    if (!res.ok)
      throw new PrintPartnerError(
        `Lulu answered ${res.status} to ${path.split('?')[0]}`,
        res.status,
      );
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PrintPartnerError(`Lulu's answer to ${path.split('?')[0]} was not JSON`);
    }
  }

  /** The job made for this key before, if any (Lulu has no idempotency key: `external_id` carries ours). */
  async function findByKey(externalId: string): Promise<LuluJob | undefined> {
    const list = await request<{ results?: LuluJob[] }>(
      `/print-jobs/?search=${encodeURIComponent(externalId)}&exclude_line_items=true`,
    );
    return list.results?.find((job) => job.external_id === externalId);
  }

  async function read(reference: string): Promise<PartnerJob> {
    if (!/^\d{1,18}$/.test(reference))
      throw new PrintPartnerError('not a Lulu print-job id', 404, 'refused');
    return jobOfLulu(await request<LuluJob>(`/print-jobs/${reference}/`));
  }

  return {
    name: 'lulu',
    label: 'Lulu',
    async submit(submission: PrintSubmission) {
      const problems = submission.books.flatMap((book) =>
        luluFileProblems(book, settings.podPackages[book.binding]),
      );
      if (problems.length > 0)
        throw new PrintPartnerError(
          `Lulu cannot print these files as they are: ${problems.join(' ')}`,
          undefined,
          'refused',
        );
      const externalId = `${submission.reference}-${submission.idempotencyKey}`;
      const before = await findByKey(externalId);
      if (before) return read(String(before.id));
      const shipping = submission.shipping;
      const made = await request<LuluJob>('/print-jobs/', {
        method: 'POST',
        body: JSON.stringify({
          contact_email: settings.contactEmail,
          external_id: externalId,
          line_items: submission.books.map((book) => ({
            external_id: book.itemId,
            title: book.title.slice(0, 255),
            quantity: book.quantity,
            printable_normalization: {
              cover: { source_url: book.coverUrl },
              interior: { source_url: book.interiorUrl },
              pod_package_id: settings.podPackages[book.binding],
            },
          })),
          production_delay: Math.min(2880, Math.max(60, settings.productionDelayMinutes)),
          shipping_address: {
            name: shipping.name,
            street1: shipping.street1,
            ...(shipping.street2 ? { street2: shipping.street2 } : {}),
            city: shipping.city,
            postcode: shipping.postcode,
            country_code: shipping.countryCode,
            ...(shipping.stateCode ? { state_code: shipping.stateCode } : {}),
            phone_number: shipping.phone,
            email: shipping.email,
          },
          shipping_level: settings.shippingLevel,
        }),
      });
      return jobOfLulu(made);
    },
    status: read,
    async cancel(reference) {
      try {
        await request(`/print-jobs/${reference}/status/`, {
          method: 'PUT',
          body: JSON.stringify({ name: 'CANCELED' }),
        });
      } catch (error) {
        // "Invalid transition …": printing already; the state after says so.
        if (!(error instanceof PrintPartnerError && error.kind === 'refused')) throw error;
      }
      return read(reference);
    },
    readWebhook(headers, rawBody) {
      const given = (headers.get(LULU_SIGNATURE_HEADER) ?? '').trim().toLowerCase();
      const expected = createHmac(
        'sha256',
        Buffer.from(settings.webhookSecret ?? settings.clientSecret, 'utf8'),
      )
        .update(Buffer.from(rawBody, 'utf8'))
        .digest('hex');
      if (
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      )
        return null;
      try {
        const body = JSON.parse(rawBody) as { topic?: unknown; data?: { id?: unknown } };
        if (body.topic !== 'PRINT_JOB_STATUS_CHANGED') return null;
        const id = body.data?.id;
        return typeof id === 'number' || typeof id === 'string' ? { reference: String(id) } : null;
      } catch {
        return null;
      }
    },
  };
}
