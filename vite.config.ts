import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { CURRENCY_BY_LANGUAGE, LANGUAGES, toDecimal, type Language } from './contract/markets.ts';
import { lowestPriceMinor } from './server/db/reference-data.ts';
import { routeTreePaths, SITE_ROUTES, siteRoutesMismatch } from './scripts/site-routes.ts';
import { isFlowPath } from './src/ui/flow-paths.ts';
import { CAROUSEL_SIZES, GALLERY_SIZES, marketingSet, srcSet } from './src/ui/marketing-images.ts';
import { devServerRendering } from './scripts/vite-dev-ssr.ts';
import { precompressAssets } from './scripts/vite-precompress.ts';

/** The Google Analytics id the client is built with: the server's GA_MEASUREMENT_ID, unless VITE_GA_MEASUREMENT_ID says otherwise. */
const GA_MEASUREMENT_ID = process.env.VITE_GA_MEASUREMENT_ID || process.env.GA_MEASUREMENT_ID || '';

/** The first cover of each page language (drawn by scripts/make-marketing-images.ts): home's carousel and the product gallery open with it. */
function firstCover(language: Language) {
  const cover = marketingSet(language).covers[0];
  if (!cover) throw new Error(`no marketing cover for ${language}`);
  return cover;
}

/** The picture each page shows first (its LCP): the server preloads it so it loads alongside the scripts. */
function firstPicture(page: 'home' | 'product', language: Language) {
  const cover = firstCover(language);
  return {
    href: (cover.sources[1] ?? cover.sources[0]!).src,
    srcset: srcSet(cover),
    // The same sizes as the <img> that shows it (home-page.tsx, product-gallery.tsx).
    sizes: page === 'home' ? CAROUSEL_SIZES : GALLERY_SIZES.cover,
  };
}

/**
 * schema.org Product facts of the product page, per language (from the cheapest format on sale). No rating: the shop has
 * no reviews behind one yet, and an invented rating is deception to search engines and consumer law.
 */
function productData(language: Language) {
  const product = JSON.parse(
    readFileSync(path.resolve('src/locales', language, 'product.json'), 'utf8'),
  ) as {
    title: string;
    subtitle: string;
  };
  return {
    name: product.title,
    description: product.subtitle,
    image: firstCover(language).sources.at(-1)!.src,
    // The cheapest format on sale, from the shop's reference data (a decimal string: '29.99').
    price: toDecimal(lowestPriceMinor(CURRENCY_BY_LANGUAGE[language])),
    currency: CURRENCY_BY_LANGUAGE[language],
  };
}

/** The translation namespaces each page needs besides `common` and `consent` (preloaded with it). */
const PAGE_NAMESPACES: Record<string, string[]> = {
  home: ['home', 'newsletter', 'reviews'],
  about: ['about', 'newsletter'],
  contact: ['contact', 'newsletter'],
  faq: ['faq'],
  privacy: ['legal'],
  terms: ['legal'],
  ugc: ['legal'],
  product: ['product', 'reviews'],
  thankYou: ['survey'],
  reward: ['survey'],
  confirmSubscription: ['newsletter'],
  subscriptionConfirmed: ['newsletter'],
  unsubscribe: ['newsletter'],
  review: ['reviews'],
  reviewStop: ['reviews'],
  personalize: ['builder', 'characters'],
  personalizeDad: ['builder', 'characters'],
  personalizeMum: ['builder', 'characters'],
  dedication: ['builder'],
  preview: ['builder', 'preview'],
  coverChoice: ['builder', 'cover'],
  cart: ['cart'],
  delivery: ['delivery'],
  checkout: ['checkout'],
  paymentStatus: ['checkout'],
  orderStatus: ['order-status'],
  admin: ['admin'],
};

/** The CSS files Vite links when a chunk loads (its own and its static imports' are listed per chunk). */
const cssOf = (chunk: OutputChunk | undefined): Set<string> | undefined =>
  (chunk as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined)
    ?.viteMetadata?.importedCss;

