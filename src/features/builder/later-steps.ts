// The builder's later steps (the dedication, the preview, the cover) load apart from the first
// step, so a parent who opens the builder waits for none of their code (issue #48, item 3). They
// are fetched as soon as the parent starts using the first step (a key, a tap) or the flow is past
// it, long before Continue can reach them: the preview still opens at once.
import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A later step's screen, loaded apart. React.lazy suspends at its first render even when the module
 * is already loaded (it asks the import again), and a suspended step shows the loading state, whose
 * reveal React then holds back (up to 300 ms after the fallback appeared): Continue on the
 * dedication waited ~250 ms for the preview that way. Once loaded, the screen renders at once.
 */
function laterStep<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { load: () => Promise<ComponentType<P>>; Step: ComponentType<P> } {
  let loaded: ComponentType<P> | undefined;
  const keep = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => keep().then((component) => ({ default: component })));
  function Step(props: P) {
    // One component for the lifetime of this mount (a switch from Lazy would remount the step).
    const [Screen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Screen, props);
  }
  return { load: keep, Step };
}

const previewStep = laterStep(() => import('./preview-step.tsx').then((m) => m.PreviewStep));
const coverStep = laterStep(() => import('./cover-step.tsx').then((m) => m.CoverStep));
const dedicationScreen = laterStep(() =>
  import('./dedication/dedication-screen.tsx').then((m) => m.DedicationScreen),
);
const dedicationPage = laterStep(() =>
  import('./dedication/dedication-page.tsx').then((m) => m.DedicationPage),
);

export const loadPreviewStep = () => import('./preview-step.tsx');
const loadCoverStep = coverStep.load;
const loadDedicationScreen = dedicationScreen.load;
const loadDedicationPage = dedicationPage.load;
/** The preview's drawer (the pool of drawing workers), which the steps after the first start. */
export const loadPreviewDrawer = () => import('./preview-drawer.ts');

export const PreviewStep = previewStep.Step;
export const CoverStep = coverStep.Step;
export const DedicationScreen = dedicationScreen.Step;
export const DedicationPage = dedicationPage.Step;

let preloaded = false;

/** Fetches the later steps' code once (a failure is left for the step itself to meet). */
export function preloadLaterSteps(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of [
    loadDedicationScreen,
    loadDedicationPage,
    previewStep.load,
    loadCoverStep,
    loadPreviewDrawer,
    // the save at the cover step: its request does not wait for its code
    () => import('./api/save-book.ts'),
  ])
    load().catch(() => {
      preloaded = false;
    });
}

const FIRST_USE = ['keydown', 'pointerdown', 'input'] as const;

/** Preloads the later steps at the parent's first key, tap or input on the page; returns the undo. */
export function preloadLaterStepsOnFirstUse(): () => void {
  if (preloaded) return () => {};
  const use = () => {
    stop();
    preloadLaterSteps();
  };
  const stop = () => {
    for (const type of FIRST_USE) document.removeEventListener(type, use, true);
  };
  for (const type of FIRST_USE)
    document.addEventListener(type, use, { capture: true, passive: true });
  return stop;
}
