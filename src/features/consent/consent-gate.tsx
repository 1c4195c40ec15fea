import { CONSENT_STORAGE_KEY } from '#src/lib/consent-storage-key.ts';
import { PageScript } from '#src/ui/page-script.tsx';

/** Set on <html> before the first paint when a cookie choice is stored: the server's banner stays hidden. */
const CONSENT_STORED_CLASS = 'consent-stored';

const SCRIPT = `try{localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})&&document.documentElement.classList.add(${JSON.stringify(CONSENT_STORED_CLASS)})}catch(e){}`;

/**
 * The server cannot read the visitor's stored choice (local storage), so its page shows the banner;
 * this tiny script runs before that paints and hides it for a visitor who has chosen. The consent
 * machine then decides as before, once the page is live.
 */
export function ConsentGate() {
  return <PageScript code={SCRIPT} />;
}
