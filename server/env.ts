import path from 'node:path';
import * as v from 'valibot';
import { isValidEmail } from '#contract/email.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#contract/shop.ts';
import { everyPayAccounts } from './services/payment/providers/everypay-accounts.ts';
import type { RetentionSettings } from './services/retention/retention.ts';
import { DEFAULT_POD_PACKAGES, POD_PACKAGE } from './services/fulfilment/partner/lulu.ts';

/**
 * The company details every page, the terms and the privacy policy show (EU law asks for them).
 * The defaults are examples for development: a shop sets every one before going live.
 */
export const EXAMPLE_COMPANY = {
  COMPANY_LEGAL_NAME: 'SIA Storymade',
  COMPANY_REGISTRATION_NUMBER: '40000000000',
  COMPANY_VAT_NUMBER: 'LV40000000000',
  COMPANY_ADDRESS: 'Brīvības iela 1, Rīga, LV-1010, Latvia',
  COMPANY_PHONE: '+371 20 000 000',
} as const;
type CompanyKey = keyof typeof EXAMPLE_COMPANY;

/** A retention period: a whole number of months or days, 1 to 999. */
function retentionPeriod(name: string, unit: 'months' | 'days', fallback: string) {
  const message = `${name} must be a whole number of ${unit} (at least 1)`;
  return v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, message), v.transform(Number), v.minValue(1, message)),
    fallback,
  );
}

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number), v.integer()),
    '3000',
  ),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.startsWith('postgres'))),
  /** Connections of each instance's PostgreSQL pool (docs/operations.md). */
  PG_POOL_MAX: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9][0-9]{0,2}$/, 'PG_POOL_MAX must be a whole number from 1 to 999.'),
      v.transform(Number),
    ),
  ),
  /** The bearer token of GET /api/metrics; unset: that route answers 404. */
  METRICS_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(32, 'METRICS_TOKEN must be at least 32 characters.')),
  ),
  /** Parsed by parsePublicUrl (one parse drives links, HSTS, the Secure cookie and the sandbox check). */
  PUBLIC_URL: v.optional(v.string()),
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'production'),
  LOG_REQUESTS: v.optional(v.picklist(['0', '1']), '1'),
  GA_MEASUREMENT_ID: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^G-[A-Z0-9]{4,20}$/i, 'GA_MEASUREMENT_ID must look like G-XXXXXXXXXX'),
    ),
  ),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^smtps?:\/\/[^\s]+$/,
        'SMTP_URL must look like smtp://user:password@host:587 or smtps://…',
      ),
    ),
  ),
  SHOP_EMAIL: v.optional(
    v.pipe(v.string(), v.check(isValidEmail, 'SHOP_EMAIL must be an e-mail address')),
    'hello@storymade.eu',
  ),
  TRUST_PROXY: v.optional(v.picklist(['0', '1']), '0'),
  MAIL_OUTBOX_PAGE: v.optional(v.picklist(['0', '1']), '0'),
  RATE_LIMIT_SCALE: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\d+(\.\d+)?$/,
        "RATE_LIMIT_SCALE must be a positive number (1 = the shop's limits)",
      ),
      v.transform(Number),
      v.minValue(0.01, "RATE_LIMIT_SCALE must be a positive number (1 = the shop's limits)"),
    ),
    '1',
  ),
  MAIL_RETRY_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'MAIL_RETRY_SECONDS must be a number of seconds'),
      v.transform(Number),
      v.minValue(1),
    ),
    '300',
  ),
  PREVIEW_WARM_UP: v.optional(v.picklist(['0', '1']), '1'),
  PREVIEW_ETAG_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.minLength(
        32,
        'PREVIEW_ETAG_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`)',
      ),
    ),
  ),
  COMPANY_LEGAL_NAME: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  COMPANY_REGISTRATION_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  COMPANY_VAT_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  COMPANY_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(300))),
  COMPANY_PHONE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\+?[\d\s()-]{5,30}$/, 'COMPANY_PHONE must be a phone number like +371 20 000 000'),
    ),
  ),
  PAYMENT_METHODS: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.check(
        (list) =>
          list.length > 0 &&
          list.every((item) => (PAYMENT_METHODS as readonly string[]).includes(item)),
        `PAYMENT_METHODS must be a comma-separated list of ${PAYMENT_METHODS.join(', ')}`,
      ),
    ),
  ),
  PAYMENT_PROVIDER: v.optional(
    v.picklist(['sandbox', 'everypay'], 'PAYMENT_PROVIDER must be sandbox or everypay'),
    'sandbox',
  ),
  PAYMENT_SANDBOX_ALLOWED: v.optional(v.picklist(['0', '1']), '0'),
  EVERYPAY_API_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('EVERYPAY_API_URL must be a URL (https://igw-demo.every-pay.com/api/v4)'),
      // Every call carries the API secret (HTTP Basic): never over plain http.
      v.check(
        (url) => /^https:\/\//i.test(url),
        'EVERYPAY_API_URL must be an https URL: every call carries the API secret (https://pay.every-pay.eu/api/v4, or https://igw-demo.every-pay.com/api/v4 for the demo)',
      ),
    ),
  ),
  EVERYPAY_API_USERNAME: v.optional(v.string()),
  EVERYPAY_API_SECRET: v.optional(v.string()),
  EVERYPAY_ACCOUNT_NAME: v.optional(v.string()),
  EVERYPAY_AUTO_CAPTURE: v.optional(
    v.picklist(['0', '1'], 'EVERYPAY_AUTO_CAPTURE must be 0 or 1'),
    '0',
  ),
  EVERYPAY_OPEN_BANKING_REFUNDS: v.optional(
    v.picklist(['status', 'executed'], 'EVERYPAY_OPEN_BANKING_REFUNDS must be status or executed'),
    'status',
  ),
  PREVIEW_READ_AHEAD: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'PREVIEW_READ_AHEAD must be a number of pages (0 turns it off)'),
      v.transform(Number),
    ),
  ),
  // How long personal data is kept (server/services/retention): whole months or days, at least 1.
  RETENTION_ORDER_MONTHS: retentionPeriod('RETENTION_ORDER_MONTHS', 'months', '24'),
  RETENTION_UNPAID_MONTHS: retentionPeriod('RETENTION_UNPAID_MONTHS', 'months', '6'),
  RETENTION_SIGNUP_DAYS: retentionPeriod('RETENTION_SIGNUP_DAYS', 'days', '30'),
  RETENTION_CONTACT_MONTHS: retentionPeriod('RETENTION_CONTACT_MONTHS', 'months', '12'),
  RETENTION_MAIL_MONTHS: retentionPeriod('RETENTION_MAIL_MONTHS', 'months', '6'),
  // The print partner (issue #47): server/services/fulfilment/partner/, docs/print-partner.md.
  PRINT_PARTNER: v.optional(
    v.picklist(['sandbox', 'lulu', 'manual'], 'PRINT_PARTNER must be sandbox, lulu or manual'),
    'sandbox',
  ),
  PRINT_SANDBOX_ALLOWED: v.optional(v.picklist(['0', '1']), '0'),
  PRINT_HOLD_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, 'PRINT_HOLD_SECONDS must be a whole number of seconds'),
      v.transform(Number),
      v.minValue(0, 'PRINT_HOLD_SECONDS must be at least 0'),
    ),
    '43200',
  ),
  PRINT_SANDBOX_SHIP_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, 'PRINT_SANDBOX_SHIP_SECONDS must be a whole number of seconds'),
      v.transform(Number),
      v.minValue(0, 'PRINT_SANDBOX_SHIP_SECONDS must be at least 0'),
    ),
    '120',
  ),
  LULU_API_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('LULU_API_URL must be a URL (https://api.sandbox.lulu.com)'),
      v.startsWith(
        'https://',
        'LULU_API_URL must be an https URL: every call carries the client secret (https://api.lulu.com, or https://api.sandbox.lulu.com)',
      ),
    ),
    'https://api.sandbox.lulu.com',
  ),
  LULU_CLIENT_KEY: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1))),
  LULU_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1))),
  LULU_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1))),
  LULU_SHIPPING_LEVEL: v.optional(
    v.picklist(
      ['MAIL', 'PRIORITY_MAIL', 'GROUND', 'EXPEDITED', 'EXPRESS'],
      'LULU_SHIPPING_LEVEL must be MAIL, PRIORITY_MAIL, GROUND, EXPEDITED or EXPRESS',
    ),
    'MAIL',
  ),
  LULU_POD_PACKAGE_HARDCOVER: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        POD_PACKAGE,
        'LULU_POD_PACKAGE_HARDCOVER must be a Lulu pod_package_id such as 0850X1100.FC.PRE.CW.080CW444.GXX',
      ),
    ),
  ),
  LULU_POD_PACKAGE_SOFTCOVER: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        POD_PACKAGE,
        'LULU_POD_PACKAGE_SOFTCOVER must be a Lulu pod_package_id such as 0850X1100.FC.PRE.PB.080CW444.GXX',
      ),
    ),
  ),
  LULU_PRODUCTION_DELAY_MINUTES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{2,4}$/, 'LULU_PRODUCTION_DELAY_MINUTES must be a whole number from 60 to 2880'),
      v.transform(Number),
      v.minValue(60, 'LULU_PRODUCTION_DELAY_MINUTES must be from 60 to 2880'),
      v.maxValue(2880, 'LULU_PRODUCTION_DELAY_MINUTES must be from 60 to 2880'),
    ),
    '60',
  ),
  // When the review request mail goes (server/services/reviews/review-request-job.ts).
  REVIEW_REQUEST_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'REVIEW_REQUEST_DAYS must be a whole number of days'),
      v.transform(Number),
    ),
    '5',
  ),
  REVIEW_REQUEST_SECONDS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, 'REVIEW_REQUEST_SECONDS must be a whole number of seconds'),
      v.transform(Number),
      v.minValue(1, 'REVIEW_REQUEST_SECONDS must be at least 1'),
    ),
  ),
});

