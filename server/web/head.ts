import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '#contract/markets.ts';
import type { RatingSummary } from '#contract/reviews.ts';
import { escapeHtml } from '#server/platform/html.ts';

/** Written by the client build (vite.config.ts) into dist/client/head-meta.json. */
interface HeadMeta {
  siteName: string;
  routes: { path: string; page: string; index: boolean }[];
  pages: Record<string, Record<Language, { title: string; description: string }>>;
  ogImage: string;
  /** Pages that sell a product, with its schema.org facts per language. */
  products?: Record<string, Record<Language, ProductFacts>>;
  /** The picture a page shows first, preloaded from the HTML (responsive: srcset and sizes). */
  preloadImages?: Record<string, Record<Language, { href: string; srcset: string; sizes: string }>>;
  /** The lazily loaded JavaScript of each route path (its split component and what that imports). */
  routeModules?: Record<string, string[]>;
  /** The stylesheets of each route path's lazy chunks: linked from the head of a server-rendered page. */
  routeStyles?: Record<string, string[]>;
  /** The chunk of each translation namespace, per language. */
  localeModules?: Record<string, Record<string, string>>;
  /** The namespaces each page needs besides `common` and `consent`. */
  pageNamespaces?: Record<string, string[]>;
  /** The cookie consent's lazy chunk and its imports (every page renders it). */
  consentModules?: string[];
}

/**
 * The modules a page will load right after the entry (its translations, its route chunk and the
 * cookie consent's chunk), listed in the page (`<meta name="route-modules">`) for the entry to
 * preload, so the browser fetches them in parallel instead of in a chain.
 */
export function modulePreloads(
  meta: HeadMeta,
  routePath: string | undefined,
  page: string,
  language: Language,
): string[] {
  const locales = meta.localeModules?.[language] ?? {};
  const namespaces = ['common', 'consent', ...(meta.pageNamespaces?.[page] ?? [])];
  const files = [
    ...namespaces.map((ns) => locales[ns]).filter((file): file is string => Boolean(file)),
    ...((routePath && meta.routeModules?.[routePath]) || []),
    ...(meta.consentModules ?? []),
  ];
  return [...new Set(files)];
}

/** What the served HTML tells search engines about a product (schema.org Product). */
export interface ProductFacts {
  name: string;
  description: string;
  /** Path of a picture, from the site root. */
  image: string;
  /** Lowest price, a decimal string ('29.99'). */
  price: string;
  currency: string;
}

export interface ClientFiles {
  dir: string;
  indexHtml: string;
  meta: HeadMeta;
}

/** Reads the built client once at start; null when the client has not been built. */
export function loadClientFiles(dir: string): ClientFiles | null {
  const indexPath = path.join(dir, 'index.html');
  const metaPath = path.join(dir, 'head-meta.json');
  if (!existsSync(indexPath) || !existsSync(metaPath)) return null;
  return {
    dir,
    indexHtml: readFileSync(indexPath, 'utf8'),
    meta: JSON.parse(readFileSync(metaPath, 'utf8')) as HeadMeta,
  };
}

/** Finds the route for a path: exact, or a pattern with `$param` segments. */
export function matchRoute(meta: HeadMeta, pathname: string) {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = clean.split('/');
  return meta.routes.find((route) => {
    const routeParts = route.path.split('/');
    if (routeParts.length !== parts.length) return false;
    return routeParts.every((segment, i) =>
      segment.startsWith('$') ? (parts[i] ?? '') !== '' : segment === parts[i],
    );
  });
}

/** The language the page is served in: the LANGUAGE_CODE cookie, else the browser's languages. */
export function pickLanguage(
  cookieValue: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const fromCookie = cookieValue ? toLanguage(cookieValue) : undefined;
  if (fromCookie) return fromCookie;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of wanted) {
    if (tag === 'lv' || tag.startsWith('lv-')) return 'lv';
    if (tag === 'en-us') return 'en-US';
    if (tag.startsWith('en')) return 'en-GB';
  }
  return DEFAULT_LANGUAGE;
}

/** JSON for a <script> element: '<' (so no '</script>' or '<!--'), and the JS line separators, as \u escapes. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * schema.org Product with its lowest offer, for a `application/ld+json` script. aggregateRating
 * only from the approved reviews the page shows (its language's), and none while there are none
 * (a made-up one is an invented review).
 */
