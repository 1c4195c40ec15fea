import { useRouter } from '@tanstack/react-router';

/**
 * A small inline script of the server's page that must run before the page paints (before any
 * script of the app has arrived), with the response's CSP nonce (a page kept for every visitor is
 * allowed it by its hash instead). Only a page the server rendered has one: the browser renders
 * nothing here itself, and the app's code does the same work once it runs.
 */
export function PageScript({ code }: { code: string }) {
  const router = useRouter();
  const nonce = router.options.ssr?.nonce;
  const serverRendered = router.isServer || (typeof window !== 'undefined' && '$_TSR' in window);
  if (!serverRendered) return null;
  // The browser hides a nonce after parsing, so the attribute differs on hydration by design.
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />
  );
}