/** The stylesheets of the app the entry imports dynamically (start-app.tsx and its two parts) and of everything they import. */
function appStyles(bundle: OutputBundle, entry: OutputChunk): string[] {
  const byFile = new Map(
    Object.values(bundle)
      .filter((item): item is OutputChunk => item.type === 'chunk')
      .map((item) => [item.fileName, item]),
  );
  const seen = new Set<string>();
  const styles = new Set<string>();
  // Imported chunks' stylesheets before the importer's: the order the app would add them in.
  // start-app.tsx loads the app's two parts (app-root.tsx, i18n.ts) with import() as well; the
  // routes' own lazy chunks are not followed (their stylesheets are the route's, routeStyles).
  const visit = (file: string) => {
    const next = byFile.get(file);
    if (!next || seen.has(file)) return;
    seen.add(file);
    next.imports.forEach(visit);
    if (next.name === 'start-app') next.dynamicImports.forEach(visit);
    for (const css of cssOf(next) ?? []) styles.add(css);
  };
  entry.dynamicImports.forEach(visit);
  return [...styles];
}

/** The route file of a path: '/' -> index.tsx, '/about-us' -> about-us.tsx, '/a/$b' -> a.$b.tsx. */
function routeFileOf(routePath: string): string {
  return `/src/routes/${routePath === '/' ? 'index' : routePath.slice(1).replace(/\//g, '.')}.tsx`;
}

/**
 * The JavaScript each route loads lazily (its split component and what that imports) and each
 * translation chunk, so the server can list them as modulepreload links: the browser then fetches
 * them alongside the entry instead of one after the other.
 */
function lazyModules(bundle: OutputBundle, outDir: string) {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // ALWAYS_LOADED (left out of the lazy chunks' preload lists) may name only what the app's start
  // has loaded before any lazy import: the entry, start-app.tsx and what it imports (i18n, React
  // DOM's client, app-root.tsx) with all their static imports.
  const started = new Set<string>();
  const start = (file: string) => {
    if (started.has(file)) return;
    started.add(file);
    byFile.get(file)?.imports.forEach(start);
  };
  for (const chunk of chunks) {
    if (chunk.isEntry) start(chunk.fileName);
    if (chunk.name === 'start-app') [chunk.fileName, ...chunk.dynamicImports].forEach(start);
  }
  const notStarted = chunks.filter(
    (chunk) => ALWAYS_LOADED.test(chunk.fileName) && !started.has(chunk.fileName),
  );
  if (notStarted.length)
    throw new Error(
      `ALWAYS_LOADED names chunks the app's start does not load: ${notStarted.map((chunk) => chunk.fileName).join(', ')}`,
    );
  const withImports = (start: OutputChunk[]) => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const chunk = queue.pop()!;
      if (seen.has(chunk.fileName) || chunk.isEntry) continue;
      seen.add(chunk.fileName);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) queue.push(next);
      }
    }
    return [...seen]
      .filter((file) => existsSync(path.join(outDir, file)))
      .map((file) => `/${file}`);
  };
  const routeModules: Record<string, string[]> = {};
  const routeStyles: Record<string, string[]> = {};
  // The site's header and footer, a lazy chunk (src/site-frame-slots.tsx): listed
  // with the routes of the pages that show them, so they hydrate with the page.
  const siteFrame = chunks.filter((chunk) => chunk.facadeModuleId?.endsWith('/src/site-frame.tsx'));
  if (siteFrame.length !== 1) throw new Error('the build has no site-frame chunk');
  for (const route of SITE_ROUTES) {
    const file = routeFileOf(route.path);
    const own = chunks.filter((chunk) => chunk.facadeModuleId?.includes(`${file}?tsr-split`));
    if (!own.length) continue;
    // The flow's pages (the builder's steps, a paid book's change, checkout) and the back
    // office show neither (flow-paths.ts, __root.tsx); the builder's entry leaves at once.
    const framed =
      route.page !== 'admin' &&
      route.page !== 'changeBook' &&
      !route.path.startsWith('/personalizeTest/') &&
      !isFlowPath(route.path);
    routeModules[route.path] = withImports(framed ? [...own, ...siteFrame] : own);
    // The stylesheets those chunks would add when they load: a server-rendered page needs them
    // in its head, or it would show unstyled until its JavaScript ran.
    const styles = routeModules[route.path]!.flatMap((module) => [
      ...(cssOf(byFile.get(module.slice(1))) ?? []),
    ]);
    if (styles.length) routeStyles[route.path] = [...new Set(styles)].map((css) => `/${css}`);
  }
  const localeModules: Record<string, Record<string, string>> = {};
  for (const chunk of chunks) {
    const match = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
    if (match) (localeModules[match[1]!] ??= {})[match[2]!] = `/${chunk.fileName}`;
  }
  // The cookie consent (banner, settings, its machine) is a lazy chunk every page renders: listed
  // for every page, so it arrives with the route's chunks instead of after hydration reaches it
  // (then its own imports), two round trips later on a phone.
  const consentModules = withImports(
    chunks.filter((chunk) =>
      chunk.facadeModuleId?.endsWith('/src/features/consent/cookie-consent.tsx'),
    ),
  );
  return {
    routeModules,
    routeStyles,
    localeModules,
    pageNamespaces: PAGE_NAMESPACES,
    consentModules,
  };
}

