import Cookies from 'js-cookie';
import { cookieOptions, type Language } from './languages.ts';
import { browserCookies, type CookieReader } from './request-cookies.tsx';

/**
 * The visitor's open order, one per interface language (each language is its own market and
 * currency): cookie `ORDER_ID_<language>`, 7 days, Secure on https, SameSite=Lax, path /.
 */
export function orderCookieName(language: Language): string {
  return `ORDER_ID_${language}`;
}

export function getOrderId(language: Language, cookies: CookieReader = browserCookies): string | undefined {
  return cookies(orderCookieName(language)) || undefined;
}

export function setOrderId(language: Language, orderId: string): void {
  Cookies.set(orderCookieName(language), orderId, cookieOptions());
}

export function clearOrderId(language: Language): void {
  Cookies.remove(orderCookieName(language), { path: '/' });
}
