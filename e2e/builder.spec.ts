import type { Page } from '@playwright/test';
import { createTestModel } from 'xstate/graph';
import { purchaseMachine, type PurchaseEvent } from '#machines/purchase.ts';
import type { PersonalizationDraft } from '#machines/purchase-draft.ts';
import { ELLA_DEDICATION, purchaseTraversal } from '../tests/purchase-model.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

// The purchase machine's shortest paths, walked in the real app against the real server: each
// event is what a parent does on the page, each state is what the parent must see (the route, the
// screen's heading, no axe violations).

// The model's moves and states: tests/purchase-model.ts, the browser walk's moves.
const traversal = purchaseTraversal('browser');
const model = createTestModel(purchaseMachine, traversal);

// Every shortest path, walked in the browser: to the cart with and without a typed dedication
// and a changed cover, and Next pressed before each name is typed.
// (The traversal options go to getShortestPaths too: some xstate builds read them only there.)
const paths = model.getShortestPaths(traversal);
if (paths.length < 7) throw new Error(`the purchase model has only ${paths.length} shortest paths`);

const HEADINGS: Record<string, RegExp> = {
  child: /Customise the kid/,
  dad: /Customise Dad/,
  mum: /Customise Mum/,
  dedication: /Write a dedication/,
  preview: /Your book preview/,
  cover: /Choose your cover/,
};
const PATHS: Record<string, RegExp> = {
  child: /\/personalize\/football_story$/,
  dad: /\/personalizeDad\/football_story$/,
  mum: /\/personalizeMum\/football_story$/,
  dedication: /\/dedication\/football_story$/,
  preview: /\/preview\/football_story$/,
  cover: /\/coverChoice\/football_story$/,
  cart: /\/cart$/,
};

async function expectStep(page: Page, step: string) {
  await expect(page).toHaveURL(PATHS[step]!);
  if (HEADINGS[step])
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[step]!);
  expect(await axeViolations(page), `axe on ${step}`).toEqual([]);
}

function describePath(path: (typeof paths)[number]): string {
  return path.steps.map((s) => s.event.type.replace('xstate.init', 'start')).join(' → ');
}

for (const path of paths) {
  test(`builder: ${describePath(path)}`, async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    await setLanguage(page, 'en-GB');
    await page.goto('/personalizeTest/football_story');
    await page.getByRole('button', { name: 'Accept Essential' }).click();

    const state = (step: string) => () => expectStep(page, step);
    const character =
      (role: 'child' | 'dad' | 'mum') =>
      async ({ event }: { event: { type: string } }) => {
        const e = event as PurchaseEvent;
        if ('name' in e) {
          const label =
            role === 'child' ? "Child's name" : role === 'dad' ? "Dad's name" : "Mum's name";
          await page.getByLabel(label).fill(e.name);
        }
      };
    /** The character step, with its 'name is required' error exactly when the model says so. */
    const characterState =
      (step: 'child' | 'dad' | 'mum') =>
      async (snapshot: {
        context: {
          showErrors: boolean;
          draft: PersonalizationDraft;
        };
      }) => {
        await expectStep(page, step);
        const { draft } = snapshot.context;
        const name =
          step === 'child' ? draft.child.name : draft.family.grownUps[step === 'dad' ? 0 : 1].name;
        const missing = name === '';
        const error = page.getByText(
          `${{ child: "Child's", dad: "Dad's", mum: "Mum's" }[step]} name is required`,
        );
        if (snapshot.context.showErrors && missing) await expect(error).toBeVisible();
        else await expect(error).toHaveCount(0);
      };
    await path.test({
      states: {
        child: characterState('child'),
        dad: characterState('dad'),
        mum: characterState('mum'),
        dedication: state('dedication'),
        preview: state('preview'),
        cover: state('cover'),
        cart: async (snapshot) => {
          await expect(page).toHaveURL(PATHS.cart!);
          await expect(page.getByText('Ella').first()).toBeVisible();
          const format =
            snapshot.context.draft.bookCover === 'softcover' ? 'Softcover' : 'Hardcover';
          await expect(
            page.locator('main').getByText(format, { exact: true }).first(),
          ).toBeVisible();
          // Save was double-clicked: still one book.
          await expect(page.getByRole('link', { name: /Edit personalisation/ })).toHaveCount(1);
        },
      },
      events: {
        'draft.loaded': async () => {},
        'child.setName': character('child'),
        'dad.setName': character('dad'),
        'mum.setName': character('mum'),
        'step.next': async () => {
          const url = page.url();
          if (/\/dedication\//.test(url))
            await page.getByRole('button', { name: 'Continue' }).click();
          else await page.getByRole('button', { name: 'Next', exact: true }).click();
        },
        'dedication.set': async () => {
          await page.getByLabel('Your dedication').fill(ELLA_DEDICATION);
        },
        'preview.next': async () => {
          // Next reads 'Next (N images still loading)' until every page is in (a book drawn before
          // comes from the server's cache, so it may be ready at once).
          await expect(
            page.getByRole('button', { name: /^Next( \(\d+ images? still loading\))?$/ }),
          ).toBeVisible();
          await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible({
            timeout: 30_000,
          });
          await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
          await page.getByRole('button', { name: 'Next', exact: true }).click();
        },
        'cover.select': async () => {
          const softcover = page.getByRole('radio', { name: /Softcover/ });
          await page.locator('label').filter({ has: softcover }).click();
          await expect(softcover).toBeChecked();
        },
        'cover.save': async () => {
          await page.getByRole('button', { name: 'Save and go to cart' }).dblclick();
        },
        'save.done': async () => {},
      },
    });
    expect(consoleErrors).toEqual([]);
  });
}

