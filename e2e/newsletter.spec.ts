import type { Page } from '@playwright/test';
import { LANGUAGES, axeViolations, expect, setLanguage, test, type Language } from './fixtures.ts';
import { pageTitle, texts } from './locales.ts';

/** Requests to any host but the shop's, collected from the start of the page's life. */
function watchForeignRequests(page: Page, baseURL: string) {
  const shop = new URL(baseURL).host;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== shop)
      foreign.push(request.url());
  });
  return foreign;
}

/** The confirm and unsubscribe links of the newest mail to `email`, read from the outbox page (MAIL_OUTBOX_PAGE=1). */
async function linksFromMail(page: Page, email: string) {
  const answer = await page.request.get('/dev/outbox');
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  // Newest first: the first article addressed to this visitor.
  const article = html.split('<article>').find((part) => part.includes(`<dd>${email}</dd>`));
  expect(article, `a mail to ${email}`).toBeTruthy();
  const confirm = /href="(https?:\/\/[^"]+\/confirm-subscription\/[A-Za-z0-9_-]+)"/.exec(
    article!,
  )?.[1];
  const unsubscribe = /href="(https?:\/\/[^"]+\/unsubscribe\/[A-Za-z0-9_-]+)"/.exec(article!)?.[1];
  expect(confirm, 'confirm link in the mail').toBeTruthy();
  expect(unsubscribe, 'unsubscribe link in the mail').toBeTruthy();
  return { confirm: new URL(confirm!).pathname, unsubscribe: new URL(unsubscribe!).pathname };
}

test('subscribe on Home, answer the survey with keyboard ranking, reach the reward, then confirm and unsubscribe from the mail', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const foreign = watchForeignRequests(page, baseURL!);
  const email = `anna.e2e.${Date.now()}@example.lv`;
  await setLanguage(page, 'en-GB');
  await page.goto('/');
  await page.getByRole('button', { name: 'Accept Essential' }).click();

  // The subscribe block at the bottom of Home.
  const block = page.locator('#adventure-community');
  await block.scrollIntoViewIfNeeded();
  await expect(block.getByRole('heading', { level: 2 })).toHaveText(/adventure community/);
  const join = block.getByRole('button', { name: 'Join now' });
  await expect(join).toHaveAttribute('aria-disabled', 'true');
  await join.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Please enter a valid email address to proceed.',
  );
  await block.getByLabel('Your email address').fill(email);
  await expect(join).toHaveAttribute('aria-disabled', 'false');
  // The block only: Home's other sections belong to, and are checked by, the Home tests.
  expect(await axeViolations(page, '#adventure-community')).toEqual([]);
  await join.click();

  // The survey.
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for joining!');
  await expect(page.getByText('Takes 2-3 minutes')).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('subscribed'),
      localStorage.getItem('SubscriberId')?.length,
    ]),
  ).toEqual(['true', 24]);
  const submit = page.getByRole('button', { name: 'Send my answers' });
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('Sports').check();
  await page.getByLabel('6 to 10').check();
  await page.getByLabel('An engaging story').check();
  await page.getByLabel('Beautiful illustrations').check();
  await page.getByLabel('A mix of both').check();
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('Very important', { exact: true }).check();
  await expect(submit).toHaveAttribute('aria-disabled', 'false');

  // Question 6 by keyboard: pick up the first card, move it down until it passes the second, drop it.
  const cards = page.locator('ol.ranking > li');
  await expect(cards.first()).toContainText('Recognising and naming feelings');
  await page.getByRole('button', { name: 'Move: Recognising and naming feelings' }).focus();
  await page.keyboard.press('Space');
  const liveRegion = page.locator('[id^="DndLiveRegion"]');
  await expect(liveRegion).toContainText('Picked up Recognising and naming feelings');
  for (let step = 0; step < 12; step++) {
    const before = (await liveRegion.textContent()) ?? '';
    await page.keyboard.press('ArrowDown');
    // The announcement follows the move: wait for it (a press that crossed no card says nothing new)
    // before deciding whether to press again, or a busy machine overshoots to position 4.
    await expect
      .poll(async () => (await liveRegion.textContent()) ?? '', { timeout: 1000 })
      .not.toBe(before)
      .catch(() => undefined);
    if (((await liveRegion.textContent()) ?? '').includes('moved to position 2 of 4')) break;
  }
  await expect(liveRegion).toContainText('moved to position 2 of 4');
  await page.keyboard.press('Space');
  await expect(liveRegion).toContainText('dropped in position 2 of 4');
  await expect(cards.nth(0)).toContainText('Noticing how feelings show in the body');
  await expect(cards.nth(1)).toContainText('Recognising and naming feelings');
  expect(await axeViolations(page)).toEqual([]);

  const sent = page.waitForRequest((request) =>
    request.url().endsWith('/api/QuestionnaireResponses'),
  );
  await submit.click();
  const body = (await sent).postDataJSON() as {
    Responses: { QuestionId: number; ResponseText: string }[];
  };
  expect(body.Responses.at(-1)).toEqual({
    QuestionId: 6,
    ResponseText: '1: feeling in the body, 2: recognizing, 3: conversations, 4: managing',
  });

  // The reward page: no player (and no request to YouTube) until the visitor presses play.
  await expect(page).toHaveURL(/\/thank-you-reward$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A little thank-you for you');
  expect(await page.evaluate(() => localStorage.getItem('surveySubmitted'))).toBe('true');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(foreign).toEqual([]);

  // The confirmation mail, in the visitor's language, with its two links.
  const links = await linksFromMail(page, email);
  await page.goto(links.confirm);
  await expect(page).toHaveURL(/\/subscription-confirmed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    "You're in the adventure community!",
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(links.unsubscribe);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#adventure-community')).toBeAttached();
  expect(foreign).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the survey and the reward page send a visitor without the local flags to Home', async ({
  page,
}) => {
  await setLanguage(page, 'en-GB');
  await page.goto('/thank-you');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/thank-you-reward');
  await expect(page).toHaveURL(/\/$/);
});

