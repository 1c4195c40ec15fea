import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { I18N_OPTIONS } from '#src/lib/i18n.ts';

const all = import.meta.glob<Record<string, unknown>>('../../src/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Every namespace of every language, keyed `resources[language][namespace]`. */
export const RESOURCES: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, data] of Object.entries(all)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (language && namespace) (RESOURCES[language] ??= {})[namespace] = data;
}

/** A real i18next instance with all namespaces of `lng` loaded (no lazy loading, no Suspense). */
export async function createTestI18n(lng = 'en-GB'): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng,
    resources: RESOURCES,
    ns: Object.keys(RESOURCES[lng] ?? {}),
    react: { useSuspense: false },
  });
  return instance;
}