test('a step entered directly without a name returns to the child; an unknown book goes home', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/personalizeTest/football_story');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await expect(page).toHaveURL(PATHS.child!);
  await page.goto('/preview/football_story');
  await expect(page).toHaveURL(PATHS.child!);
  await page.getByLabel("Child's name").fill('Ella');
  await page.goto('/dedication/football_story');
  await expect(page).toHaveURL(PATHS.dad!);
  await page.goto('/personalize/not_a_book');
  await expect(page).toHaveURL(/\/$/);
  expect(consoleErrors).toEqual([]);
});

/** In British English, through the child's, Dad's and Mum's steps to the dedication. */
async function toTheDedication(page: Page, childName: string) {
  await setLanguage(page, 'en-GB');
  await page.goto('/personalizeTest/football_story');
  await page.getByRole('button', { name: 'Accept Essential' }).click();
  await page.getByLabel("Child's name").fill(childName);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Dad's name").fill('Jānis');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel("Mum's name").fill('Anna');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

test('the dedication refuses an 11th line and a blank text', async ({ page, consoleErrors }) => {
  await toTheDedication(page, 'ella');
  const text = page.getByLabel('Your dedication');
  // The first suggestion, with the name capitalised, is the default.
  await expect(text).toHaveValue(/Ella/);
  const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');
  await text.fill(ten);
  await text.press('End');
  await text.press('Enter');
  await expect(text).toHaveValue(ten);
  await expect(
    page.getByText('A dedication can have at most 10 lines, blank lines included.'),
  ).toBeVisible();
  await text.fill('   ');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('Please write a dedication or choose one of the suggestions.'),
  ).toBeVisible();
  await expect(page).toHaveURL(PATHS.dedication!);
  await page.getByRole('button', { name: /Suggestion 2/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(PATHS.preview!);
  expect(consoleErrors).toEqual([]);
});

test('the dedication step draws the dedication page as it is written, line for line as the book prints it', async ({
  page,
  consoleErrors,
}) => {
  await toTheDedication(page, 'Krišjānis');
  const drawn = page.getByRole('img', { name: 'The dedication page as it will be printed' });
  const lines = drawn.locator('text');
  // The first suggestion, as the step opens.
  await expect(lines.first()).toContainText('Krišjānis');
  const text = page.getByLabel('Your dedication');
  await text.fill('Dear Krišjānis,\n\nyou can <b>do</b> it! &amp;\nLove, Mum & Dad');
  // Each line of the words is a line on the page (the blank one as room between them), the
  // markup drawn as letters, never as markup.
  await expect(lines).toHaveText([
    'Dear Krišjānis,',
    'you can <b>do</b> it! &amp;',
    'Love, Mum & Dad',
  ]);
  await expect(drawn.locator('b')).toHaveCount(0);
  await text.press('End');
  await text.pressSequentially(' xx');
  await expect(lines.last()).toHaveText('Love, Mum & Dad xx');
  expect(await axeViolations(page)).toEqual([]);
  // The preview opens on the same page, the same lines.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(PATHS.preview!);
  await page.getByRole('button', { name: 'Dedication page', exact: true }).click();
  await expect(page.locator('.book-preview__stage [data-page-svg] text')).toHaveText([
    'Dear Krišjānis,',
    'you can <b>do</b> it! &amp;',
    'Love, Mum & Dad xx',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('a saved book is edited by its item id: the cart shows the change and still one book', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await toTheDedication(page, 'ella');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Next( \(\d+ images? still loading\))?$/ }).click();
  await expect(page).toHaveURL(PATHS.cover!);
  await page.getByRole('button', { name: 'Save and go to cart' }).click();
  await expect(page).toHaveURL(PATHS.cart!);

  await page
    .getByRole('link', { name: /Edit personalisation/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/personalize\/edit\/[A-Za-z0-9_-]+$/);
  const name = page.getByLabel("Child's name");
  await expect(name).toHaveValue('Ella');
  expect(await axeViolations(page)).toEqual([]);
  await name.fill('Mia');
  // A refresh mid-edit keeps the change (session storage under the item id).
  await page.reload();
  await expect(page.getByLabel("Child's name")).toHaveValue('Mia');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByLabel("Dad's name")).toHaveValue('Jānis');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/dedication\/edit\//);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Next( \(\d+ images? still loading\))?$/ }).click();
  await expect(page).toHaveURL(/\/coverChoice\/edit\//);
  await page.getByRole('button', { name: 'Save and go to cart' }).click();
  await expect(page).toHaveURL(PATHS.cart!);
  await expect(page.getByText('Mia').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Edit personalisation/ })).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