test('a link that is not valid shows the support alert, in Latvian, accessibly', async ({
  page,
}) => {
  await setLanguage(page, 'lv');
  await page.goto('/confirm-subscription/AAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('button', { name: /Tikai nepieciešamās/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kaut kas nogāja greizi. Lūdzu, mēģiniet vēlāk vēlreiz vai sazinieties ar atbalstu!',
  );
  await expect(page).toHaveURL(/\/confirm-subscription\/A+$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText(
    'Kaut kas nogāja greizi. Lūdzu, mēģiniet vēlāk vēlreiz vai sazinieties ar atbalstu!',
  );
});

type Texts = Record<string, unknown>;
const localeFile = (language: Language, namespace: string) => texts<Texts>(language, namespace);
function pick(texts: Texts, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Texts)[part], texts) as string;
}

for (const language of LANGUAGES) {
  test(`${language}: subscribe from About, rank by pointer, and the survey is sent in the visitor's language`, async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(60_000);
    const foreign = watchForeignRequests(page, baseURL!);
    const newsletter = localeFile(language, 'newsletter');
    const survey = localeFile(language, 'survey');
    const email = `e2e.${language}.${Date.now()}@example.lv`;
    await setLanguage(page, language);
    await page.goto('/about-us');
    await page
      .getByRole('button', {
        name: pick(localeFile(language, 'consent'), 'banner.acceptEssential'),
      })
      .click();
    const block = page.locator('#adventure-community');
    await block.getByLabel(pick(newsletter, 'emailLabel')).fill(email);
    const subscribed = page.waitForRequest((request) =>
      request.url().endsWith('/api/Subscriptions'),
    );
    await block.getByRole('button', { name: pick(newsletter, 'submit') }).click();
    expect((await subscribed).postDataJSON()).toEqual({ email, preferredLanguage: language });
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page).toHaveTitle(pageTitle(language, 'thankYou'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick(survey, 'title'));

    for (const key of [
      'themes.options.stem',
      'age.options.up to 5',
      'aspects.options.durability',
      'storyType.options.fantasy',
      'teachEmotions.options.neutral',
    ]) {
      await page.getByLabel(pick(survey, `questions.${key}`), { exact: true }).check();
    }
    // Pointer: drag the last card's handle above the first card.
    const cards = page.locator('ol.ranking > li');
    const last = pick(survey, 'questions.emotionsFocus.options.managing');
    const handle = page.getByRole('button', {
      name: pick(survey, 'ranking.handle').replace('{{option}}', last),
    });
    await page.locator('ol.ranking').scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await cards.first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 12 });
    await page.mouse.up();
    await expect(cards.first()).toContainText(last);
    expect(await axeViolations(page)).toEqual([]);

    const sent = page.waitForRequest((request) =>
      request.url().endsWith('/api/QuestionnaireResponses'),
    );
    await page.getByRole('button', { name: pick(survey, 'submit') }).click();
    const body = (await sent).postDataJSON() as {
      Responses: { QuestionId: number; ResponseText: string }[];
    };
    expect(body.Responses).toEqual([
      { QuestionId: 1, ResponseText: 'stem' },
      { QuestionId: 2, ResponseText: 'up to 5' },
      { QuestionId: 3, ResponseText: 'durability' },
      { QuestionId: 4, ResponseText: 'fantasy' },
      { QuestionId: 5, ResponseText: 'neutral' },
      {
        QuestionId: 6,
        ResponseText: '1: managing, 2: recognizing, 3: feeling in the body, 4: conversations',
      },
    ]);
    await expect(page).toHaveURL(/\/thank-you-reward$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick(survey, 'reward.title'));
    await expect(page).toHaveTitle(pageTitle(language, 'reward'));
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
