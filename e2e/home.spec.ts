import { LANGUAGES, axeViolations, expect, setLanguage, test, type Language } from './fixtures.ts';
import { texts } from './locales.ts';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';

type HomeTexts = {
  steps: { title: string };
  release: { title: string; limited: string; onSale: string };
  features: { title: string };
  families: { title: string; list: string };
  values: { title: string };
  founders: { title: string };
  covers: { title: string };
  imIn: string;
};
const home = (language: Language) => texts<HomeTexts>(language, 'home');

const ESSENTIAL = /Accept Essential|Tikai nepieciešamās/;

for (const language of LANGUAGES) {
  test(`Home in ${language}: every section, the carousel, axe clean, no console errors`, async ({
    page,
    consoleErrors,
  }) => {
    await setLanguage(page, language);
    await page.goto('/');
    await page.getByRole('button', { name: ESSENTIAL }).click();
    const texts = home(language);
    for (const title of [
      texts.steps.title,
      texts.release.title,
      texts.features.title,
      texts.families.title,
      texts.values.title,
      texts.founders.title,
      texts.covers.title,
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(
      page.getByText(texts.release.limited.replace('{{size}}', String(FIRST_EDITION_SIZE))),
    ).toBeVisible();
    await expect(page.getByText(texts.release.onSale)).toBeVisible();
    // every family the book is made for, drawn (the pictures load) and named
    const families = page.getByRole('list', { name: texts.families.list });
    await expect(families.getByRole('listitem')).toHaveCount(8);
    await families.scrollIntoViewIfNeeded();
    await expect(families.locator('img').last()).toHaveJSProperty('complete', true);
    expect(
      await families
        .locator('img')
        .last()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(carousel.locator('img').first()).toHaveJSProperty('complete', true);
    expect(
      await carousel
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('the carousel turns every 3 s, stops while hovered and when paused', async ({ page }) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/');
  await page.getByRole('button', { name: ESSENTIAL }).click();
  await page.mouse.move(0, 0);
  const carousel = page.getByRole('region', { name: 'Covers personalised with sample names' });
  await expect(carousel).toHaveAttribute('data-autoplay', 'playing');
  await expect(page.getByRole('button', { name: 'Show cover 1' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Show cover 2' })).toHaveAttribute(
    'aria-current',
    'true',
    { timeout: 5_000 },
  );

  await carousel.hover();
  await expect(carousel).toHaveAttribute('data-autoplay', 'hovered');
  await page.waitForTimeout(3_500);
  await expect(page.getByRole('button', { name: 'Show cover 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.getByRole('button', { name: 'Pause the slideshow' }).click();
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Play the slideshow' }).blur();
  await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
  await page.waitForTimeout(3_500);
  await expect(page.getByRole('button', { name: 'Show cover 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );

  await page.getByRole('button', { name: 'Show cover 4' }).click();
  await expect(page.getByRole('button', { name: 'Show cover 4' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the carousel stands still', async ({ page }) => {
    await setLanguage(page, 'lv');
    await page.goto('/');
    await page.getByRole('button', { name: ESSENTIAL }).click();
    await page.mouse.move(0, 0);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    await page.waitForTimeout(3_500);
    await expect(page.getByRole('button', { name: 'Rādīt 1. vāku' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});

test("'I'm in' scrolls to the adventure community", async ({ page, consoleErrors }) => {
  await setLanguage(page, 'en-US');
  await page.goto('/');
  await page.getByRole('button', { name: ESSENTIAL }).click();
  const community = page.locator('#adventure-community');
  await expect(community).toHaveCount(1);
  await expect(community).not.toBeInViewport();
  await page.getByRole('link', { name: "I'm in" }).first().click();
  await expect(community).toBeInViewport();
  await expect(page).toHaveURL(/#adventure-community$/);
  expect(consoleErrors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('a feature card shows its text once 80% of it is on screen', async ({ page }) => {
    await setLanguage(page, 'en-GB');
    await page.goto('/');
    await page.getByRole('button', { name: ESSENTIAL }).click();
    const cards = page.locator('.feature-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.last()).toHaveAttribute('data-revealed', 'false');
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect(cards.last()).toHaveAttribute('data-revealed', 'true');
    await expect(cards.last().locator('.feature-card__text')).toHaveCSS('opacity', '1');
  });
});
