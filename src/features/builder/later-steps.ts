// The builder's later steps (the dedication, the preview, the cover) load apart from the first
// step, so a parent who opens the builder waits for none of their code (issue #48, item 3). They
// are fetched as soon as the parent starts using the first step (a key, a tap) or the flow is past
// it, long before Continue can reach them: the preview still opens at once.
import { lazy } from 'react';

export const loadPreviewStep = () => import('./preview-step.tsx');
const loadCoverStep = () => import('./cover-step.tsx');
const loadDedicationScreen = () => import('./dedication/dedication-screen.tsx');
const loadDedicationPage = () => import('./dedication/dedication-page.tsx');
/** The preview's drawer (the pool of drawing workers), which the steps after the first start. */
export const loadPreviewDrawer = () => import('./preview-drawer.ts');

export const PreviewStep = lazy(() =>
  loadPreviewStep().then((module) => ({ default: module.PreviewStep })),
);
export const CoverStep = lazy(() =>
  loadCoverStep().then((module) => ({ default: module.CoverStep })),
);
export const DedicationScreen = lazy(() =>
  loadDedicationScreen().then((module) => ({ default: module.DedicationScreen })),
);
export const DedicationPage = lazy(() =>
  loadDedicationPage().then((module) => ({ default: module.DedicationPage })),
);

let preloaded = false;

/** Fetches the later steps' code once (a failure is left for the step itself to meet). */
export function preloadLaterSteps(): void {
  if (preloaded) return;
  preloaded = true;
  for (const load of [
    loadDedicationScreen,
    loadDedicationPage,
    loadPreviewStep,
    loadCoverStep,
    loadPreviewDrawer,
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
