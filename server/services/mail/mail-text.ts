// The words of the shop's mails and server-made pages, read from the locale files every other
// visible string lives in (src/locales/{language}/mail*.json). The server never imports src/
// source (docs/architecture.md): it reads these JSON files as data, once, at start.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type Resource, type TFunction } from 'i18next';
import { LANGUAGES, type Language } from '#contract/markets.ts';
import { PROJECT_ROOT } from '#server/runtime/paths.ts';

/** The folder of the locale files, the same from the sources and the built server. */
export const LOCALES_FOLDER = path.join(PROJECT_ROOT, 'src', 'locales');

/** The pages the server draws itself, besides the mails: the invoice PDFs and the sandbox's test page. */
const SERVER_PAGES = ['invoice', 'sandbox-pay'];

/**
 * The server's namespaces: every `mail*.json` (mails, mail-staff, mail-gift, …), one per area of
 * mail, and the pages of SERVER_PAGES.
 */
function serverNamespaces(): string[] {
  return readdirSync(path.join(LOCALES_FOLDER, 'en-GB'))
    .filter((file) => /^mail[\w-]*\.json$/.test(file) || SERVER_PAGES.includes(file.slice(0, -5)))
    .map((file) => file.slice(0, -'.json'.length));
}

function loadResources(): Resource {
  const namespaces = serverNamespaces();
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        namespaces.map((ns) => [
          ns,
          JSON.parse(
            readFileSync(path.join(LOCALES_FOLDER, language, `${ns}.json`), 'utf8'),
          ) as Resource[string][string],
        ]),
      ),
    ]),
  );
}

let instance: typeof i18next | undefined;

function server(): typeof i18next {
  if (instance) return instance;
  const created = i18next.createInstance();
  const resources = loadResources();
  // initAsync: false makes init synchronous: resources are given, nothing is loaded later.
  void created.init({
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: false,
    ns: Object.keys(resources['en-GB'] ?? {}),
    defaultNS: 'mails',
    // Mails escape what they draw themselves (html.ts): i18next leaves values as they are.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  instance = created;
  return created;
}

/**
 * The mail words of `language`: `mailText('lv')('mails:shipped.subject', { number })`. A key
 * missing from the locale files is a programming error and throws, so a mail never goes out with
 * a key in place of its words.
 */
export function mailText(language: Language): TFunction {
  const t = server().getFixedT(language);
  return ((key: string, options?: Record<string, unknown>) => {
    if (!server().exists(key, { lng: language, ...options })) {
      throw new Error(`No mail text ${key} in ${language}`);
    }
    return t(key, options);
  }) as TFunction;
}
