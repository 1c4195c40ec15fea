// The Stately inspector for the purchase machine, in development only: run `npm run dev`, then in
// the browser console `localStorage.inspect = '1'` and reload. The import sits behind
// `import.meta.env.DEV`, so the production build drops it (and the package is a dev dependency).

import type { InspectionEvent, Observer } from 'xstate';

let observer: Observer<InspectionEvent> | null = null;

if (import.meta.env.DEV && typeof localStorage !== 'undefined' && localStorage.inspect === '1') {
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    observer = createBrowserInspector().inspect;
  });
}

/** Actor options that report to the inspector when it is switched on; none otherwise. */
export function startInspector():
  { inspect: (event: InspectionEvent) => void } | Record<string, never> {
  if (!import.meta.env.DEV) return {};
  return { inspect: (event) => observer?.next?.(event) };
}
