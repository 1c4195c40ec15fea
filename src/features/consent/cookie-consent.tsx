import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { cookieConsentMachine } from '#machines/consent.ts';
import { analytics, type Analytics } from '#src/lib/analytics.ts';
import { readConsent, writeConsent } from '#src/lib/consent-storage.ts';
import { onOpenCookieSettings } from '#src/lib/cookie-settings.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { ConsentDialog } from './consent-dialog.tsx';

interface CookieConsentProps {
  /** The analytics to tell about consent (default: the shop's Google tag with Consent Mode v2). */
  tag?: Pick<Analytics, 'init' | 'updateConsent'>;
}

/** Cookie consent: the banner until a choice is stored, the settings dialog, reopened from the footer. */
export function CookieConsent({ tag = analytics }: CookieConsentProps) {
  const actor = useActorRef(
    cookieConsentMachine.provide({
      actions: {
        storeConsent: (_, consent) => writeConsent(consent),
        pushConsent: (_, consent) => tag.updateConsent(consent),
      },
    }),
  );
  const screen = useSelector(actor, (snapshot) => snapshot.value);
  const stored = useSelector(actor, (snapshot) => snapshot.context.stored);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const focusMainAfterBanner = useRef(false);

  useEffect(() => {
    tag.init(); // the Consent Mode default goes first
    actor.send({ type: 'consent.loaded', stored: readConsent() });
  }, [actor, tag]);

  useEffect(() => onOpenCookieSettings(() => actor.send({ type: 'consent.reopen' })), [actor]);

  // While the stored choice is unknown (the server's page and its hydration) the banner is there
  // too, so a first visit shows it with the page; a stored choice hides it (consent-gate.tsx).
  const pending = screen === 'loading';
  const showBanner = pending || screen === 'banner' || (screen === 'customizing' && !stored);

  // A choice made in the banner removes it; keyboard focus goes on to the page, not to <body>.
  useEffect(() => {
    if (showBanner || !focusMainAfterBanner.current) return;
    focusMainAfterBanner.current = false;
    if (document.activeElement === document.body || !document.activeElement) {
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [showBanner]);

  return (
    <>
      {showBanner && (
        <ConsentBanner
          pending={pending}
          onAcceptAll={() => {
            focusMainAfterBanner.current = true;
            actor.send({ type: 'consent.acceptAll' });
          }}
          onAcceptEssential={() => {
            focusMainAfterBanner.current = true;
            actor.send({ type: 'consent.acceptEssential' });
          }}
          onCustomize={() => actor.send({ type: 'consent.customize' })}
        />
      )}
      {screen === 'customizing' && (
        <ConsentDialog
          draft={draft}
          onToggle={(category) => actor.send({ type: 'consent.toggle', category })}
          onSave={() => actor.send({ type: 'consent.save' })}
          onCancel={() => actor.send({ type: 'consent.cancel' })}
        />
      )}
    </>
  );
}
