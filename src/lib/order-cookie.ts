import Cookies from 'js-cookie';
import { ORDER_COOKIE_PREFIX } from '#contract/order-limits.ts';
import { cookieOptions, type Language } from './languages.ts';
import { browserCookies, type CookieReader } from './request-cookies.tsx';

/**
 * The visitor's open order, one per interface language (each language is its own market and
 * currency): cookie `ORDER_ID_<language>`, 7 days, Secure on https, SameSite=Lax, path /.
 * The server answers the cart's personal reads (a book's names and dedication, the delivery
 * details) only to a browser holding this cookie, and only while the order is unpaid.
 */
function orderCookieName(language: Language): string {
  return `${ORDER_COOKIE_PREFIX}${language}`;
}

export function getOrderId(
  language: Language,
  cookies: CookieReader = browserCookies,
): string | undefined {
  return cookies(orderCookieName(language)) || undefined;
}

export function setOrderId(language: Language, orderId: string): void {
  Cookies.set(orderCookieName(language), orderId, cookieOptions());
}

export function clearOrderId(language: Language): void {
  Cookies.remove(orderCookieName(language), { path: '/' });
}
