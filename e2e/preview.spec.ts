import type { Page, Route } from '@playwright/test';
import { createTestModel } from 'xstate/graph';
import { defaultDraft } from '#machines/purchase-draft.ts';
import {
  previewQueueMachine,
  remainingOf,
  type PreviewQueueContext,
} from '#machines/preview-queue.ts';
import { labelOf, nextName, previewQueueTraversal } from '../tests/preview-queue-model.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

// The preview queue machine's shortest paths to a finished preview, walked in the real app
// against the real server. The network is the model's: each preview request the page makes is
// held until the path says what happens to it (the real server draws it, or it fails with a
// 503); a retry is the parent going to the failed page and pressing 'Try again'. In every state
// the parent must see what the model says: which pages are in, which failed, and how many images
// 'Next' still counts.

/** The page the model lets fail (every page may fail; one keeps the walk small). */
const MAY_FAIL = new Set(['dedication']);

const traversal = previewQueueTraversal({
  mayFail: MAY_FAIL,
  urlOf: (page) => `blob:${page}`,
  countToPause: true,
});
const model = createTestModel(previewQueueMachine, traversal);
// Every way to a finished preview: all pages in at once, and the dedication page failing and
// being tried again once, twice and three times.
const paths = model.getShortestPaths(traversal).filter((path) => path.state.value === 'done');
if (paths.length < 2)
  throw new Error(`the preview model has only ${paths.length} paths to a finished preview`);

/** What the thumbnails must say for the model's context. */
function thumbnailsOf(context: PreviewQueueContext): string[] {
  return context.images.map((image) =>
    image.status === 'ready'
      ? labelOf(image.page)
      : `${labelOf(image.page)} (${image.status === 'failed' ? 'not loaded' : 'loading'})`,
  );
}

/** A complete draft in session storage, so the preview opens directly. */
async function seedDraft(page: Page, childName: string) {
  const draft = defaultDraft(null, 'en-gb');
  draft.child.name = childName;
  draft.family.grownUps[0].name = 'Tom';
  draft.family.grownUps[1].name = 'Sarah';
  draft.dedication = `For ${childName},\nwho never gives up.`;
  draft.bookCover = 'hardcover';
  await page.addInitScript((stored) => {
    sessionStorage.setItem('football_story', stored);
    // This walk is of the server's queue (the fallback): the browser leaves every page to it.
    localStorage.setItem('previewDrawer', 'server');
    localStorage.setItem(
      'cookie_consent',
      JSON.stringify({
        analytics: 'denied',
        ads: 'denied',
        personalization: 'denied',
        user_data: 'denied',
        ad_personalization: 'denied',
        functionality: 'granted',
        security: 'granted',
      }),
    );
  }, JSON.stringify(draft));
}

/** The page an image event is about (every event the walk performs has one). */
function pageOf(event: { type: string }): string {
  return (event as unknown as { page: string }).page;
}

function describePath(path: (typeof paths)[number]): string {
  const failures = path.steps.filter((step) => step.event.type === 'image.failed').length;
  return failures === 0
    ? 'every page in at the first try'
    : `the dedication page fails and is tried again ${failures === 1 ? 'once' : `${failures} times`}`;
}

for (const [index, path] of paths.entries()) {
  test(`preview: ${describePath(path)} (${path.steps.length} steps)`, async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    // One child per path: the server draws this book's pages for this walk, not from a cache of
    // an earlier one (the dedication differs anyway).
    const childName = ['Ella', 'Mia', 'Zoe', 'Ava', 'Lily'][index % 5]!;
    await seedDraft(page, childName);
    await setLanguage(page, 'en-GB');

    const held: { page: string; route: Route }[] = [];
    await page.route('**/api/preview/generate*', async (route) => {
      const body = route.request().postDataJSON() as { page: string; childName: string };
      expect(body.childName).toBe(childName);
      held.push({ page: body.page, route });
    });
    /** The one request the page has made, for `page`: nothing else is in flight. */
    const request = async (pageId: string) => {
      await expect
        .poll(() => held.map((h) => h.page), { message: `the request for ${pageId}` })
        .toEqual([pageId]);
      return held.shift()!.route;
    };

    await page.goto('/preview/football_story');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your book preview');
    const viewer = page.getByRole('region', { name: 'Book preview' });
    const thumbnails = page.getByRole('navigation', { name: 'Pages' }).getByRole('button');

    const check = async (snapshot: { context: PreviewQueueContext; value: unknown }) => {
      const { context } = snapshot;
      await expect(
        page.getByRole('button', { name: /^Next( \(\d+ images? still loading\))?$/ }),
      ).toHaveAccessibleName(nextName(remainingOf(context)));
      await expect
        .poll(() =>
          thumbnails.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
        )
        .toEqual(thumbnailsOf(context));
      if (snapshot.value === 'loading' && context.current) {
        await expect.poll(() => held.map((h) => h.page)).toEqual([context.current]);
      }
    };

    await path.test({
      states: { loading: check, pausing: check, done: check },
      events: {
        'image.loaded': async ({ event }) => {
          const route = await request(pageOf(event));
          await route.continue();
        },
        'image.failed': async ({ event }) => {
          const route = await request(pageOf(event));
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'The preview renderer is busy.' }),
          });
        },
        // The page rests 100 ms on its own; the next state waits for the request after it.
        'pause.done': async () => {},
        'image.retry': async ({ event }) => {
          const pageId = pageOf(event);
          // The parent goes to the failed page and presses 'Try again' there.
          await page
            .getByRole('button', { name: `${labelOf(pageId)} (not loaded)`, exact: true })
            .click();
          await expect(viewer.getByText('This page could not be loaded.')).toBeVisible();
          await viewer.getByRole('button', { name: 'Try again', exact: true }).click();
        },
      },
    });

    // The finished preview: every page that came in is shown, and the page has no axe violations.
    await page.getByRole('button', { name: 'Cover', exact: true }).click();
    await expect(viewer.getByRole('img', { name: 'Cover' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The 503s the model chose are the only console errors.
    expect(consoleErrors.filter((error) => !/status of 503/.test(error))).toEqual([]);
  });
}
