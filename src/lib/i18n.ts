import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from './languages.ts';

type Resources = Record<string, unknown>;

/** Loaded translations, keyed `resources[language][namespace]` (what the server passes to the browser). */
export type I18nResources = Record<string, Record<string, Resources>>;

// Each language and namespace is its own chunk, loaded when first used.
const loaders = import.meta.glob<{ default: Resources }>('../locales/*/*.json');

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
 * A new i18next instance in `language`: one per request on the server, one in the browser.
 * `resources` are namespaces already loaded (the browser gets the server's, so the first render
 * has every text the server used and nothing flashes); the rest load lazily, one chunk each.
 */
export async function createI18n(language: Language, resources?: I18nResources): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(lazyLocales).use(initReactI18next);
  const bundled = resources ? { resources, partialBundledLanguages: true } : {};
  await instance.init({ ...I18N_OPTIONS, ...bundled, lng: language });
  return instance;
}

/** The namespaces loaded so far, per language. */
export function loadedResources(instance: I18n): I18nResources {
  return instance.store.data as I18nResources;
}
