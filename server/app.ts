import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ApiError } from '#contract/errors.ts';
import type { Database } from './db/client.ts';
import { EXAMPLE_COMPANY, parsePublicUrl } from './env.ts';
import { errorHandler } from './middleware/errors.ts';
import { requestContext } from './middleware/request-context.ts';
import { digitalRoutes } from './routes/digital.ts';
import { sameOriginJson } from './middleware/same-origin.ts';
import {
  compressWhenAccepted,
  PAGE_SCRIPTS,
  PRIVATE_NO_STORE,
  securityHeaders,
  setHeaders,
  type CspDirectives,
} from './middleware/security-headers.ts';
import { log, logPath } from './runtime/log.ts';
import { adminRoutes, type AdminOptions } from './routes/admin/admin-routes.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { createCartAccess, isCartKey } from './routes/cart-access.ts';
import { deliveryAndStatusRoutes } from './routes/delivery-and-status.ts';
import { bookChangeRoutes } from './routes/book-change.ts';
import { contactRoutes } from './routes/contact.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { healthRoutes } from './routes/health.ts';
import { metricsRoutes } from './routes/metrics.ts';
import {
  countPageCache,
  registerShopFigures,
  requestMetrics,
  ROUTE_LABEL,
} from './platform/metrics.ts';
import { giftRoutes } from './routes/gift.ts';
import { printPartnerRoutes } from './routes/print-partner.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { orderRoutes } from './routes/orders.ts';
import { doc, openApiDocument } from './routes/openapi.ts';
import { paymentRoutes } from './routes/payments.ts';
import { previewRoutes } from './routes/preview.ts';
import { reviewRoutes } from './routes/reviews.ts';
import { shopRoutes, type ShopConfig } from './routes/shop.ts';
import { sandboxPayRoutes } from './routes/sandbox-pay.ts';
import { subscriptionRoutes } from './routes/subscriptions.ts';
import { createShopJobs, type ShopJobs, type ShopJobsDeps } from './shop-jobs.ts';
import { reviewsOfPage, reviewsVariantNow, watchReviews } from './services/reviews/reviews.ts';
import { onNotification } from './db/notifications.ts';
import { createShopMailer } from './services/notifications/shop-mailer.ts';
import { DEFAULT_SHOP_EMAIL, type MessagingOptions } from './services/contact/messaging.ts';
import { resolveRateLimits } from './platform/rate-limits.ts';
import type { RouteLimits } from './routes/rate-limit.ts';
import { createPreviewService, type PreviewService } from './services/rendering/preview-service.ts';
import {
  matchRoute,
  pickLanguage,
  renderIndexHtml,
  renderRobots,
  renderSitemap,
  type ClientFiles,
} from './web/head.ts';
import { createPageCache, type PageCache } from './web/page-cache.ts';
import { staticFiles } from './web/static-files.ts';
import { orderPageLanguage } from './web/order-page-language.ts';
import { renderPage, type LoadSsrEntry } from './web/ssr.ts';
import { createPageFront, PAGE_FACTS, type PageFacts, type PageFront } from './web/page-front.ts';

export interface AppOptions {
  database: Database;
  /** The built client (dist/client), or null to serve the API only (tests). */
  client: ClientFiles | null;
  publicUrl: string;
  /** Log one line per request (LOG_REQUESTS). */
  logRequests?: boolean;
  /** Preview images (worker pool + cache); default: a memory-only service started on first use. */
  previews?: PreviewService;
  /** GA_MEASUREMENT_ID: when set, the CSP allows Google's tag. */
  gaMeasurementId?: string | undefined;
  /** X-Preview-Cache and Server-Timing on preview images (development: they tell what others previewed). */
  previewDiagnostics?: boolean;
  /**
   * The server's link secret (PREVIEW_ETAG_SECRET, else the key kept in DATA_DIR): the key of the
   * preview images' ETag and of the invoice and credit-note links in mails; default a random one
   * of this process.
   */
  previewEtagSecret?: string | undefined;
  /** Mail (default: the outbox table), shop address, form rate limits, the dev outbox page. */
  messaging?: MessagingOptions;
  /** The company details and payment methods the site shows (default: the development examples, card only). */
  shop?: ShopConfig;
  /** The app's server entry (dist/server, or Vite's in development): pages are rendered on the server. Null: the browser renders them. */
  ssr?: LoadSsrEntry | null;
  /** Server-rendered pages that are the same for every visitor, kept in memory (default: a cache of 32 MB, 5 minutes); null: none. */
  pageCache?: PageCache | null;
  /** The back office (/api/admin): password cost, sign-in limits, session lifetimes. */
  admin?: AdminOptions;
  /** METRICS_TOKEN: the bearer token of GET /api/metrics (Prometheus); unset, that route answers 404. */
  metricsToken?: string | undefined;
  /**
   * The job runner with the shop's jobs and the payment provider: made from the app's database,
   * mailer, address and clock (index.ts: the configured provider, jobs in the background).
   * Default: the sandbox provider, jobs run only when asked.
   */
  shopJobs?: (deps: ShopJobsDeps) => ShopJobs;
}

