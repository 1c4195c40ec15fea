import { useParams } from '@tanstack/react-router';
import type { FlowStep } from '#machines/purchase.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { BuilderStep } from './builder-step.tsx';

/** The page (its title and description in common.json `meta.pages`) of each step. */
const STEP_PAGE: Record<FlowStep, string> = {
  child: 'personalize',
  dad: 'personalizeDad',
  mum: 'personalizeMum',
  dedication: 'dedication',
  cover: 'coverChoice',
  preview: 'preview',
};

/**
 * A flow route's page: the step's head tags and the step, for a new book (/step/$bookName; nothing
 * for a book the shop does not sell, which beforeLoad sends home) or a book in the cart
 * (/step/edit/$orderItemId).
 */
export function StepPage({ step }: { step: FlowStep }) {
  const { bookName, orderItemId, orderId, place } = useParams({ strict: false });
  // A paid book changed in its print hold (/order-status/{orderId}/change/{place}/{step}, issue #47).
  if (orderId !== undefined && place !== undefined) {
    return (
      <>
        <PageMeta page="changeBook" />
        <BuilderStep
          key={`${orderId}:${place}`}
          step={step}
          bookName="football_story"
          orderItemId={null}
          change={{ orderId, place }}
        />
      </>
    );
  }
  return (
    <>
      <PageMeta page={STEP_PAGE[step]} />
      {orderItemId !== undefined ? (
        <BuilderStep
          key={orderItemId}
          step={step}
          bookName="football_story"
          orderItemId={orderItemId}
        />
      ) : (
        bookName && (
          <BuilderStep key={bookName} step={step} bookName={bookName} orderItemId={null} />
        )
      )}
    </>
  );
}
