import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages.ts';

type Resources = Record<string, unknown>;

/** Loaded translations, keyed `resources[language][namespace]` (i18next's store). */
export type I18nResources = Record<string, Record<string, Resources>>;

// Each language and namespace is its own chunk, loaded when first used. Not the server's own
// namespaces (the mails, the invoice, the sandbox's payment page: server/services/mail/mail-text.ts
// reads them as files): the browser never shows them.
const loaders = import.meta.glob<{ default: Resources }>([
  '../locales/*/*.json',
  '!../locales/*/mail*.json',
  '!../locales/*/invoice.json',
  '!../locales/*/sandbox-pay.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/** Options shared by the app and the tests. en-GB is the default and en-US the fallback. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en-US',
  load: 'currentOnly' as const,
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
};

/**
 * A new i18next instance in `language`, with `namespaces` (besides `common`) loaded before it
 * resolves: one per request on the server, one in the browser. The rest load lazily, a chunk each.
 *
 * `fallback: false` (the browser) loads no fallback language: every namespace has the same keys in
 * every language (tests/unit/locales.test.ts), so en-US never supplies a text the page's language
 * lacks, and loading it would cost a phone a second set of chunks before the page hydrates.
 */
export async function createI18n(
  language: Language,
  { namespaces = [], fallback = true }: { namespaces?: readonly string[]; fallback?: boolean } = {},
): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(lazyLocales).use(initReactI18next);
  await instance.init({
    ...I18N_OPTIONS,
    ns: [...new Set([...I18N_OPTIONS.ns, ...namespaces])],
    ...(fallback ? {} : { fallbackLng: false as const }),
    lng: language,
  });
  return instance;
}

/** The namespaces loaded so far in `language`. */
export function loadedNamespaces(instance: I18n, language: string): string[] {
  return Object.keys((instance.store.data as I18nResources)[language] ?? {});
}
