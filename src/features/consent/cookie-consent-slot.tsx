import { Suspense, lazy } from 'react';
import { ConsentGate } from './consent-gate.tsx';
// In the page's first stylesheet: the server's page shows the banner before any script runs.
import './consent.css';

// The banner, the settings dialog and the consent machine are their own chunk, loaded after the page.
const CookieConsent = lazy(() => import('./cookie-consent.tsx').then((module) => ({ default: module.CookieConsent })));

/** Mounted once in the root layout (on every path, flow paths too). */
export function CookieConsentSlot() {
  return (
    <>
      <ConsentGate />
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
    </>
  );
}
