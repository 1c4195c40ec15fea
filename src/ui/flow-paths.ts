/** The personalisation steps the progress dots show, in order. */
export const PROGRESS_STEPS = ['personalize', 'dedication', 'preview', 'coverChoice'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];

const STEP_OF_SEGMENT: Record<string, ProgressStep> = {
  personalize: 'personalize',
  personalizeDad: 'personalize',
  personalizeMum: 'personalize',
  dedication: 'dedication',
  preview: 'preview',
  coverChoice: 'coverChoice',
};

/** The progress step of a path (dad and mum count as the personalize step), or null. */
export function progressStepOf(pathname: string): ProgressStep | null {
  const first = pathname.split('/')[1] ?? '';
  return STEP_OF_SEGMENT[first] ?? null;
}

/** A paid book's change (/order-status/{orderId}/change/{place}/{step}, issue #47): the builder's steps. */
function isChangePath(pathname: string): boolean {
  const parts = pathname.split('/');
  return (
    parts[1] === 'order-status' && parts[3] === 'change' && (parts[5] ?? '') in STEP_OF_SEGMENT
  );
}

/**
 * Header and footer are hidden on the personalize, dedication, preview, coverChoice and checkout
 * paths, and on a paid book's change (its steps are the builder's; it has no progress dots: it has
 * no cover step).
 */
export function isFlowPath(pathname: string): boolean {
  const first = pathname.split('/')[1] ?? '';
  return first in STEP_OF_SEGMENT || first === 'checkout' || isChangePath(pathname);
}
