import { act, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { previewQueueMachine, type PreviewQueueEvent } from '#machines/preview-queue.ts';
import { QueuedPreview, type QueueActor } from '#src/features/builder/preview-step.tsx';
import {
  labelOf,
  nextName,
  ORDER,
  PreviewExpectation,
  previewQueueTraversal,
} from '../preview-queue-model.ts';
import { createTestI18n } from './i18n-test.ts';

// The preview queue machine's shortest paths walked through the real preview SCREEN: one queue
// actor per path, on the builder's own QueuedPreview (src/features/builder/preview-step.tsx: the
// queue's images and count on PreviewScreen, Try again sends image.retry). The network's and the
// timer's answers (image.loaded / image.failed / pause.done) are sent to the actor; image.retry is
// the parent's move: turn the viewer to the failed page and click 'Try again'. In every state the
// screen must show what an independent expectation (fed the same events) says the parent sees.
// tests/machines/preview-queue.test.ts walks the same model against the bare machine.

/**
 * Pages the model lets fail. Two, far enough apart that the parent reaches one with the viewer's
 * Next page button and the other with its thumbnail; 'page_5-6' is the 7th image, so its failure
 * and its retries fall on both sides of the pause after the 8th.
 */
const MAY_FAIL = new Set(['dedication', 'page_5-6']);

// The en-GB texts of src/locales/en-GB/preview.json.
const LOADING = 'Loading your book…';
const FAILED = 'This page could not be loaded.';
const TRY_AGAIN = 'Try again';
const ALL_READY = 'All pages are ready.';
const someFailed = (count: number) =>
  count === 1
    ? '1 page could not be loaded: open it and choose Try again.'
    : `${count} pages could not be loaded: open them and choose Try again.`;

const urlOf = (page: string) => `blob:http://localhost/${page}`;

// The machine test also tells apart how far the queue is from its next pause; here that would
// triple the walk (396 paths, 9,384 steps) for little the screen shows. The pauses are still
// checked on every step.
const traversal = previewQueueTraversal({ mayFail: MAY_FAIL, urlOf, countToPause: false });
const model = createTestModel(previewQueueMachine, traversal);
// The traversal options go to getShortestPaths too: some xstate builds read them only there.
const paths = model.getShortestPaths(traversal);

function nameOf(path: (typeof paths)[number]): string {
  const pages = (type: string) =>
    path.steps.filter((s) => s.event.type === type).map((s) => (s.event as { page: string }).page);
  const failed = pages('image.failed');
  const retried = pages('image.retry');
  const loaded = pages('image.loaded').length;
  return `${loaded} loaded${failed.length ? `, failed ${failed.join(' ')}` : ''}${retried.length ? `, retried ${retried.join(' ')}` : ''} (${path.steps.length} steps)`;
}

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en-GB');
});

/**
 * A queue actor whose network and timer are recorders, on the screen; `received` is every event it
 * got. Resolves once the screen's first frame is past (the thumbnails show their pictures from then).
 */
async function mount() {
  const requests: string[] = [];
  const pauses: number[] = [];
  const received: AnyEventObject[] = [];
  const queue: QueueActor = createActor(
    previewQueueMachine.provide({
      actions: {
        requestImage: (_, { page }) => void requests.push(page),
        startPause: (_, { ms }) => void pauses.push(ms),
      },
    }),
    {
      input: {},
      inspect: (inspection) => {
        if (
          inspection.type === '@xstate.event' &&
          inspection.actorRef === queue &&
          inspection.event.type !== 'xstate.init'
        ) {
          received.push(inspection.event);
        }
      },
    },
  );
  queue.start();
  render(
    <I18nextProvider i18n={i18n}>
      <QueuedPreview queue={queue} onNext={() => {}} onReturn={() => {}} />
    </I18nextProvider>,
  );
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  return { queue, requests, pauses, received };
}

