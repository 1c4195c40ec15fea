import Cookies from 'js-cookie';
import { DEFAULT_LANGUAGE, LANGUAGES, toLanguage, type Language } from '#contract/markets.ts';

export { LANGUAGES, DEFAULT_LANGUAGE, type Language };

const LANGUAGE_COOKIE = 'LANGUAGE_CODE';

/** The options of every cookie the shop sets: 7 days, Secure on https, SameSite=Lax, path /. */
export function cookieOptions(): Cookies.CookieAttributes {
  return {
    expires: 7,
    path: '/',
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  };
}

/** From the browser's language list: lv, en-US, any other English as en-GB. */
export function languageFromBrowser(languages: readonly string[]): Language | undefined {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (lower === 'lv' || lower.startsWith('lv-')) return 'lv';
    if (lower === 'en-us') return 'en-US';
    if (lower.startsWith('en')) return 'en-GB';
  }
  return undefined;
}

/** The language to start in: the cookie, else the browser's languages, else en-GB. */
export function initialLanguage(): Language {
  const stored = Cookies.get(LANGUAGE_COOKIE);
  const fromCookie = stored ? toLanguage(stored) : undefined;
  if (fromCookie) return fromCookie;
  const browser =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return languageFromBrowser(browser) ?? DEFAULT_LANGUAGE;
}

export function rememberLanguage(language: Language): void {
  Cookies.set(LANGUAGE_COOKIE, language, cookieOptions());
}
