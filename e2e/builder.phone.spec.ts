import type { Page } from '@playwright/test';
import { axeViolations, expect, setLanguage, test } from './fixtures.ts';
import { texts } from './locales.ts';

// The builder on a phone, in Latvian (the longest words): every step fits the screen's width, the
// character editors are tabs that are all in sight and work by keyboard, the preview turns pages
// by swiping, and axe finds nothing on any step.

const lvTexts = <T>(namespace: string): T => texts<T>('lv', namespace);

type Characters = {
  title: Record<'child' | 'dad' | 'mum', string>;
  name: { label: Record<'child' | 'dad' | 'mum', string> };
  gender: { girl: string };
  editors: { label: string; eyes: string; skin: string };
  eyes: { colours: Record<string, string> };
  actions: { next: string };
};

/** Nothing wider than the screen: no sideways scrolling. */
async function expectFits(page: Page, where: string) {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide on a ${viewport} px screen`).toBeLessThanOrEqual(
    viewport,
  );
}

/** A finger swipe across the element, right to left (next page) or left to right. */
async function swipe(page: Page, selector: string, direction: 'left' | 'right') {
  const box = (await page.locator(selector).boundingBox())!;
  const y = box.y + box.height / 2;
  const [from, to] =
    direction === 'left'
      ? [box.x + box.width * 0.8, box.x + box.width * 0.2]
      : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from + ((to - from) * step) / 5, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('on a phone, in Latvian: every step fits, the editor tabs are all in sight and work by keyboard, the preview swipes, axe clean', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const characters = lvTexts<Characters>('characters');
  const builder = lvTexts<{ dedication: { title: string; continue: string } }>('builder');
  const preview = lvTexts<{ title: string; nextReady: string; indicator: string; viewer: string }>(
    'preview',
  );
  const cover = lvTexts<{ title: string; save: string }>('cover');
  const consent = lvTexts<{ banner: { acceptEssential: string } }>('consent');
  const heading = page.getByRole('heading', { level: 1 });
  const next = page.getByRole('button', { name: characters.actions.next, exact: true });
  const axe = async (where: string) =>
    expect(await axeViolations(page), `axe on ${where}`).toEqual([]);

  await setLanguage(page, 'lv');
  await page.goto('/personalizeTest/football_story');
  await page.getByRole('button', { name: consent.banner.acceptEssential, exact: true }).click();
  await expect(heading).toHaveText(characters.title.child);
  await page.getByRole('textbox', { name: characters.name.label.child, exact: true }).fill('elīza');
  const girl = page.getByRole('radio', { name: characters.gender.girl, exact: true });
  await girl.click();
  await expect(girl).toBeChecked();

  // Five editor tabs, every one within the screen (none scrolled out of sight).
  const tabs = page.getByRole('tablist', { name: characters.editors.label }).getByRole('tab');
  await expect(tabs).toHaveCount(5);
  const width = page.viewportSize()!.width;
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x, `${await tab.textContent()} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await tab.textContent()} ends on screen`).toBeLessThanOrEqual(
      width,
    );
  }
  // The keyboard: arrows move along the tabs (wrapping), Home and End jump; the panel follows.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName(characters.editors.eyes);
  await page.keyboard.press('End');
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  // Green eyes, chosen in the eye colour tab.
  await tabs.nth(1).click();
  const green = page
    .getByRole('tabpanel')
    .getByRole('radio', { name: characters.eyes.colours.GR!, exact: true });
  await green.click();
  await expect(green).toBeChecked();
  await expectFits(page, 'the child');
  await axe('the child');
  await next.click();

  for (const [role, name] of [
    ['dad', 'Jānis'],
    ['mum', 'Anna'],
  ] as const) {
    await expect(heading).toHaveText(characters.title[role]);
    await page.getByRole('textbox', { name: characters.name.label[role], exact: true }).fill(name);
    await expectFits(page, role);
    await axe(role);
    await next.click();
  }

  await expect(heading).toHaveText(builder.dedication.title);
  await expectFits(page, 'the dedication');
  await axe('the dedication');
  await page.getByRole('button', { name: builder.dedication.continue, exact: true }).click();

  await expect(heading).toHaveText(preview.title);
  const ready = page.getByRole('button', { name: preview.nextReady, exact: true });
  await expect(ready).toBeVisible({ timeout: 60_000 });
  const viewer = page.getByRole('region', { name: preview.viewer });
  const indicator = (current: number) =>
    viewer.getByText(
      new RegExp(
        `^${preview.indicator.replace('{{current}}', String(current)).replace('{{total}}', '\\d+')}$`,
      ),
    );
  await expect(indicator(1)).toBeVisible();
  await swipe(page, '.book-preview__stage', 'left');
  await expect(indicator(2)).toBeVisible();
  await swipe(page, '.book-preview__stage', 'left');
  await expect(indicator(3)).toBeVisible();
  await swipe(page, '.book-preview__stage', 'right');
  await expect(indicator(2)).toBeVisible();
  await expectFits(page, 'the preview');
  await axe('the preview');
  await ready.click();

  await expect(heading).toHaveText(cover.title);
  await expectFits(page, 'the cover');
  await axe('the cover');
  await page.getByRole('button', { name: cover.save, exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Elīzai').first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
