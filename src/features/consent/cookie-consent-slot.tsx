import { Suspense, lazy } from 'react';

// The banner, the settings dialog and the consent machine are their own chunk, loaded after the page.
const CookieConsent = lazy(() => import('./cookie-consent.tsx').then((module) => ({ default: module.CookieConsent })));

/** Mounted once in the root layout (on every path, flow paths too). */
export function CookieConsentSlot() {
  return (
    <Suspense fallback={null}>
      <CookieConsent />
    </Suspense>
  );
}