interface Env {
  /** The print partner and the change window (PRINT_*, LULU_*): server/services/fulfilment/partner/. */
  print: PrintSettings;
  /** How long personal data is kept (RETENTION_*): server/services/retention/retention.ts. */
  retention: RetentionSettings;
  /**
   * How long after delivery (or the first download of a PDF) the review request goes:
   * REVIEW_REQUEST_DAYS (5), or REVIEW_REQUEST_SECONDS when set (tests).
   */
  reviewRequestDelayMs: number;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PG_POOL_MAX (undefined: the pool's default, db/client.ts). */
  poolMax: number | undefined;
  metricsToken: string | undefined;
  /** Absolute base URL used in links, canonical tags and the sitemap (parsePublicUrl's `url`). */
  publicUrl: string;
  /** PUBLIC_URL is https: HSTS, upgrade-insecure-requests, the Secure admin cookie, no sandbox. */
  https: boolean;
  production: boolean;
  logRequests: boolean;
  /** Google Analytics measurement id; when set the CSP allows Google's tag (after consent). */
  gaMeasurementId: string | undefined;
  /** The SMTP relay; unset keeps every mail in the outbox_mail table. */
  smtpUrl: string | undefined;
  /** The shop's address: sender of every mail and recipient of contact-form messages. */
  shopEmail: string;
  /** Client IPs (rate limits) from X-Forwarded-For, set by a proxy in front of us. */
  trustProxy: boolean;
  /** Serve the stored mails at /dev/outbox: always in development, else only with MAIL_OUTBOX_PAGE=1 (tests). */
  mailOutboxPage: boolean;
  /** Preview pages drawn ahead of the visitor; unset: two per core; 0 turns read-ahead off. */
  previewReadAhead: number | undefined;
  /** Multiplies every per-client rate limit (forms, orders, preview renders); 1 = as shipped. */
  rateLimitScale: number;
  /** How often unsent mail is tried again (and how old a mail must be before a retry takes it). */
  mailRetrySeconds: number;
  /** Start the render workers at start-up (PREVIEW_WARM_UP=0 leaves them to the first request). */
  previewWarmUp: boolean;
  /**
   * The key of the preview images' public hash (ETag, Content-Location): the same on every
   * instance, so each answers the same ETag. Unset: one kept in DATA_DIR (one instance only).
   */
  previewEtagSecret: string | undefined;
  /** The company details shown on the site; `placeholder` while any of them is the example. */
  company: {
    legalName: string;
    registrationNumber: string;
    vatNumber: string;
    address: string;
    phone: string;
    placeholder: boolean;
  };
  /** The payment methods the payment provider offers, whose marks the site shows (default: card, Visa and Mastercard). */
  paymentMethods: PaymentMethod[];
  /** The card payment provider: the built-in sandbox (test page) or EveryPay with its settings. */
  payment:
    | { provider: 'sandbox' }
    | {
        provider: 'everypay';
        apiUrl: string;
        username: string;
        secret: string;
        /** The processing account per currency (EveryPay's account decides the currency charged). */
        accounts: Readonly<Partial<Record<string, string>>>;
        /** The accounts capture automatically: `authorised` counts as paid (EVERYPAY_AUTO_CAPTURE=1). */
        autoCapture: boolean;
        /**
         * An open-banking refund at EveryPay only marks the payment refunded ('status', the
         * default: the owner transfers the money and confirms), or the bank sends it ('executed').
         */
        openBankingRefunds: 'status' | 'executed';
      };
}

/** The shop's public address, parsed once: what every https decision reads. */
export interface PublicUrl {
  /** Scheme and host lower-cased, default port dropped, no trailing slash: `https://shop.example.com`. */
  url: string;
  https: boolean;
}

/**
 * Parses PUBLIC_URL with the WHATWG URL parser (as a browser does): surrounding spaces are
 * trimmed, the scheme and host are case-insensitive (`HTTPS://Shop.Example.com` is
 * `https://shop.example.com`). Anything but an absolute http(s) address without credentials,
 * query or fragment is refused with a clear message, so a mistyped address never runs a public
 * shop as if it were plain http (no HSTS, no Secure cookie, the sandbox allowed).
 */
export function parsePublicUrl(raw: string): PublicUrl {
  const refuse = (why: string) =>
    new Error(
      `Invalid configuration:\n  PUBLIC_URL: ${why}; it must be the shop's address, like https://shop.example.com`,
    );
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    throw refuse(`${JSON.stringify(raw)} is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw refuse(`the scheme ${parsed.protocol} is neither http nor https`);
  if (parsed.username || parsed.password) throw refuse('it must not carry a user name or password');
  if (parsed.search || parsed.hash) throw refuse('it must not carry a query or fragment');
  return {
    url: parsed.origin + parsed.pathname.replace(/\/+$/, ''),
    https: parsed.protocol === 'https:',
  };
}

/**
 * The payment settings. The sandbox takes no money, so a public shop (PUBLIC_URL over https) may
 * run it only when PAYMENT_SANDBOX_ALLOWED=1 says so (a staging site); EveryPay needs all four settings.
 */
function paymentSettings(
  env: v.InferOutput<typeof EnvSchema>,
  publicUrl: PublicUrl,
): Env['payment'] {
  if (env.PAYMENT_PROVIDER === 'sandbox') {
    if (publicUrl.https && env.PAYMENT_SANDBOX_ALLOWED !== '1') {
      throw new Error(
        'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes no real payments; a public shop (https PUBLIC_URL) needs PAYMENT_PROVIDER=everypay, or PAYMENT_SANDBOX_ALLOWED=1 for a test site',
      );
    }
    return { provider: 'sandbox' };
  }
  const missing = (
    [
      'EVERYPAY_API_URL',
      'EVERYPAY_API_USERNAME',
      'EVERYPAY_API_SECRET',
      'EVERYPAY_ACCOUNT_NAME',
    ] as const
  ).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  PAYMENT_PROVIDER=everypay needs ${missing.join(', ')}`,
    );
  }
  return {
    provider: 'everypay',
    apiUrl: env.EVERYPAY_API_URL!,
    username: env.EVERYPAY_API_USERNAME!,
    secret: env.EVERYPAY_API_SECRET!,
    accounts: (() => {
      try {
        return everyPayAccounts(env.EVERYPAY_ACCOUNT_NAME!);
      } catch (error) {
        throw new Error(`Invalid configuration:\n  ${(error as Error).message}`);
      }
    })(),
    autoCapture: env.EVERYPAY_AUTO_CAPTURE === '1',
    openBankingRefunds: env.EVERYPAY_OPEN_BANKING_REFUNDS,
  };
}

