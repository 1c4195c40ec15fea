import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, initialLanguage, type Language } from './languages.ts';

type Resources = Record<string, unknown>;

// Each language and namespace is its own chunk, loaded when first used.
const loaders = import.meta.glob<{ default: Resources }>('../locales/*/*.json');

export const lazyLocales: BackendModule = {
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

export const i18n: I18n = i18next.createInstance();

export async function initI18n(language: Language = initialLanguage()): Promise<I18n> {
  i18n.use(lazyLocales).use(initReactI18next);
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18n.init({ ...I18N_OPTIONS, lng: language });
  document.documentElement.lang = language;
  return i18n;
}
