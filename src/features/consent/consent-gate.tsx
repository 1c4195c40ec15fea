import { useRouter } from '@tanstack/react-router';
import { CONSENT_STORAGE_KEY } from '../../lib/consent-storage-key.ts';

/** Set on <html> before the first paint when a cookie choice is stored: the server's banner stays hidden. */
const CONSENT_STORED_CLASS = 'consent-stored';

const SCRIPT = `try{localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})&&document.documentElement.classList.add(${JSON.stringify(CONSENT_STORED_CLASS)})}catch(e){}`;

/**
 * The server cannot read the visitor's stored choice (local storage), so its page shows the banner;
 * this tiny script (with the response's CSP nonce) runs before that paints and hides it for a
 * visitor who has chosen. The consent machine then decides as before, once the page is live.
 */
export function ConsentGate() {
  const router = useRouter();
  const nonce = router.options.ssr?.nonce;
  // Only a page the server rendered has a banner to hide before it paints.
  const serverRendered = router.isServer || (typeof window !== 'undefined' && '$_TSR' in window);
  if (!serverRendered) return null;
  // The browser hides a nonce after parsing, so the attribute differs on hydration by design.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