export interface PrintSettings {
  partner: 'sandbox' | 'lulu' | 'manual';
  holdSeconds: number;
  sandboxShipSeconds: number;
  lulu?: {
    apiUrl: string;
    clientKey: string;
    clientSecret: string;
    webhookSecret: string | undefined;
    shippingLevel: string;
    podPackages: { hardcover: string; softcover: string };
    productionDelayMinutes: number;
  };
}

/**
 * The print partner's settings; Lulu needs its client key and secret. The sandbox printer ships
 * nothing yet tells the parent a parcel is on its way, so a shop taking real money (PUBLIC_URL
 * over https with a real payment provider) must name its printer, unless PRINT_SANDBOX_ALLOWED=1.
 */
function printSettings(env: v.InferOutput<typeof EnvSchema>, publicUrl: PublicUrl): PrintSettings {
  if (
    env.PRINT_PARTNER === 'sandbox' &&
    publicUrl.https &&
    env.PAYMENT_PROVIDER !== 'sandbox' &&
    env.PRINT_SANDBOX_ALLOWED !== '1'
  )
    throw new Error(
      'Invalid configuration:\n  PRINT_PARTNER: the sandbox printer prints nothing but tells parents their book shipped; a shop taking payments needs PRINT_PARTNER=lulu or PRINT_PARTNER=manual, or PRINT_SANDBOX_ALLOWED=1 for a test site',
    );
  const base = {
    partner: env.PRINT_PARTNER,
    holdSeconds: env.PRINT_HOLD_SECONDS,
    sandboxShipSeconds: env.PRINT_SANDBOX_SHIP_SECONDS,
  };
  if (env.PRINT_PARTNER !== 'lulu') return base;
  const missing = (['LULU_CLIENT_KEY', 'LULU_CLIENT_SECRET'] as const).filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(`Invalid configuration:\n  PRINT_PARTNER=lulu needs ${missing.join(', ')}`);
  return {
    ...base,
    lulu: {
      apiUrl: env.LULU_API_URL,
      clientKey: env.LULU_CLIENT_KEY!,
      clientSecret: env.LULU_CLIENT_SECRET!,
      webhookSecret: env.LULU_WEBHOOK_SECRET,
      shippingLevel: env.LULU_SHIPPING_LEVEL,
      podPackages: {
        hardcover: env.LULU_POD_PACKAGE_HARDCOVER ?? DEFAULT_POD_PACKAGES.hardcover,
        softcover: env.LULU_POD_PACKAGE_SOFTCOVER ?? DEFAULT_POD_PACKAGES.softcover,
      },
      productionDelayMinutes: env.LULU_PRODUCTION_DELAY_MINUTES,
    },
  };
}

