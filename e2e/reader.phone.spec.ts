import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { defaultCharacters } from '#book/character-set.ts';
import { renderPageArt } from '#book/render-page.ts';
import { PAGE_IDS, type PageId } from '#book/types.ts';
import { defaultDraft } from '#machines/purchase-draft.ts';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

// The preview's full-screen reader on a 390 px phone held upright: every page of every spread
// must be readable as it opens, the story's smallest text at least 12 CSS px high. The text size
// comes from the book itself (the laid-out font sizes of each spread for this child, in page
// units) and the page's size on screen (CSS px per page unit).

test.use({ viewport: { width: 390, height: 844 } });

const CHILD = 'Anna';
const SPREADS = Array.from({ length: 22 }, (_, i) => `page_${2 * i + 1}-${2 * i + 2}` as PageId);
/** Page units across one page of a spread (the spread is twice as wide). */
const PAGE_UNITS = 2450;

/** The smallest story font size (page units) on each half of a spread, as the book lays it out for this child. */
function smallestText(page: PageId): { left: number | null; right: number | null } {
  const art = renderPageArt({
    page,
    language: 'en-gb',
    child: { name: CHILD, gender: 'boy' },
    characters: defaultCharacters('boy'),
  });
  const sizes = { left: null as number | null, right: null as number | null };
  for (const group of art.body.matchAll(
    /<g font-family="[^"]*" font-size="([\d.]+)"[^>]*>(.*?)<\/g>/g,
  )) {
    const size = Number(group[1]);
    for (const text of (group[2] ?? '').matchAll(/<text x="([\d.]+)"/g)) {
      const half = Number(text[1]) < PAGE_UNITS ? 'left' : 'right';
      sizes[half] = Math.min(sizes[half] ?? Infinity, size);
    }
  }
  return sizes;
}