const EXAMPLE_SHOP: ShopConfig = {
  company: {
    legalName: EXAMPLE_COMPANY.COMPANY_LEGAL_NAME,
    registrationNumber: EXAMPLE_COMPANY.COMPANY_REGISTRATION_NUMBER,
    vatNumber: EXAMPLE_COMPANY.COMPANY_VAT_NUMBER,
    address: EXAMPLE_COMPANY.COMPANY_ADDRESS,
    phone: EXAMPLE_COMPANY.COMPANY_PHONE,
    placeholder: true,
  },
  email: DEFAULT_SHOP_EMAIL,
  paymentMethods: ['visa', 'mastercard'],
};

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The inline scripts of server-rendered pages (the router's state, React's streaming): a fresh
  // nonce per response, or, on a page kept for every visitor, their hashes.
  scriptSrc: ["'self'", PAGE_SCRIPTS],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ['https://www.youtube-nocookie.com'],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: [],
};

/**
 * Google's tag (gtag.js) and the hosts it reports to, allowed only when a measurement id is
 * configured. The client still loads the tag only after the visitor grants analytics consent.
 */
const GOOGLE_TAG_SOURCES = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** The policy for this deployment: over plain http (local use) asking to upgrade requests would break every asset. */
function contentSecurityPolicy(options: { https: boolean; analytics: boolean }): CspDirectives {
  const { upgradeInsecureRequests, ...rest } = CONTENT_SECURITY_POLICY;
  const policy = options.https ? { ...rest, upgradeInsecureRequests } : rest;
  if (!options.analytics) return policy;
  return {
    ...policy,
    scriptSrc: [...policy.scriptSrc, ...GOOGLE_TAG_SOURCES.script],
    connectSrc: [...policy.connectSrc, ...GOOGLE_TAG_SOURCES.connect],
    imgSrc: [...policy.imgSrc, ...GOOGLE_TAG_SOURCES.img],
  };
}