describe(`the preview screen on the preview queue (model-based, ${paths.length} shortest paths)`, () => {
  it('walks to the end with every page in, and with failed and retried pages', () => {
    expect(paths.map((path) => path.state.value)).toContain('done');
    expect(
      paths.some((path) =>
        path.steps.some(
          (step) => step.event.type === 'image.retry' && step.state.value === 'pausing',
        ),
      ),
    ).toBe(true);
    expect(paths.length).toBeGreaterThan(20);
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends ${String(path.state.value)}`, async () => {
      const user: UserEvent = userEvent.setup({ delay: null });
      const { queue, requests, pauses, received } = await mount();
      const expected = new PreviewExpectation();
      /** The page the parent has turned the viewer to (the cover until they turn it). */
      let shown = 0;

      // Found by role once, as the parent finds them; each state then reads what they say (React
      // keeps these elements; a role query per state for each would make the walk several times slower).
      const viewer = screen.getByRole('region', { name: 'Book preview' });
      const stage = within(viewer).getByRole('group', {
        name: `Cover (Page 1 of ${ORDER.length})`,
      });
      const next = screen.getByRole('button', { name: nextName(ORDER.length) });
      const status = screen.getByRole('status');
      const thumbs = within(within(viewer).getByRole('navigation', { name: 'Pages' })).getAllByRole(
        'button',
      );
      expect(thumbs).toHaveLength(ORDER.length);
      const shownName = () =>
        `${labelOf(ORDER[shown] ?? '')} (Page ${shown + 1} of ${ORDER.length})`;

      const check = () => {
        // The network: one request at a time, in the queue's order, a 100 ms rest after every 4th.
        expect(requests).toEqual(expected.requests);
        expect(pauses).toEqual(Array.from({ length: expected.pauses }, () => 100));
        const answered = received.filter(
          (event) => event.type === 'image.loaded' || event.type === 'image.failed',
        ).length;
        expect(requests.length - answered).toBe(expected.current === null ? 0 : 1);

        // The Next button counts the images still to come (its name is its text: the accessible
        // name is checked at the start and the end of the walk); the status line says when all are in.
        expect(next).toBeInTheDocument();
        expect(next.textContent).toBe(nextName(expected.remaining));
        const failedPages = [...expected.statuses.values()].filter((s) => s === 'failed').length;
        if (expected.remaining > 0) expect(status).toHaveTextContent(LOADING);
        else if (failedPages === 0) expect(status).toHaveTextContent(ALL_READY);
        // None to come, but some failed: the status says how many, and what to do.
        else expect(status).toHaveTextContent(someFailed(failedPages));

        // The page in the viewer: its picture, a loading placeholder, or the failure with Try again.
        const page = ORDER[shown] ?? '';
        expect(stage).toBeInTheDocument();
        expect(stage.getAttribute('aria-label')).toBe(shownName());
        const inStage = within(stage);
        switch (expected.status(page)) {
          case 'ready':
            expect(inStage.getByAltText(labelOf(page))).toHaveAttribute('src', urlOf(page));
            expect(inStage.queryByText(LOADING)).toBeNull();
            expect(inStage.queryByText(TRY_AGAIN)).toBeNull();
            break;
          case 'failed':
            expect(inStage.getByText(FAILED)).toBeInTheDocument();
            expect(inStage.getByRole('button', { name: TRY_AGAIN })).toBeInTheDocument();
            expect(inStage.queryAllByRole('img', { hidden: true })).toEqual([]);
            break;
          default:
            expect(inStage.getByText(LOADING)).toBeInTheDocument();
            expect(inStage.queryAllByRole('img', { hidden: true })).toEqual([]);
            expect(inStage.queryByText(TRY_AGAIN)).toBeNull();
        }

        // The thumbnails: a picture when in, 'not loaded' when failed, 'loading' otherwise; the
        // shown page's is the current one.
        expect(thumbs.every((thumb) => thumb.isConnected)).toBe(true);
        expect(thumbs.map((thumb) => thumb.getAttribute('aria-label'))).toEqual(
          ORDER.map((p) => {
            const state = expected.status(p);
            return state === 'ready'
              ? labelOf(p)
              : `${labelOf(p)} (${state === 'failed' ? 'not loaded' : 'loading'})`;
          }),
        );
        expect(
          thumbs.map((thumb) => thumb.querySelector('img')?.getAttribute('src') ?? null),
        ).toEqual(ORDER.map((p) => (expected.status(p) === 'ready' ? urlOf(p) : null)));
        expect(thumbs.findIndex((thumb) => thumb.getAttribute('aria-current') === 'true')).toBe(
          shown,
        );
      };

      /** The network's or the timer's answer. */
      const answer = ({ event }: { event: AnyEventObject }) => {
        act(() => {
          queue.send(event as PreviewQueueEvent);
        });
        expected.apply(event as PreviewQueueEvent);
      };

      /** The parent turns to the failed page and clicks Try again. */
      const retry = async ({ event }: { event: AnyEventObject }) => {
        const { page } = event as Extract<PreviewQueueEvent, { type: 'image.retry' }>;
        const target = ORDER.indexOf(page);
        const turn = within(viewer);
        if (target === shown + 1) await user.click(turn.getByRole('button', { name: 'Next page' }));
        else if (target === shown - 1)
          await user.click(turn.getByRole('button', { name: 'Previous page' }));
        else if (target !== shown) {
          const strip = within(turn.getByRole('navigation', { name: 'Pages' }));
          await user.click(strip.getByRole('button', { name: `${labelOf(page)} (not loaded)` }));
        }
        shown = target;
        expect(stage).toHaveAccessibleName(shownName());
        const inStage = within(stage);
        expect(inStage.getByText(FAILED)).toBeInTheDocument();

        const before = received.length;
        await user.click(inStage.getByRole('button', { name: TRY_AGAIN }));
        expect(received.slice(before)).toEqual([{ type: 'image.retry', page }]);
        // Try again goes away with the failed state; the focus stays in the viewer.
        expect(stage).toHaveFocus();
        expected.apply({ type: 'image.retry', page });
      };

      await path.test({
        states: { loading: check, pausing: check, done: check },
        events: {
          'image.loaded': answer,
          'image.failed': answer,
          'pause.done': answer,
          'image.retry': retry,
        },
      });
      // The walk ends where the model says, with the screen showing it (checked above) and the
      // machine agreeing with the expectation page by page.
      expect(next).toHaveAccessibleName(nextName(expected.remaining));
      expect(stage).toHaveAccessibleName(shownName());
      expect(queue.getSnapshot().value).toEqual(path.state.value);
      expect(
        Object.fromEntries(queue.getSnapshot().context.images.map((i) => [i.page, i.status])),
      ).toEqual(Object.fromEntries(expected.statuses));
      queue.stop();
    });
  }
});
