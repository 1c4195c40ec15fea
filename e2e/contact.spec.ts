import { axeViolations, expect, setLanguage, test } from './fixtures.ts';

test('a visitor sends a message through the real API and sees the sent view', async ({
  page,
  consoleErrors,
}) => {
  await setLanguage(page, 'lv');
  await page.goto('/contact-us');
  await page.getByRole('button', { name: /Tikai nepieciešamās/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sazinieties ar mums');
  const send = page.getByRole('button', { name: 'Sūtīt ziņu' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Jūsu vārds').fill('Anna Bērziņa');
  await page.getByLabel('E-pasts').fill('anna@example.lv');
  await page.getByLabel('Ziņa').fill('Vai grāmata var būt latviski un angliski?');
  expect(await axeViolations(page)).toEqual([]);
  await send.click();
  await expect(page.getByRole('heading', { name: 'Ziņa nosūtīta' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ziņa nosūtīta' })).toBeFocused();
  await page.getByRole('link', { name: 'Skatīt BUJ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  expect(consoleErrors).toEqual([]);
});
