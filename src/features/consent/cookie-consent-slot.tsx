import { Suspense, lazy } from 'react';
import { OptionalPart } from '#src/ui/optional-part.tsx';
import { PageHydrated, useHydratedPart } from '#src/ui/page-hydrated.tsx';
import { ConsentGate } from './consent-gate.tsx';
// In the page's first stylesheet: the server's page shows the banner before any script runs.
import './consent.css';

// The banner, the settings dialog and the consent machine are their own chunk, loaded after the page.
const CookieConsent = lazy(() =>
  import('./cookie-consent.tsx').then((module) => ({ default: module.CookieConsent })),
);

/** Mounted once in the root layout (on every path, flow paths too). */
export function CookieConsentSlot() {
  // The page is marked taken over only once the banner is live too: a press on the server's banner
  // before then is held by the page's first script and pressed again into the live one.
  useHydratedPart('consent');
  return (
    <>
      <ConsentGate />
      {/* Without its code (a lost request) there is no banner, and nothing is stored or sent to
          analytics (their default is denied); the page itself stays. */}
      <OptionalPart fallback={<PageHydrated part="consent" />}>
        <Suspense fallback={null}>
          <CookieConsent />
          <PageHydrated part="consent" />
        </Suspense>
      </OptionalPart>
    </>
  );
}
