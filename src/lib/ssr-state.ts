import { toLanguage } from '#contract/markets.ts';
import type { I18nResources } from './i18n.ts';
import { initialLanguage, type Language } from './languages.ts';

/** The id of the JSON the server writes after the rendered page: its language and the texts it used. */
export const SSR_STATE_ID = 'ssr-i18n';

interface SsrState {
  language: Language;
  resources: I18nResources;
}

/**
 * The JSON for the page (a `<script type="application/json">`, data the browser never runs, so the
 * CSP needs no hash for it): '<' and the JS line separators escaped.
 */
export function ssrStateJson(state: SsrState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The server's language and texts; without them (a page not rendered by the server) the cookie or the browser decides. */
export function readSsrState(doc: Document): SsrState {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (text) {
    try {
      const data = JSON.parse(text) as Partial<SsrState>;
      const language = toLanguage(String(data.language ?? ''));
      if (language && data.resources) return { language, resources: data.resources };
    } catch {
      // Broken JSON: start like a page the server did not render.
    }
  }
  return { language: initialLanguage(), resources: {} };
}
