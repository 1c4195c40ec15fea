import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

test('on a phone the menu opens from the menu button and the pages have no axe violations', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'FAQ' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('link', { name: 'FAQ' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  // Wait for the FAQ itself (its chunk loads lazily), not the heading of the page being left.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await expect(page).toHaveTitle('FAQ - Storymade');
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