function productJsonLd(
  facts: ProductFacts,
  options: {
    url: string;
    publicUrl: string;
    siteName: string;
    rating?: RatingSummary | null | undefined;
  },
) {
  const { rating } = options;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: facts.name,
    description: facts.description,
    image: `${options.publicUrl}${facts.image}`,
    url: options.url,
    brand: { '@type': 'Brand', name: options.siteName },
    offers: {
      '@type': 'AggregateOffer',
      lowPrice: facts.price,
      priceCurrency: facts.currency,
      availability: 'https://schema.org/InStock',
      url: options.url,
    },
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.value,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

const OG_LOCALE: Record<Language, string> = { lv: 'lv_LV', 'en-GB': 'en_GB', 'en-US': 'en_US' };

/** Writes the page's title, description, Open Graph and Twitter tags and `<html lang>` into index.html. */
export function renderIndexHtml(
  files: ClientFiles,
  options: {
    page: string;
    language: Language;
    url: string;
    publicUrl: string;
    index: boolean;
    routePath?: string;
    /** The approved reviews' summary in this language (the product page's aggregateRating). */
    rating?: RatingSummary | null;
  },
): string {
  const { meta } = files;
  const texts =
    meta.pages[options.page]?.[options.language] ?? meta.pages['notFound']?.[options.language];
  const title = texts?.title ?? meta.siteName;
  const description = texts?.description ?? '';
  const image = `${options.publicUrl}${meta.ogImage}`;
  const product = meta.products?.[options.page]?.[options.language];
  const preload = meta.preloadImages?.[options.page]?.[options.language];
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" data-ssr>`,
    `<link rel="canonical" href="${escapeHtml(options.url)}" data-ssr>`,
    options.index ? '' : '<meta name="robots" content="noindex" data-ssr>',
    `<meta property="og:type" content="website" data-ssr>`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" data-ssr>`,
    `<meta property="og:title" content="${escapeHtml(title)}" data-ssr>`,
    `<meta property="og:description" content="${escapeHtml(description)}" data-ssr>`,
    `<meta property="og:url" content="${escapeHtml(options.url)}" data-ssr>`,
    `<meta property="og:image" content="${escapeHtml(image)}" data-ssr>`,
    `<meta property="og:locale" content="${OG_LOCALE[options.language]}" data-ssr>`,
    `<meta name="twitter:card" content="summary_large_image" data-ssr>`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" data-ssr>`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" data-ssr>`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" data-ssr>`,
    preload
      ? `<link rel="preload" as="image" href="${escapeHtml(preload.href)}" imagesrcset="${escapeHtml(preload.srcset)}" imagesizes="${escapeHtml(preload.sizes)}" fetchpriority="high" data-ssr>`
      : '',
    // The first frame waits until the page's main content is parsed (Chromium 124+; others ignore
    // it): on a slow phone the parser yields several times, and frames in between showed the banner
    // and header alone, then the content growing in (layout shifts, a late largest paint). The
    // target is the footer, which comes after the main content: Chromium lets the first frame go
    // as soon as the target element is in the document, so #main itself let frames show half of
    // it (a paragraph painted with four of its five lines, then again whole: a late largest
    // paint). Pages without the footer (the builder's steps) wait for the end of the HTML.
    '<link rel="expect" href="#site-footer" blocking="render">',
    ...((options.routePath && meta.routeStyles?.[options.routePath]) || []).map(
      (file) => `<link rel="stylesheet" href="${escapeHtml(file)}">`,
    ),
    // The route's chunks and translations, which the entry (src/main.tsx) preloads once the page
    // is painted: the page is already rendered, they are for hydration, and on a phone's network
    // they would hold up the first picture (a <link rel="modulepreload"> here is fetched at once).
    `<meta name="route-modules" content="${escapeHtml(modulePreloads(meta, options.routePath, options.page, options.language).join(' '))}">`,
    // Not data-ssr: the client removes those tags when it takes over the head, but this stays for crawlers.
    product
      ? `<script type="application/ld+json">${jsonForScript(productJsonLd(product, { url: options.url, publicUrl: options.publicUrl, siteName: meta.siteName, rating: options.rating }))}</script>`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return inlineStylesheets(
    files.indexHtml
      .replace(/<html lang="[^"]*"/, `<html lang="${options.language}"`)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace('<!--head-meta-->', tags),
    files.dir,
  );
}

/** The built stylesheets by file path, read once (their names carry a content hash). */
const stylesheetTexts = new Map<string, string | null>();

function readStylesheet(dir: string, href: string): string | null {
  const file = path.join(dir, href);
  let text = stylesheetTexts.get(file);
  if (text === undefined) {
    text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    // Never inline what could end the <style> element early.
    if (text?.toLowerCase().includes('</style')) text = null;
    stylesheetTexts.set(file, text);
  }
  return text;
}

/**
 * The page's stylesheets written into the page: the first paint waits for no other request (on a
 * phone's network each stylesheet costs a round trip before anything shows). The <link> stays,
 * disabled (a disabled stylesheet is not fetched), so the client's chunk loader finds it and does
 * not fetch the file again when the route's code loads. A file that is not there stays a link.
 */
export function inlineStylesheets(html: string, dir: string): string {
  return html.replace(
    /<link rel="stylesheet"((?: crossorigin)?) href="(\/assets\/[^"]+\.css)">/g,
    (link, crossorigin: string, href: string) => {
      const css = readStylesheet(dir, href);
      return css === null
        ? link
        : `<link rel="stylesheet"${crossorigin} href="${href}" disabled><style>${css}</style>`;
    },
  );
}

export function renderSitemap(meta: HeadMeta, publicUrl: string): string {
  const urls = meta.routes
    .filter((route) => route.index && !route.path.includes('$'))
    .map(
      (route) =>
        `  <url><loc>${escapeHtml(publicUrl + (route.path === '/' ? '/' : route.path))}</loc></url>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function renderRobots(meta: HeadMeta, publicUrl: string): string {
  const hidden = meta.routes
    .filter((route) => !route.index)
    .map((route) => route.path.split('/$')[0])
    .filter(
      (prefix, i, all): prefix is string => !!prefix && prefix !== '/' && all.indexOf(prefix) === i,
    );
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...hidden.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
