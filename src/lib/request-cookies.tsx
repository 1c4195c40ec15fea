import Cookies from 'js-cookie';
import { createContext, useContext, type ReactNode } from 'react';

/** Reads a cookie by name: the browser's cookies, or on the server the request's. */
export type CookieReader = (name: string) => string | undefined;

export const browserCookies: CookieReader = (name) => Cookies.get(name);

/** The cookies of a `Cookie:` request header. */
export function headerCookies(header: string | null | undefined): CookieReader {
  const values = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || values.has(name)) continue;
    try {
      values.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      values.set(name, part.slice(at + 1).trim());
    }
  }
  return (name) => values.get(name);
}

const CookieContext = createContext<CookieReader>(browserCookies);

/** The server renders a page with the request's cookies, so it shows what the browser will (the cart of the visitor's order). */
export function CookiesProvider({
  cookies,
  children,
}: {
  cookies: CookieReader;
  children: ReactNode;
}) {
  return <CookieContext.Provider value={cookies}>{children}</CookieContext.Provider>;
}

export function useCookies(): CookieReader {
  return useContext(CookieContext);
}
