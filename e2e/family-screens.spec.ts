import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { defaultCharacters } from '#book/character-set.ts';
import type { FamilyShape } from '#book/family.ts';
import type { CreateOrderResponse, SavePayload } from '#contract/orders.ts';
import { rememberCartKey, setOrderCookie } from './cart-orders.ts';
import { fill } from './checkout-helpers.ts';
import { look } from './friction-steps.ts';
import {
  axeViolations,
  expect,
  screenLanguages,
  setLanguage,
  test,
  type Language,
} from './fixtures.ts';
import { texts } from './locales.ts';

// The family screens of issue 33 on a 390 px phone and a 1366 px laptop (in Latvian under `npm test`,
// every language with SCREENS=all: fixtures.ts):
// the family choice on the child's step, the grown-up steps of two mums, two dads, one parent and
// grandparents (each with what the child calls them), and the cart's 'Start from …'s family'
// buttons. axe on each; a screenshot of each under .tmp/screens to look at. (The purchase itself
// through these screens, every shape once: family-shapes.spec.ts.)

type Characters = {
  title: Record<string, string>;
  name: { label: Record<string, string> };
  family: { legend: string };
  call: { legend: string };
  actions: { next: string; back: string };
};

/** The characters step's words, with the family shapes' names (common.json, shared with the home page). */
function charactersText(language: 'lv' | 'en-GB' | 'en-US') {
  const words = texts<Characters>(language, 'characters');
  const { familyShapes } = texts<{ familyShapes: Record<FamilyShape, string> }>(language, 'common');
  return { ...words, family: { ...words.family, shapes: familyShapes } };
}

/** The grown-up steps' locale keys of each shape looked at. */
const STEPS: [FamilyShape, string[]][] = [
  ['mum-mum', ['mum_first', 'mum_second']],
  ['dad-dad', ['dad_first', 'dad_second']],
  ['mum', ['mum']],
  ['grandma-grandpa', ['grandpa', 'grandma']],
];

const CHILD: Record<Language, string> = { lv: 'Elīza', 'en-GB': 'Zoë', 'en-US': 'Renée' };

/** A two-mums book as the save payload carries it (contract/orders.ts, contract/family.ts). */
function twoMumsBook(language: Language, name: string, orderId: string | null): SavePayload {
  const set = defaultCharacters('girl');
  const { gender: _gender, ...childLook } = set.child;
  const words = language === 'lv' ? ['mamma', 'mammīte'] : ['Mum', 'Mama'];
  return {
    country: language,
    language,
    orderId,
    productId: 1,
    dedication: `Dear ${name},\nwe are proud of you.`,
    cover: 'hardcover',
    child: { name, gender: 'Girl', personalization: childLook },
    family: {
      shape: 'mum-mum',
      grownUps: [
        { kind: 'mum', name: 'Ilze', call: words[0]!, personalization: set.mum },
        {
          kind: 'mum',
          name: 'Kate',
          call: words[1]!,
          personalization: { ...set.mum, hair: 'mum_hair_03_BC', skin: 'mum_skin_4M' },
        },
      ],
    },
    requestId: randomUUID(),
  };
}

async function twoMumsOrder(request: APIRequestContext, language: Language) {
  const created = await request.post('/api/order', {
    data: twoMumsBook(language, 'Anna', null),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as CreateOrderResponse;
  rememberCartKey(orderId, created);
  const second = await request.post('/api/orderItems', {
    data: twoMumsBook(language, 'Maximiliāna Aleksandra', orderId),
  });
  expect(second.status(), await second.text()).toBe(201);
  return orderId;
}

async function acceptEssential(page: Page, language: Language) {
  await page
    .getByRole('button', {
      name: texts<{ banner: { acceptEssential: string } }>(language, 'consent').banner
        .acceptEssential,
      exact: true,
    })
    .click();
}

for (const [width, height] of [
  [390, 844],
  [1366, 820],
] as const) {
  for (const language of screenLanguages('lv')) {
    test.describe(`family screens at ${width} px in ${language}`, () => {
      test.use({ locale: language, viewport: { width, height } });

      test(`${language} ${width} px: the family choice and every kind of grown-up step`, async ({
        page,
        consoleErrors,
      }) => {
        test.setTimeout(180_000);
        const c = charactersText(language);
        const heading = page.getByRole('heading', { level: 1 });
        const axe = async (where: string) =>
          expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
        const shot = (name: string) => look(page, `family-screen-${language}-${width}-${name}`);
        await page.goto('/personalize/football_story');
        await acceptEssential(page, language);
        await page
          .getByRole('textbox', { name: c.name.label.child!, exact: true })
          .fill(CHILD[language]);
        const family = page.getByRole('group', { name: c.family.legend });
        await family.scrollIntoViewIfNeeded();
        await shot('choice');
        // The keyboard reaches the choice and moves through it: the focus ring is seen.
        await family.getByRole('radio').first().focus();
        await page.keyboard.press('ArrowRight');
        await expect(
          family.getByRole('radio', { name: c.family.shapes.mum, exact: true }),
        ).toBeChecked();
        // Not hidden behind the picture that stays at the top of a phone's screen.
        const focused = await page.locator('.family-card:has(input:focus-visible)').boundingBox();
        const picture = await page.locator('.character-stage').boundingBox();
        if (focused && picture && picture.y <= 1)
          expect(focused.y, 'the focused card is below the picture').toBeGreaterThanOrEqual(
            picture.y + picture.height,
          );
        await shot('choice-focus');
        await axe(`the family choice (${language}, ${width})`);

        for (const [shape, keys] of STEPS) {
          const radio = family.getByRole('radio', { name: c.family.shapes[shape], exact: true });
          await radio.click();
          await expect(radio).toBeChecked();
          await page.getByRole('button', { name: c.actions.next, exact: true }).click();
          for (const [i, key] of keys.entries()) {
            await expect(heading).toHaveText(c.title[key]!);
            await page
              .getByRole('textbox', { name: c.name.label[key]!, exact: true })
              .fill(i === 0 ? 'Ilze' : 'Kate');
            await page
              .getByRole('group', { name: fill(c.call.legend, { child: CHILD[language] }) })
              .scrollIntoViewIfNeeded();
            await shot(`${shape}-${key}`);
            await axe(`the ${key} step (${language}, ${width})`);
            if (i < keys.length - 1)
              await page.getByRole('button', { name: c.actions.next, exact: true }).click();
          }
          // Back to the child's step for the next shape.
          for (let i = 0; i < keys.length; i += 1)
            await page.getByRole('button', { name: c.actions.back, exact: true }).click();
          await expect(heading).toHaveText(c.title.child!);
        }
        expect(consoleErrors).toEqual([]);
      });

      test(`${language} ${width} px: the cart's sibling buttons`, async ({
        page,
        request,
        consoleErrors,
      }) => {
        const orderId = await twoMumsOrder(request, language);
        await setLanguage(page, language);
        await setOrderCookie(page, language, orderId);
        await page.goto('/cart');
        await acceptEssential(page, language);
        const addSibling = texts<{ addSibling: string }>(language, 'cart').addSibling;
        const siblings = page.getByRole('button', {
          name: new RegExp(fill(addSibling, { possessive: '.+' })),
        });
        await expect(siblings).toHaveCount(2);
        await siblings.first().scrollIntoViewIfNeeded();
        await look(page, `family-screen-${language}-${width}-cart`);
        expect(await axeViolations(page), 'axe on the cart').toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    });
  }
}