/** Reads and validates the configuration once. A bad value stops the start with a clear message. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const clean = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(EnvSchema, clean);
  if (!result.success) {
    const lines = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'env'}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = result.output;
  const company = (key: CompanyKey) => env[key] || EXAMPLE_COMPANY[key];
  const publicUrl = parsePublicUrl(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    poolMax: env.PG_POOL_MAX,
    metricsToken: env.METRICS_TOKEN,
    publicUrl: publicUrl.url,
    https: publicUrl.https,
    production: env.NODE_ENV !== 'development',
    logRequests: env.LOG_REQUESTS === '1',
    gaMeasurementId: env.GA_MEASUREMENT_ID?.toUpperCase(),
    smtpUrl: env.SMTP_URL,
    shopEmail: env.SHOP_EMAIL.trim(),
    trustProxy: env.TRUST_PROXY === '1',
    mailOutboxPage: env.NODE_ENV === 'development' || env.MAIL_OUTBOX_PAGE === '1',
    previewReadAhead: env.PREVIEW_READ_AHEAD,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    mailRetrySeconds: env.MAIL_RETRY_SECONDS,
    previewWarmUp: env.PREVIEW_WARM_UP === '1',
    previewEtagSecret: env.PREVIEW_ETAG_SECRET,
    company: {
      legalName: company('COMPANY_LEGAL_NAME'),
      registrationNumber: company('COMPANY_REGISTRATION_NUMBER'),
      vatNumber: company('COMPANY_VAT_NUMBER'),
      address: company('COMPANY_ADDRESS'),
      phone: company('COMPANY_PHONE'),
      placeholder: (Object.keys(EXAMPLE_COMPANY) as CompanyKey[]).some((key) => !env[key]),
    },
    paymentMethods: (env.PAYMENT_METHODS as PaymentMethod[] | undefined) ?? ['visa', 'mastercard'],
    payment: paymentSettings(env, publicUrl),
    print: printSettings(env, publicUrl),
    retention: {
      orderMonths: env.RETENTION_ORDER_MONTHS,
      unpaidMonths: env.RETENTION_UNPAID_MONTHS,
      signupDays: env.RETENTION_SIGNUP_DAYS,
      contactMonths: env.RETENTION_CONTACT_MONTHS,
      mailMonths: env.RETENTION_MAIL_MONTHS,
    },
    reviewRequestDelayMs:
      env.REVIEW_REQUEST_SECONDS !== undefined
        ? env.REVIEW_REQUEST_SECONDS * 1000
        : env.REVIEW_REQUEST_DAYS * 86_400_000,
  };
}