export function createApp(options: AppOptions) {
  const { database, client, publicUrl } = options;
  const app = new Hono();
  const { db } = database;
  const settings = options.messaging ?? {};
  const now = settings.now ?? (() => new Date());
  const trustProxy = settings.trustProxy ?? false;
  const shopEmail = settings.shopEmail ?? DEFAULT_SHOP_EMAIL;
  const mailer =
    settings.mailer ?? createShopMailer({ db, from: { name: 'Storymade', address: shopEmail } });
  // The address in mails and links, and the back office's cookie and origin checks: one parse of
  // PUBLIC_URL (trimmed, case-insensitive scheme) decides https for HSTS, the CSP and the cookie.
  const site = parsePublicUrl(publicUrl);
  const siteUrl = site.url;
  const limits: RouteLimits = {
    db,
    now,
    trustProxy,
    rateLimits: resolveRateLimits(settings.rateLimits, settings.rateLimitScale),
  };
  const mail = { db, mailer, publicUrl: siteUrl, now };
  const previews = options.previews ?? createPreviewService();
  // The seller on invoices and in the order mails: the configured company and the shop's address.
  const shop = options.shop ?? { ...EXAMPLE_SHOP, email: shopEmail };
  const seller = { ...shop.company, email: shop.email };
  // One secret signs the preview ETags and the documents' links (the same on every instance).
  const linkSecret = options.previewEtagSecret ?? randomBytes(32).toString('hex');
  const shopJobsDeps = { ...mail, shopEmail, seller, documentSecret: linkSecret };
  // Who holds an unpaid cart: its browser's cart key (routes/cart-access.ts), Secure over https.
  const cart = createCartAccess(db, { secure: site.https });
  const shopJobs = options.shopJobs
    ? options.shopJobs(shopJobsDeps)
    : createShopJobs(shopJobsDeps, { jobs: 'manual' });
  // The pages' reviews are known in memory from now on (their changes announced by the database).
  watchReviews(db);

  // Public pages that are the same for every visitor, rendered once (web/page-cache.ts).
  const pageCache = !client
    ? undefined
    : options.pageCache === undefined
      ? options.ssr
        ? createPageCache()
        : undefined
      : (options.pageCache ?? undefined);
  // Kept pages answered before the app itself, once it has sent them (web/page-front.ts); not
  // while every request is logged (LOG_REQUESTS), which only the app does.
  const front =
    pageCache && !options.logRequests
      ? createPageFront({
          pages: pageCache,
          variantNow: (page, language) => reviewsVariantNow(db, page, language),
        })
      : undefined;
  if (front) {
    fronts.set(app, front);
    app.use(front.learn);
  }
  // Each request's duration by route pattern and status class (GET /api/metrics): timed first.
  app.use(requestMetrics());
  registerShopFigures(database);
  // A request id for every request, in every log line and error answer; LOG_REQUESTS: one line each.
  app.use(...requestContext({ logRequests: options.logRequests ?? false }));
  // Set before the handler runs: API answers are never run as pages (the policy without a nonce).
  const security = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy({
      https: site.https,
      analytics: Boolean(options.gaMeasurementId),
    }),
    strictTransportSecurity: site.https ? 'max-age=15552000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: 'camera=(), microphone=(), geolocation=()',
    isApi: (path) => path.startsWith('/api/'),
  });
  app.use(security.middleware);
  // The shop's API answers are small JSON (a few KB at most) and are sent as they are; the back
  // office's lists can be long.
  app.use(
    compressWhenAccepted((path) => path.startsWith('/api/') && !path.startsWith('/api/admin/')),
  );

  // ---- API -------------------------------------------------------------------------------
  const api = new Hono();
  const limitBody = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json({ error: 'The request body is too large.' } satisfies ApiError, 413),
  });
  // GET and HEAD carry no body to limit (looking for one would build a whole fetch Request per call).
  api.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  );
  // Every state-changing API call, of every route: a JSON body, sent by our own pages.
  api.use(sameOriginJson({ publicUrl: siteUrl, trustProxy, formPaths: ['/api/payment/callback'] }));
  // API answers are not cached unless a route says otherwise (set first, so the answer is made
  // with it): orders, carts, payments and the back office are kept by no cache, shared or the
  // browser's. Only answers the same for everyone say otherwise (the shop's facts, previews).
  api.use(async (c, next) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    await next();
    if (!c.res.headers.has('Cache-Control')) setHeaders(c, [['Cache-Control', PRIVATE_NO_STORE]]);
  });
  api.route(
    '/',
    healthRoutes({
      database,
      jobs: {
        runner: shopJobs.jobs,
        // index.ts starts it in the background; tests run it when they ask ('manual').
        mode: shopJobs.jobs.state().started ? 'background' : 'manual',
      },
      previews,
    }),
  );
  api.route('/', metricsRoutes(options.metricsToken));
  api.route('/', catalogueRoutes(db));
  api.route('/', shopRoutes(db, shop));
  api.route(
    '/',
    previewRoutes(previews, limits, {
      diagnostics: options.previewDiagnostics ?? false,
      etagSecret: linkSecret,
    }),
  );
  api.route('/', subscriptionRoutes(mail, limits));
  api.route('/', contactRoutes({ db, mailer, shopEmail, now }, limits));
  api.route('/', deliveryAndStatusRoutes(shopJobs, previews, limits, cart));
  api.route('/', bookChangeRoutes(shopJobs.print, limits));
  api.route('/', paymentRoutes(shopJobs, limits, cart));
  api.route('/', orderRoutes(db, limits, cart));
  api.route('/', reviewRoutes(db, linkSecret, limits, cart));
  api.route('/', invoiceRoutes({ db, seller, secret: linkSecret, jobs: shopJobs.jobs, now }));
  api.route('/', digitalRoutes({ db, secret: linkSecret, jobs: shopJobs.jobs, now }, limits));
  api.route('/', giftRoutes({ db, secret: linkSecret }));
  api.route('/', printPartnerRoutes(shopJobs.print));
  api.route(
    '/admin',
    adminRoutes(
      {
        db,
        jobs: shopJobs.jobs,
        now,
        publicUrl: siteUrl,
        https: site.https,
        trustProxy,
        provider: shopJobs.payments.provider,
        seller,
        print: shopJobs.print,
      },
      options.admin,
    ),
  );
  // The OpenAPI 3.1 document of every route above, generated from their contract schemas once.
  let openApi: Promise<unknown> | undefined;
  api.get(
    '/openapi.json',
    doc({
      summary: 'This document',
      tags: ['meta'],
      responses: { 200: ['The OpenAPI 3.1 document', { media: 'application/json' }] },
    }),
    async (c) => {
      openApi ??= openApiDocument(app);
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(await openApi);
    },
  );
  api.all('*', (c) =>
    c.json({ error: `No API route for ${c.req.method} ${c.req.path}.` } satisfies ApiError, 404),
  );
  app.route('/api', api);
  if (settings.devOutbox) app.route('/dev', devOutboxRoutes(db));
  if (shopJobs.payments.provider.name === 'sandbox')
    app.route('/', sandboxPayRoutes(shopJobs, { publicUrl, trustProxy }));

  // ---- Built client ----------------------------------------------------------------------
  if (client) {
    // New reference data (prices, delivery costs) loaded by any server: the kept pages go.
    if (pageCache)
      onNotification(db, 'content_changed', (payload) => {
        if (payload === 'reference') pageCache.clear();
      });
    app.get('/robots.txt', (c) => c.text(renderRobots(client.meta, siteUrl)));
    app.get('/sitemap.xml', (c) =>
      c.body(renderSitemap(client.meta, siteUrl), 200, {
        'Content-Type': 'application/xml; charset=utf-8',
      }),
    );
    // Files are answered from memory (staticFiles); serveStatic behind it answers what that leaves:
    // byte ranges (the reward video), percent-encoded paths and files over its limits.
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    app.use(
      '/assets/*',
      // The build wrote .br and .gz copies of the scripts and stylesheets (scripts/vite-precompress.ts):
      // the one the browser accepts is sent as it is, not compressed again for each request.
      staticFiles({ root: client.dir, precompressed: true, cacheControl: IMMUTABLE }),
      serveStatic({
        root: client.dir,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE),
      }),
    );
    // The reward video's captions: browsers read a <track> only as text/vtt.
    const publicType = (path: string) =>
      path.endsWith('.vtt') ? 'text/vtt; charset=utf-8' : undefined;
    const publicFromMemory = staticFiles({
      root: client.dir,
      cacheControl: 'public, max-age=3600',
      contentType: publicType,
    });
    const publicFiles = serveStatic({
      root: client.dir,
      onFound: (path, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
        const type = publicType(path);
        if (type) c.header('Content-Type', type);
      },
    });
    // Every public file has an extension; a page's path has none, so pages skip the disk. The
    // page template (index.html) is never sent as it is: the pages are made from it.
    const isPublicFile = (path: string) => /\.[^/]*$/.test(path) && path !== '/index.html';
    app.use('*', (c, next) => (isPublicFile(c.req.path) ? publicFromMemory(c, next) : next()));
    app.use('*', (c, next) => (isPublicFile(c.req.path) ? publicFiles(c, next) : next()));
    // The head of each page, language and path, made once (it changes only with a new build).
    const heads = new Map<string, string>();
    const apiFetch = (input: RequestInfo | URL, init?: RequestInit) =>
      Promise.resolve(app.request(input as string, init));
    /**
     * The page's own calls to the API carry the visitor's cart key (its httpOnly cookie, which
     * only the server sees): the header's count and the cart are the visitor's in the first HTML.
     * The render reads the order cookie first, so a page made with a cart is never kept for others.
     */
    const pageFetch = (cartKey: string | undefined) =>
      !isCartKey(cartKey)
        ? apiFetch
        : (input: RequestInfo | URL, init?: RequestInit) => {
            const headers = new Headers(init?.headers);
            headers.set('Cookie', `${cart.cookieName}=${cartKey}`);
            return apiFetch(input, { ...init, headers });
          };
    app.get('*', async (c) => {
      const route = matchRoute(client.meta, c.req.path);
      c.set(ROUTE_LABEL as never, `page ${route?.page ?? 'notFound'}` as never);
      const language =
        (route && (await orderPageLanguage(db, route.page, c.req.path, c.req.query('lang')))) ??
        pickLanguage(getCookie(c, 'LANGUAGE_CODE'), c.req.header('accept-language'));
      const reviewed = await reviewsOfPage(db, route?.page, language);
      const headKey = `${language} ${c.req.path}${reviewed.headKey}`;
      let html = heads.get(headKey);
      if (html === undefined) {
        html = renderIndexHtml(client, {
          page: route?.page ?? 'notFound',
          routePath: route?.path,
          language,
          url: siteUrl + c.req.path,
          publicUrl: siteUrl,
          index: route?.index ?? false,
          rating: reviewed.rating,
        });
        if (heads.size >= 1000) heads.clear();
        heads.set(headKey, html);
      }
      const status = route ? 200 : 404;
      // The public, indexable pages and the 404 page: the same for every visitor, never with an id
      // in their path or query (order status, payment, tokens).
      const publicPage = !route || route.index || route.page === 'terms';
      // Every other page may carry an order, a cart, a payment, a token or the back office (the
      // status page shows the child's name): kept by no cache, shared or the browser's. A public
      // page rendered with the visitor's cart is marked so too (web/ssr.ts).
      c.header('Cache-Control', publicPage ? 'no-cache' : PRIVATE_NO_STORE);
      c.header('Vary', 'Cookie, Accept-Language, Accept-Encoding');
      c.header('Content-Language', language);
      // They go without Cross-Origin-Opener-Policy, which makes the browser start a second page
      // process when the page opens in a new tab (a link from an ad, a message or another app):
      // in Lighthouse's mobile run that cost a page with one paragraph 130 ms of its first paint
      // and 120 ms of blocking time (FCP 640 -> 770 ms, TBT 30 -> 150 ms, median of 5). They
      // hold nothing of the visitor's for a window that opened them to learn or steer; the pages
      // that do (builder, cart, checkout, payment, order status, the back office) keep it when
      // they are loaded as documents (the policy is a document's: the app's own links move
      // within the document the visitor first loaded).
      if (publicPage) c.header('Cross-Origin-Opener-Policy', undefined);
      if (!options.ssr) return c.html(html, status);
      // Only public pages are kept (rendered once; see web/page-cache.ts).
      if (pageCache && publicPage)
        c.set(
          PAGE_FACTS as never,
          {
            page: route?.page,
            language,
            variant: reviewed.cacheVariant,
          } satisfies PageFacts as never,
        );
      const cache =
        pageCache && publicPage
          ? {
              pages: pageCache,
              csp: security.pagePolicy,
              variant: reviewed.cacheVariant,
              onLookup: countPageCache,
            }
          : undefined;
      return renderPage(c, {
        html,
        status,
        language,
        load: options.ssr,
        apiFetch: pageFetch(getCookie(c, cart.cookieName)),
        cache,
      });
    });
  }

  app.notFound((c) => c.json({ error: 'Not found.' } satisfies ApiError, 404));
  app.onError(
    errorHandler((summary, c) =>
      log().error(
        { err: summary, method: c.req.method, path: logPath(c.req.path) },
        'unhandled error',
      ),
    ),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;

const fronts = new WeakMap<object, PageFront>();

/**
 * The node:http listener of `app` made from `appListener` (@hono/node-server's for app.fetch):
 * the app's page front answers the kept pages it knows first (web/page-front.ts).
 */
export function withPageFront(app: App, appListener: RequestListener): RequestListener {
  return fronts.get(app)?.listener(appListener) ?? appListener;
}
