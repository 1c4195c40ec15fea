/**
 * The local storage key of the visitor's cookie choice (SPEC section 3). Its own module: the
 * first page's script reads only this, not the consent machine (and XState) behind the banner.
 */
export const CONSENT_STORAGE_KEY = 'cookie_consent';
