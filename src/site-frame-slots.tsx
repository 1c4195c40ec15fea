// The site's header and footer (site-frame.tsx) are a chunk of their own: the builder's steps and
// checkout show neither (flow-paths.ts), and do not load them (issue #48 item 3). The pages that
// show them have them loaded before they render: the server before it renders a page and the
// browser before it shows a page it navigates to (both in the root route's beforeLoad), and
// before it hydrates one (app-root.tsx; the server listed their chunk with the route's,
// vite.config.ts, so it is already on its way), so that they hydrate with the page and a choice
// made in them before the app arrived is heard with the rest (lib/early-input.ts).
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

/** The builder's entry (/personalizeTest/{book}: a fresh draft, then the first step at once). */
function isBuilderEntry(pathname: string): boolean {
  return pathname.startsWith('/personalizeTest/');
}

/**
 * Whether the page the server rendered at `pathname` needs the header and footer loaded before it
 * hydrates: every page that shows them but the builder's entry, which shows neither a moment
 * later. That one leaves before anyone could use them and keeps the server's HTML of them as it is
 * without their code (its route does not list their chunk).
 */
export function hydratesWithSiteFrame(pathname: string): boolean {
  return showsSiteFrame(pathname) && !isBuilderEntry(pathname);
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const current = () => loaded;
const noChange = () => () => {};

/** The part, once its code is loaded (on the way from the builder or checkout, loading meanwhile). */
function FramePart({ part }: { part: 'SiteHeader' | 'Footer' }) {
  const frame = useSyncExternalStore(subscribe, current, current);
  if (!frame) return null; // the root route's beforeLoad is loading it: header and footer appear together
  const Part = frame[part];
  return <Part />;
}

/**
 * The part on the builder's entry, which may hydrate without its code: suspended then, so that it
 * stays as the server rendered it until something loads the code.
 */
function EntryFramePart({ part }: { part: 'SiteHeader' | 'Footer' }) {
  const frame = useSyncExternalStore(subscribe, current, current);
  // True while the browser hydrates the server's page (React then reads the server's snapshot).
  const hydrating = useSyncExternalStore(
    noChange,
    () => false,
    () => true,
  );
  if (!frame && hydrating) use(arrival);
  return <FramePart part={part} />;
}

/**
 * A part of the frame on the pages that show it: in place, hydrated in the same pass as the page
 * (a Suspense boundary would hydrate in a later one, and the extra render a hydration-only value
 * causes would put a list's server value back over a choice made before the app arrived, which
 * lib/early-input.ts hands over); on the builder's entry in a boundary of its own.
 */
function Slot({ part, pathname }: { part: 'SiteHeader' | 'Footer'; pathname: string }): ReactNode {
  if (!showsSiteFrame(pathname)) return null;
  if (!isBuilderEntry(pathname)) return <FramePart part={part} />;
  return (
    <Suspense fallback={null}>
      <EntryFramePart part={part} />
    </Suspense>
  );
}

/** The header, on the pages that show it. */
export function SiteHeaderSlot({ pathname }: { pathname: string }): ReactNode {
  return <Slot part="SiteHeader" pathname={pathname} />;
}

/** The footer, on the pages that show it. */
export function SiteFooterSlot({ pathname }: { pathname: string }): ReactNode {
  return <Slot part="Footer" pathname={pathname} />;
}
