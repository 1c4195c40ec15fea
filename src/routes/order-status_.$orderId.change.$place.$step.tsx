import { createFileRoute, redirect } from '@tanstack/react-router';
import type { FlowStep } from '#machines/purchase.ts';
import { StepPage } from '#src/features/builder/step-page.tsx';

/** The path segments of the steps a paid book's change walks (no cover: it is the one paid for). */
const CHANGE_STEPS: Record<string, Exclude<FlowStep, 'cover'>> = {
  personalize: 'child',
  personalizeDad: 'dad',
  personalizeMum: 'mum',
  dedication: 'dedication',
  preview: 'preview',
};

/**
 * "Change the book" (issue #47): the builder's own steps on a paid book during its print hold,
 * opened from the status page; saving returns there. The order id of the status link is the access.
 */
export const Route = createFileRoute('/order-status_/$orderId/change/$place/$step')({
  beforeLoad: ({ params }) => {
    if (!(params.step in CHANGE_STEPS) || !/^[1-9]\d{0,2}$/.test(params.place))
      throw redirect({
        to: '/order-status/$orderId',
        params: { orderId: params.orderId },
        replace: true,
      });
  },
  // The preview's words before it renders (as /preview/… loads them).
  loader: ({ context, params }) =>
    params.step === 'preview' ? context.i18n.loadNamespaces(['preview']) : undefined,
  component: ChangeStep,
});

function ChangeStep() {
  const { step } = Route.useParams();
  return <StepPage step={CHANGE_STEPS[step] ?? 'child'} />;
}
