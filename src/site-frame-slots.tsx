// The site's header and footer (site-frame.tsx) are a chunk of their own: the builder's steps and
// checkout show neither (flow-paths.ts), and do not load them (issue #48 item 3). The pages that
// show them have them loaded before they render: the server before it renders a page and the
// browser before it shows a page it navigates to (both in the root route's beforeLoad); a page the
// browser hydrates listed their chunk with the route's (vite.config.ts), so it is on its way, and
// they hydrate when it has arrived (the server's HTML of them stays as it is meanwhile).
import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { isFlowPath } from '#src/ui/flow-paths.ts';
import type * as SiteFrameModule from './site-frame.tsx';

type SiteFrame = typeof SiteFrameModule;

let loaded: SiteFrame | undefined;
let loading: Promise<SiteFrame> | undefined;
const listeners = new Set<() => void>();
let arrived: (frame: SiteFrame) => void = () => {};
/** Settles once the header and footer have been loaded, by whoever loads them. */
const arrival = new Promise<SiteFrame>((resolve) => {
  arrived = resolve;
});

/** Whether a path shows the site's header and footer: not the flow's (builder, checkout), not the back office's. */
export function showsSiteFrame(pathname: string): boolean {
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  return !admin && !isFlowPath(pathname);
}

/**
 * The builder's entry (/personalizeTest/{book}: a fresh draft, then the first step at once). A
 * fresh visit there leaves before anyone could use its header and footer: the browser keeps the
 * server's HTML of them as it is and does not load their code (the step after shows neither).
 */
function leavesAtOnce(pathname: string): boolean {
  return pathname.startsWith('/personalizeTest/');
}

/** Loads the header and footer once (a failed load is tried again at the next call). */
export function loadSiteFrame(): Promise<SiteFrame> {
  loading ??= import('./site-frame.tsx').then(
    (module) => {
      loaded = module;
      arrived(module);
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Never settles: a part whose code could not be loaded stays as the server rendered it. */
const never = new Promise<SiteFrame>(() => {});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const current = () => loaded;
const noChange = () => () => {};

function FramePart({ part, pathname }: { part: 'SiteHeader' | 'Footer'; pathname: string }) {
  const frame = useSyncExternalStore(subscribe, current, current);
  // True while the browser hydrates the server's page (React then reads the server's snapshot).
  const hydrating = useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
  if (frame) {
    const Part = frame[part];
    return <Part />;
  }
  // Hydrating without the code yet: suspended, the part stays as the server rendered it until
  // the code arrives (on the builder's entry, which leaves at once, only if something loads it).
  if (hydrating) use(leavesAtOnce(pathname) ? arrival : loadSiteFrame().catch(() => never));
  // On the way from the builder or checkout: the root route's beforeLoad is loading it, and the
  // header and footer appear together when it has arrived, as the new page does.
  return null;
}

/** The header, on the pages that show it. */
export function SiteHeaderSlot({ pathname }: { pathname: string }): ReactNode {
  if (!showsSiteFrame(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <FramePart part="SiteHeader" pathname={pathname} />
    </Suspense>
  );
}

/** The footer, on the pages that show it. */
export function SiteFooterSlot({ pathname }: { pathname: string }): ReactNode {
  if (!showsSiteFrame(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <FramePart part="Footer" pathname={pathname} />
    </Suspense>
  );
}
