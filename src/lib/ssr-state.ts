import { toLanguage } from '#contract/markets.ts';
import { initialLanguage, type Language } from './languages.ts';

/**
 * The id of the JSON the server writes after the rendered page: its language and the translation
 * namespaces it used. Not the texts: the browser loads those as the chunks the page's
 * `<meta name="route-modules">` preloads (cached from one page to the next), so the HTML stays
 * small enough to arrive in the first round trip of a new connection.
 */
export const SSR_STATE_ID = 'ssr-i18n';

interface SsrState {
  language: Language;
  namespaces: string[];
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

/** The server's language and namespaces; without them (a page not rendered by the server) the cookie or the browser decides. */
export function readSsrState(doc: Document): SsrState {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (text) {
    try {
      const data = JSON.parse(text) as Partial<SsrState>;
      const language = toLanguage(String(data.language ?? ''));
      const namespaces = Array.isArray(data.namespaces)
        ? data.namespaces.filter((ns): ns is string => typeof ns === 'string')
        : [];
      if (language) return { language, namespaces };
    } catch {
      // Broken JSON: start like a page the server did not render.
    }
  }
  return { language: initialLanguage(), namespaces: [] };
}