/** Writes dist/client/head-meta.json: each route's page titles and descriptions (and the product's facts) for the server. */
function headMeta(): Plugin {
  return {
    name: 'storymade-head-meta',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // The server renders each page, so its first paint waits for no script: the app's JavaScript
    // (hydration) loads at low priority, after the stylesheets and the page's first picture.
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle, chunk }) => {
        // The entry loads the app (src/start-app.tsx) after the first paint; the stylesheets of
        // the app's frame (header, footer, banner …) are linked here, so the server writes them
        // into the page, which is styled before any script runs (and the app finds them there).
        const styles =
          bundle && chunk
            ? appStyles(bundle, chunk).filter((css) => !html.includes(`/${css}"`))
            : [];
        return (
          html
            .replace(
              /<script type="module" crossorigin src=/g,
              '<script type="module" crossorigin fetchpriority="low" src=',
            )
            .replace(
              /<link rel="modulepreload" crossorigin href=/g,
              '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
            )
            // Before the entry's own (styles.css and the shell's looks), which came last before too.
            .replace(
              /(<link rel="stylesheet"|<\/head>)/,
              `${styles.map((css) => `<link rel="stylesheet" crossorigin href="/${css}">\n    `).join('')}$1`,
            )
        );
      },
    },
    // After writing, so the bundle is final: Vite drops CSS-only chunks late in generateBundle,
    // and a modulepreload link to one of those would be a 404.
    writeBundle(options, bundle) {
      // Every route the router knows needs its entry (title, description, indexable or not).
      const { missing, unknown } = siteRoutesMismatch(
        routeTreePaths(readFileSync('src/route-tree.gen.ts', 'utf8')),
      );
      if (missing.length || unknown.length) {
        throw new Error(
          `scripts/site-routes.ts does not match the routes: missing ${missing.join(', ') || 'none'}; no such route ${unknown.join(', ') || 'none'}`,
        );
      }
      const pages: Record<string, Record<string, { title: string; description: string }>> = {};
      for (const language of LANGUAGES) {
        const common = JSON.parse(
          readFileSync(path.resolve('src/locales', language, 'common.json'), 'utf8'),
        ) as {
          meta: { siteName: string; pages: Record<string, { title: string; description: string }> };
        };
        for (const [page, texts] of Object.entries(common.meta.pages)) {
          (pages[page] ??= {})[language] = {
            title: `${texts.title} - ${common.meta.siteName}`,
            description: texts.description,
          };
        }
        // The back office's title lives with its own texts, so the shop's common texts do not grow.
        const admin = JSON.parse(
          readFileSync(path.resolve('src/locales', language, 'admin.json'), 'utf8'),
        ) as { pageTitle: string };
        (pages['admin'] ??= {})[language] = {
          title: `${admin.pageTitle} - ${common.meta.siteName}`,
          description: '',
        };
      }
      writeFileSync(
        path.join(options.dir ?? 'dist/client', 'head-meta.json'),
        JSON.stringify({
          siteName: 'Storymade',
          routes: SITE_ROUTES,
          pages,
          ogImage: '/og-image.png',
          ...lazyModules(bundle, options.dir ?? 'dist/client'),
          products: {
            product: Object.fromEntries(
              LANGUAGES.map((language) => [language, productData(language)]),
            ),
          },
          preloadImages: Object.fromEntries(
            (['home', 'product'] as const).map((page) => [
              page,
              Object.fromEntries(
                LANGUAGES.map((language) => [language, firstPicture(page, language)]),
              ),
            ]),
          ),
        }),
      );
    },
  };
}

/**
 * The chunks every page has loaded before the app imports anything lazily: the static imports of
 * the app's start (start-app.tsx, i18n.ts, React DOM's client, app-root.tsx): React, the router,
 * translations, the languages, the builder's route definitions, the app's frame, the book's model,
 * and the bundler's runtime and loader.
 */
