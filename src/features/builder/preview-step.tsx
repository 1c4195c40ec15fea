import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { previewRequestOf, type PersonalizationDraft } from '#machines/purchase-draft.ts';
import { previewQueueMachine, remainingOf } from '#machines/preview-queue.ts';
import type { Language } from '#src/lib/languages.ts';
import { fetchPreviewImage } from './api/preview-image.ts';
import { startInspector } from './inspector.ts';
import {
  browserCanDraw,
  drawInBrowser,
  drawnAlready,
  drawPreviewAhead,
  isPoolUrl,
} from './preview-drawer.ts';
import { PreviewScreen } from './preview-screen/preview-screen.tsx';
import type { PurchaseActor } from './purchase-flow.ts';
import { useTranslation } from 'react-i18next';
import { BOOK_CHANGE_REFUSALS } from '#contract/book-change.ts';
import type { PreviewScreenProps } from './preview-screen/preview-screen.tsx';

export type QueueActor = ActorRefFrom<typeof previewQueueMachine>;

interface CachedQueue {
  signature: string;
  actor: QueueActor;
}

/**
 * The last preview stays while the parent moves between preview and cover choice, so going back
 * shows the pages at once; a changed draft or language draws a new one.
 */
let cached: CachedQueue | null = null;
/** The page the preview showed last: a preview drawn again (after a change) draws it first and opens on it. */
let shownPage: string | undefined;

function release(queue: CachedQueue): void {
  queue.actor.stop();
  for (const image of queue.actor.getSnapshot().context.images) {
    if (image.url && !isPoolUrl(image.url)) URL.revokeObjectURL(image.url);
  }
}

/** The page a preview drawn now opens on (and draws first): the one shown last, else the cover. */
export function previewFirstPage(): string | undefined {
  return cached ? shownPage : undefined;
}

function queueFor(draft: PersonalizationDraft, language: Language): QueueActor {
  const signature = JSON.stringify([previewRequestOf(draft, language), draft.dedication]);
  if (cached?.signature === signature) return cached.actor;
  if (cached) release(cached);
  const drawsItself = browserCanDraw();
  // The pages the workers drew ahead show in the preview's first frame; the others are asked for.
  const drawn = drawsItself ? drawnAlready(draft, language) : [];
  const actor: QueueActor = createActor(
    previewQueueMachine.provide({
      actions: {
        requestImage: (_, { page, drawer }) => {
          const drawn =
            drawer === 'browser'
              ? drawInBrowser(page, draft, language)
              : // A browser that draws its own pages asks the server only for this one page (no read-ahead).
                fetchPreviewImage(page, draft, language, !drawsItself).then((url) => ({
                  url,
                  svg: undefined,
                  words: undefined,
                }));
          drawn.then(
            ({ url, svg, words }) => {
              if (actor.getSnapshot().status !== 'active')
                return isPoolUrl(url) ? undefined : URL.revokeObjectURL(url);
              actor.send({
                type: 'image.loaded',
                page,
                url,
                ...(svg ? { svg } : {}),
                ...(words ? { words } : {}),
              });
            },
            (error: unknown) => {
              console.warn(`Preview of ${page} failed (${drawer})`, error);
              actor.send({ type: 'image.failed', page });
            },
          );
        },
        startPause: (_, { ms }) => {
          setTimeout(() => actor.send({ type: 'pause.done' }), ms);
        },
      },
    }),
    // A redrawn preview starts with the page the parent was looking at.
    {
      input: {
        drawer: drawsItself ? 'browser' : 'server',
        ...(drawn.length > 0 ? { drawn } : {}),
        ...(previewFirstPage() ? { first: previewFirstPage() } : {}),
      },
      ...startInspector(),
    },
  );
  cached = { signature, actor };
  // Every page behind the one asked for first: both workers draw while the first page shows.
  if (drawsItself)
    drawPreviewAhead(draft, language, {
      first: actor.getSnapshot().context.order[0]!,
      now: true,
    });
  actor.start();
  return actor;
}

/** The preview queue's pages and count on the preview screen; retry goes back to the queue. */
function rememberShown(page: string): void {
  shownPage = page;
}

export function QueuedPreview({
  queue,
  onNext,
  onReturn,
  remembered = false,
  ...change
}: {
  queue: QueueActor;
  onNext(): void;
  onReturn(): void;
  /** Open on the page shown last, and remember the page shown (the builder's preview step). */
  remembered?: boolean;
} & Pick<PreviewScreenProps, 'nextText' | 'returnText' | 'busy' | 'notice'>) {
  const images = useSelector(queue, (snapshot) => snapshot.context.images);
  const remaining = useSelector(queue, (snapshot) => remainingOf(snapshot.context));
  return (
    <PreviewScreen
      images={images}
      {...(remembered ? { startPage: shownPage, onShow: rememberShown } : {})}
      remaining={remaining}
      onRetry={(page) => queue.send({ type: 'image.retry', page })}
      onNext={onNext}
      onReturn={onReturn}
      {...change}
    />
  );
}

export function PreviewStep({ actor, language }: { actor: PurchaseActor; language: Language }) {
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const [queue, setQueue] = useState<QueueActor>(() => queueFor(draft, language));
  useEffect(() => {
    setQueue(queueFor(draft, language));
  }, [draft, language]);
  const next = () => actor.send({ type: 'preview.next' });
  const changing = useSelector(actor, (snapshot) => snapshot.context.changing);
  if (changing) return <ChangePreview actor={actor} queue={queue} />;
  return <QueuedPreview queue={queue} onNext={next} onReturn={next} remembered />;
}

/**
 * The preview of a paid book's change (issue #47): its main button saves the change (the status
 * page then says so); Return goes back to the dedication; a refused save says why.
 */
function ChangePreview({ actor, queue }: { actor: PurchaseActor; queue: QueueActor }) {
  const { t } = useTranslation('builder');
  const saving = useSelector(
    actor,
    (snapshot) => snapshot.matches('saving') || snapshot.matches('cart'),
  );
  const failed = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const limited = useSelector(actor, (snapshot) => snapshot.context.saveLimited);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.saveRefusal);
  const reason = limited
    ? 'limited'
    : refusal && CHANGE_REFUSALS.includes(refusal)
      ? refusal
      : 'failed';
  return (
    <QueuedPreview
      queue={queue}
      onNext={() => actor.send({ type: 'preview.next' })}
      onReturn={() => actor.send({ type: 'step.back' })}
      remembered
      nextText={saving ? t('change.saving') : t('change.save')}
      busy={saving}
      notice={
        failed && !saving ? (
          <p className="book-preview__notice" role="alert">
            {t(`change.refused.${reason}`)}
          </p>
        ) : null
      }
    />
  );
}

/** The refusals the change's preview names (contract/book-change.ts, and a 400's or 404's). */
const CHANGE_REFUSALS: readonly string[] = [
  ...BOOK_CHANGE_REFUSALS,
  'fixed_after_payment',
  'invalid',
  'not_found',
];