async function openPreview(page: Page) {
  const draft = defaultDraft(null, 'en-gb');
  draft.child.name = CHILD;
  draft.family.grownUps[0].name = 'Tom';
  draft.family.grownUps[1].name = 'Sarah';
  draft.dedication = `For ${CHILD},\nwho never gives up.`;
  draft.bookCover = 'hardcover';
  await setLanguage(page, 'en-GB');
  await page.addInitScript((stored) => {
    sessionStorage.setItem('football_story', stored);
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
  await page.goto('/preview/football_story');
  // Every page drawn before reading (the reader shows a page only once it is in).
  await expect(page.locator('.book-preview__thumb--ready')).toHaveCount(PAGE_IDS.length, {
    timeout: 150_000,
  });
}

type TouchStep = ['touchstart' | 'touchmove' | 'touchend', number, number];

/** Touches on the reader's page as a finger makes them, all in one go (Chromium's Touch and TouchEvent). */
async function touch(page: Page, ...steps: TouchStep[]) {
  await page.locator('.page-reader__viewport').evaluate((element, all) => {
    for (const [type, x, y] of all) {
      const point = new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
      const touches = type === 'touchend' ? [] : [point];
      element.dispatchEvent(
        new TouchEvent(type, {
          touches,
          targetTouches: touches,
          changedTouches: [point],
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  }, steps);
}

const DOUBLE_TAP: TouchStep[] = [
  ['touchstart', 200, 400],
  ['touchend', 200, 400],
  ['touchstart', 200, 400],
  ['touchend', 200, 400],
];

test.describe('the preview reader on a phone', () => {
  test.setTimeout(240_000);

  test('the cover fills the width; tapping a page opens a reader where every spread reads at 12 px or more', async ({
    page,
  }) => {
    await openPreview(page);
    // The page the browser drew (inline SVG), or the server's image where it could not.
    const cover = page.locator('.book-preview__stage').locator('.book-preview__svg, img');
    const coverWidth = (await cover.boundingBox())!.width;
    expect(coverWidth, `the cover is ${coverWidth} px wide on a 390 px phone`).toBeGreaterThan(330);

    const open = page.getByRole('button', { name: 'Read Cover full screen' });
    await open.click();
    const reader = page.getByRole('dialog', { name: 'Reading your book' });
    await expect(reader).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // The cover fills the phone's width in the reader too.
    expect((await reader.locator('.page-reader__page').boundingBox())!.width).toBeGreaterThan(380);

    // In portrait each spread is two pages: cover, dedication, then 44 pages, and the back cover.
    const total = 3 + SPREADS.length * 2;
    await expect(reader.getByText(`(1 of ${total})`)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(reader.getByText(`Dedication page (2 of ${total})`)).toBeVisible();
    const measured: string[] = [];
    for (const [index, spread] of SPREADS.entries()) {
      const smallest = smallestText(spread);
      for (const [offset, half] of (['left', 'right'] as const).entries()) {
        await page.keyboard.press('ArrowRight');
        const number = 2 * index + 1 + offset;
        await expect(
          reader.getByText(`Page ${number} (${3 + 2 * index + offset} of ${total})`),
        ).toBeVisible();
        await expect(reader.locator(`.page-reader__image--${half}`)).toBeVisible();
        const units = smallest[half];
        if (units === null) continue;
        const width = (await reader.locator('.page-reader__page').boundingBox())!.width;
        const px = (units * width) / PAGE_UNITS;
        measured.push(`page ${number}: ${px.toFixed(1)} px`);
        expect(
          px,
          `the smallest story text of page ${number} (${spread}, ${units} units) is ${px.toFixed(1)} px`,
        ).toBeGreaterThanOrEqual(12);
      }
    }
    expect(measured.length).toBeGreaterThanOrEqual(SPREADS.length);
    // The back cover last, as it is printed (issue #43).
    await page.keyboard.press('ArrowRight');
    await expect(reader.getByText(`Back cover (${total} of ${total})`)).toBeVisible();
    test.info().annotations.push({ type: 'text sizes', description: measured.join(', ') });

    // Escape closes the reader on the page last read, and focus returns to where it was.
    await page.keyboard.press('Escape');
    await expect(reader).toBeHidden();
    await expect(page.getByRole('group', { name: /Back cover/ })).toBeVisible();
  });

  test('swipe turns, double-tap and the buttons zoom, the close button closes and focus comes back', async ({
    page,
  }) => {
    await openPreview(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    const open = page.getByRole('button', { name: 'Read Pages 1-2 full screen' });
    await open.focus();
    await page.keyboard.press('Enter');
    const reader = page.getByRole('dialog', { name: 'Reading your book' });
    await expect(reader.getByText('Page 1 (3 of 47)')).toBeVisible();
    // Focus stays in the dialog: Tab goes round its controls only.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(
        true,
      );
    }

    // A swipe to the left turns to the next page, to the right back.
    await touch(page, ['touchstart', 300, 400], ['touchmove', 200, 405], ['touchend', 120, 405]);
    await expect(reader.getByText('Page 2 (4 of 47)')).toBeVisible();
    await touch(page, ['touchstart', 100, 400], ['touchmove', 200, 400], ['touchend', 300, 400]);
    await expect(reader.getByText('Page 1 (3 of 47)')).toBeVisible();

    // Double-tap zooms in twice as close, again back.
    const sheet = reader.locator('.page-reader__page');
    const before = (await sheet.boundingBox())!.width;
    await touch(page, ...DOUBLE_TAP);
    await expect(sheet).toHaveAttribute('data-zoom', '2.00');
    expect((await sheet.boundingBox())!.width).toBeCloseTo(before * 2, 0);
    await touch(page, ...DOUBLE_TAP);
    await expect(sheet).toHaveAttribute('data-zoom', '1.00');
    await reader.getByRole('button', { name: 'Zoom in' }).click();
    await expect(sheet).toHaveAttribute('data-zoom', '1.50');
    await reader.getByRole('button', { name: 'Zoom out' }).click();
    await expect(sheet).toHaveAttribute('data-zoom', '1.00');

    await reader.getByRole('button', { name: 'Close the reader' }).click();
    await expect(reader).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('zoomed in four times, a page stays sharp: the browser draws it as vectors at the zoomed size', async ({
    page,
  }) => {
    await openPreview(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Read Pages 1-2 full screen' }).click();
    const reader = page.getByRole('dialog', { name: 'Reading your book' });
    const sheet = reader.locator('.page-reader__page');
    const zoomIn = reader.getByRole('button', { name: 'Zoom in' });
    while (await zoomIn.isEnabled()) await zoomIn.click();
    await expect(sheet).toHaveAttribute('data-zoom', '4.00');
    await expect(sheet.locator('svg')).toHaveCount(1);
    // A picture scaled up blurs every edge over several pixels (a 1280 px spread shown 4x on this
    // phone is ~5x enlarged: neighbouring pixels differ by 50 at most); drawn at this size, an
    // outline or a letter turns from dark to light within a pixel.
    const shot = await reader.locator('.page-reader__viewport').screenshot();
    const { data, info } = await sharp(shot)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let steepest = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x + 1 < info.width; x++)
        steepest = Math.max(
          steepest,
          Math.abs(data[y * info.width + x]! - data[y * info.width + x + 1]!),
        );
    }
    expect(steepest, 'the steepest step between neighbouring pixels at 4x').toBeGreaterThan(128);
  });

  test('turned sideways, the reader shows whole spreads', async ({ page }) => {
    await openPreview(page);
    await page.getByRole('button', { name: 'Read Cover full screen' }).click();
    await page.setViewportSize({ width: 844, height: 390 });
    const reader = page.getByRole('dialog', { name: 'Reading your book' });
    await expect(reader.getByText('Cover (1 of 25)')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(reader.getByText('Pages 1-2 (3 of 25)')).toBeVisible();
    const box = (await reader.locator('.page-reader__page').boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(4900 / 3000, 1);
  });
});