const ALWAYS_LOADED =
  /(^|\/)(client|react|framework|translations|languages|flow-routes|app-frame|app-root|book-model|i18n|start-app|rolldown-runtime|preload-helper|QueryClientProvider)-[\w-]{8}\.js$/;

/** The server's entry (`vite build --ssr`): dist/server/entry-server.js, loaded by server/web/ssr.ts. */
const SSR_BUILD = {
  outDir: 'dist/server',
  emptyOutDir: true,
  sourcemap: false,
  target: 'node20',
  copyPublicDir: false,
  rolldownOptions: { input: { 'entry-server': 'src/entry-server.tsx' } },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    headMeta(),
    devServerRendering(),
    precompressAssets(),
  ],
  define: {
    'import.meta.env.VITE_GA_MEASUREMENT_ID': JSON.stringify(GA_MEASUREMENT_ID),
  },
  build: isSsrBuild
    ? SSR_BUILD
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        modulePreload: {
          // The app (src/main.tsx loads start-app.tsx after the first paint, which loads i18n.ts, React
          // DOM and app-root.tsx) is fetched without Vite's preloading: its twenty <link rel="modulepreload">
          // added at once cost the main thread ~50 ms on this machine, in one task, after the paint.
          // The page lists the route's modules instead, and the entry preloads them a link a task.
          // A lazy chunk's list leaves out what every page has loaded before any lazy import runs
          // (ALWAYS_LOADED): preloading those again does nothing, and the lists are in every chunk
          // that imports lazily (~0.6 KB gzipped of file names in the builder's first step).
          resolveDependencies: (file, deps, { hostType }) =>
            /(^|\/)(start-app|app-root|i18n|client)-[^/]*\.js$/.test(file)
              ? []
              : hostType === 'js'
                ? deps.filter((dep) => !ALWAYS_LOADED.test(dep))
                : deps,
        },
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // Vite's loader of dynamic imports with their dependencies: the entry uses it to load
                  // the app, so it must not sit in a chunk that brings half the app along.
                  name: 'preload-helper',
                  test: /vite\/preload-helper/,
                  priority: 10,
                },
                {
                  // React on its own: the app's parts that need it (translations, the router, React DOM)
                  // are then evaluated each in its own task as it arrives, instead of the first to
                  // arrive bringing the others' libraries along (one long task on a slow phone).
                  name: 'react',
                  // with React DOM's small part besides its client (createPortal, flushSync), which
                  // every page loads too: one file less
                  test: /node_modules\/react\/|node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)$/,
                  priority: 5,
                },
                {
                  // i18next and react-i18next: what src/lib/i18n.ts needs, and nothing of the router's.
                  name: 'translations',
                  test: /node_modules\/(i18next|react-i18next)\//,
                  priority: 5,
                },
                {
                  // The languages and their cookie, which translations need: otherwise they sit in a chunk
                  // of route definitions that would bring the router along.
                  name: 'languages',
                  test: /(\/contract\/markets\.ts|\/src\/lib\/languages\.ts|node_modules\/js-cookie\/)/,
                  priority: 5,
                },
                {
                  // xstate and its React hooks, which every page loads (the consent banner's machine,
                  // the builder's flow): one file instead of three.
                  name: 'xstate',
                  test: /node_modules\/(xstate|@xstate\/react|use-isomorphic-layout-effect)\//,
                  priority: 5,
                  // Not what they share with the router (use-sync-external-store).
                  includeDependenciesRecursively: false,
                },
                {
                  // The router's libraries stay one chunk: otherwise every lazy route that uses a
                  // different part of them cuts them into more, smaller files.
                  name: 'framework',
                  test: /node_modules\/@tanstack\/(react-router|router-core|history)\//,
                },
                {
                  // TanStack Query, for the pages that use it (src/lib/query-host.ts): one chunk, not in
                  // the first load. Its context (QueryClientProvider.js) and queryOptions (an identity
                  // function the routes' loaders call) are the exceptions: they stay in the first load.
                  name: 'query',
                  test: /node_modules\/@tanstack\/(react-query\/build\/modern\/(?!QueryClientProvider|queryOptions)|query-core\/)/,
                  // Not the exceptions, which the query's modules import too.
                  includeDependenciesRecursively: false,
                },
                {
                  // What the app's root (app-root.tsx) loads on every page besides its own frame: the
                  // definitions of the other routes (their loaders; their screens stay lazy) and the
                  // small modules those and the shell share. One file instead of some twenty of a
                  // kilobyte each, every one gzipped on its own (~7 KB more in all). Nothing of book/:
                  // the preview's drawing workers import what they share with the page.
                  name: 'app-frame',
                  test: (id: string) =>
                    /\/src\/lib\/(shop-info|site-facts|money|cart-summary|countries|reviews|storage|open-order|order-cookie|request-cookies|cookie-settings|consent-storage-key)\.tsx?$|\/src\/ui\/(page-meta|use-hydrated|dialog|bottom-inset|question-dialog)\.tsx?$|\/src\/lib\/book-language\.ts$|\/src\/features\/order-status\/(api\/order-status|gift-key)\.ts$|\/contract\/order-limits\.ts$/.test(
                      id,
                    ) ||
                    // (and what a route's definition shares with its lazy screen: `?tsr-shared`)
                    (/\/src\/routes\/[^/?]+\.tsx(\?tsr-shared[^/]*)?$/.test(id) &&
                      !/\/src\/routes\/(__root|personalize|personalizeDad|personalizeMum|personalizeTest|dedication|preview|coverChoice)\./.test(
                        id,
                      )),
                  includeDependenciesRecursively: false,
                },
                {
                  // The site's header and footer (src/site-frame-slots.tsx), which the
                  // builder's steps and checkout do not show, and the parts only they and the pages
                  // about the company show (the company's details, the social links).
                  name: 'site-frame',
                  test: /\/src\/site-frame\.tsx$|\/src\/features\/shell\/(header|footer|payment-logos|brand-mark|language-select)\.tsx$|\/src\/ui\/(company-details|social-links)\.tsx$|\/src\/features\/cart\/language-change\.tsx$/,
                  includeDependenciesRecursively: false,
                },
                {
                  // The builder's step screen and the flow that runs it, which only the builder's
                  // steps load: one file instead of five.
                  name: 'step-page',
                  test: /\/src\/features\/builder\/(step-page|builder-step|later-steps|purchase-flow|inspector)\.tsx?$|\/src\/features\/builder\/(character-screen|family)\/[^/]+\.tsx?$|\/machines\/(purchase|purchase-guards)\.ts$|\/src\/routes\/(personalize|personalizeDad|personalizeMum|personalizeTest|dedication|preview|coverChoice|order-status_)\.[^?]*\.tsx\?tsr-split=component/,
                  includeDependenciesRecursively: false,
                },
                {
                  // The book's model the pages share with the preview's drawing workers (the options,
                  // the personalisation rules, the family shapes, the types): one file instead of four.
                  name: 'book-model',
                  test: /\/book\/(catalogue|character-set|personalization|family|types|typography)\.ts$|\/book\/art\/palette\.ts$|\/book\/grammar\/name\.ts$|\/book\/text\/drawable\.gen\.ts$/,
                  includeDependenciesRecursively: false,
                },
                {
                  // The personalisation draft (its model, family and storage), which the builder and
                  // the cart load: one file instead of four. Not its save's payload, which a new
                  // book's first step does not use (it loads with the save, or with an edited book).
                  name: 'purchase-draft',
                  test: /\/machines\/(purchase-draft|purchase-family|draft-storage)\.ts$|\/contract\/(seed-family|family)\.ts$|\/src\/lib\/sibling-draft\.ts$/,
                  includeDependenciesRecursively: false,
                },
                {
                  // The route definitions of the builder's steps (params, the known-book check; their
                  // screens stay lazy) are in every first load: one small file instead of thirteen.
                  name: 'flow-routes',
                  test: (id: string) =>
                    /\/src\/routes\/(personalize|personalizeDad|personalizeMum|personalizeTest|dedication|preview|coverChoice)\.[^?]*\.tsx$/.test(
                      id,
                    ) ||
                    id.endsWith('/src/features/builder/flow-params.ts') ||
                    // the orders API's plain constants (a stored draft's cover), without its schemas:
                    // on its own the bundler puts it in the schemas' chunk
                    id.endsWith('/contract/order-formats.ts'),
                },
              ],
            },
          },
        },
      },
  // `npm run dev` renders pages on the server as well (scripts/vite-dev-ssr.ts).
  appType: 'custom',
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
