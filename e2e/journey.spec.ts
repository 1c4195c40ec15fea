import type { Locator } from '@playwright/test';
import type { CartSummary } from '#contract/orders.ts';
import { LANGUAGES, axeViolations, expect, test, type Language } from './fixtures.ts';
import { texts } from './locales.ts';

// Issue 4's "Done when", walked as a new parent would in each language: from the product page
// through two different books, an edit of the first by its item id, MULTI25 with the server's 25%,
// approval and Checkout. Every visible word comes from the language's own locale files; axe runs
// on every screen; the console stays clean.

/** i18next-style '{{name}}' interpolation. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A template as a whole-text pattern: every '{{…}}' matches a number; the rest literally. */
function pattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('(\\d+)')}$`,
  );
}

type Characters = {
  title: Record<'child' | 'dad' | 'mum', string>;
  name: { label: Record<'child' | 'dad' | 'mum', string> };
  gender: { boy: string; girl: string };
  editors: { eyes: string };
  hair: { colour: string; colours: Record<string, string> };
  eyes: { colours: Record<string, string> };
  accessories: { options: Record<string, string> };
  actions: { next: string };
};
type Builder = {
  dedication: { title: string; label: string; suggestion: string; continue: string };
};
type Preview = {
  title: string;
  nextReady: string;
  nextPage: string;
  indicator: string;
  viewer: string;
} & Record<string, string>;
type Cover = {
  title: string;
  save: string;
  formats: Record<'hardcover' | 'softcover', { name: string }>;
};
type Cart = {
  title: string;
  item: { bookFor: string; charactersAlt: string; approved: string; editPersonalisation: string };
  format: Record<'hardcover' | 'softcover', string>;
  addAnother: string;
  summary: { title: string; subtotal: string; discount: string; total: string };
  coupon: { label: string; apply: string; applied: string };
  approval: { label: string; tooltip: string };
  checkout: string;
};

/** The people of each run: names typed in lower case, as the cart shows them (Latvian: dative). */
const PEOPLE: Record<
  Language,
  {
    first: Book;
    renamed: Book;
    second: Book;
    dad: string;
    mum: string;
    dad2: string;
    mum2: string;
    dedication: string;
  }
> = {
  lv: {
    first: { typed: 'elīza', shown: 'Elīza', inTitle: 'Elīzai' },
    renamed: { typed: 'līga', shown: 'Līga', inTitle: 'Līgai' },
    second: { typed: 'mārtiņš', shown: 'Mārtiņš', inTitle: 'Mārtiņam' },
    dad: 'Jānis',
    mum: 'Anna',
    dad2: 'Pēteris',
    mum2: 'Ilze',
    dedication: 'Mārtiņam,\nmūsu drosmīgajam vārtsargam.',
  },
  'en-GB': {
    first: { typed: 'zoë', shown: 'Zoë', inTitle: 'Zoë' },
    renamed: { typed: 'chloé', shown: 'Chloé', inTitle: 'Chloé' },
    second: { typed: 'oliver', shown: 'Oliver', inTitle: 'Oliver' },
    dad: 'Tom',
    mum: 'Sarah',
    dad2: 'James',
    mum2: 'Emma',
    dedication: 'For Oliver,\nour brave goalkeeper.',
  },
  'en-US': {
    first: { typed: 'renée', shown: 'Renée', inTitle: 'Renée' },
    renamed: { typed: 'josé', shown: 'José', inTitle: 'José' },
    second: { typed: 'mason', shown: 'Mason', inTitle: 'Mason' },
    dad: 'Mike',
    mum: 'Ashley',
    dad2: 'Chris',
    mum2: 'Megan',
    dedication: 'For Mason,\nour brave goalkeeper.',
  },
};
interface Book {
  typed: string;
  shown: string;
  inTitle: string;
}

/** The currency each language's cart is in. */
const CURRENCY: Record<Language, string> = { lv: 'EUR', 'en-GB': 'GBP', 'en-US': 'USD' };

for (const language of LANGUAGES) {
  test.describe(`journey in ${language}`, () => {
    // A new visitor: a fresh context with no cookies or storage, the browser set to the language.
    test.use({ locale: language });

    test(`${language}: product page → two books → edit the first → MULTI25 → approve → checkout`, async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const people = PEOPLE[language];
      const characters = texts<Characters>(language, 'characters');
      const builder = texts<Builder>(language, 'builder');
      const preview = texts<Preview>(language, 'preview');
      const cover = texts<Cover>(language, 'cover');
      const cart = texts<Cart>(language, 'cart');
      const product = texts<{ personalise: string }>(language, 'product');
      const consent = texts<{ banner: { acceptEssential: string } }>(language, 'consent');

      const heading = page.getByRole('heading', { level: 1 });
      const next = page.getByRole('button', { name: characters.actions.next, exact: true });
      const axe = async (where: string) =>
        expect(await axeViolations(page), `axe on ${where} (${language})`).toEqual([]);
      const nameField = (role: 'child' | 'dad' | 'mum') =>
        page.getByRole('textbox', { name: characters.name.label[role], exact: true });
      const radio = (group: string, name: string) =>
        page
          .getByRole('group', { name: group, exact: true })
          .getByRole('radio', { name, exact: true });
      // Each option radio is an invisible layer over its picture: a click on it is a click on the option.
      const choose = async (option: Locator) => {
        await option.click();
        await expect(option).toBeChecked();
      };
      const loadingLabel = new RegExp(
        Object.entries(preview)
          .filter(([key]) => key.startsWith('next_'))
          .map(([, value]) => pattern(value).source)
          .join('|'),
      );
      const books = page
        .getByRole('list')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .getByRole('listitem');
      const bookTitle = (title: string, child: Book) =>
        fill(cart.item.bookFor, { title, name: child.inTitle });

      // 1. The product page, as a new visitor finds it.
      await page.goto('/YouCanDoIt');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('button', { name: consent.banner.acceptEssential, exact: true }).click();
      await axe('the product page');
      await page
        .getByRole('main')
        .getByRole('link', { name: product.personalise, exact: true })
        .click();

      // 2. Book 1: a girl with a lower-case name with a diacritic, red hair, green eyes.
      await expect(page).toHaveURL(/\/personalize\/football_story$/);
      await expect(heading).toHaveText(characters.title.child);
      await nameField('child').fill(people.first.typed);
      await choose(page.getByRole('radio', { name: characters.gender.girl, exact: true }));
      await choose(radio(characters.hair.colour, characters.hair.colours.RD!));
      await choose(radio(characters.editors.eyes, characters.eyes.colours.GR!));
      await axe('the child');
      await next.click();

      await expect(page).toHaveURL(/\/personalizeDad\/football_story$/);
      await expect(heading).toHaveText(characters.title.dad);
      await nameField('dad').fill(people.dad);
      const beard = page.getByRole('button', {
        name: characters.accessories.options.beard,
        exact: true,
      });
      await beard.click();
      await expect(beard).toHaveAttribute('aria-pressed', 'true');
      await axe('dad');
      await next.click();

      await expect(page).toHaveURL(/\/personalizeMum\/football_story$/);
      await expect(heading).toHaveText(characters.title.mum);
      await nameField('mum').fill(people.mum);
      await axe('mum');
      await next.click();

      await expect(page).toHaveURL(/\/dedication\/football_story$/);
      await expect(heading).toHaveText(builder.dedication.title);
      const dedication = page.getByRole('textbox', { name: builder.dedication.label, exact: true });
      const suggestion2 = page.getByRole('button', {
        name: fill(builder.dedication.suggestion, { number: 2 }),
      });
      await suggestion2.click();
      await expect(suggestion2).toHaveAttribute('aria-pressed', 'true');
      const firstDedication = await dedication.inputValue();
      expect(firstDedication).toContain(people.first.shown);
      await axe('the dedication');
      await page.getByRole('button', { name: builder.dedication.continue, exact: true }).click();

      await expect(page).toHaveURL(/\/preview\/football_story$/);
      await expect(heading).toHaveText(preview.title);
      // Next counts the images still loading, then reads plain Next once every page is in (the
      // browser draws the pages ahead from the grown-ups' steps on, so they may all be in already).
      await expect(
        page
          .getByRole('button', { name: loadingLabel })
          .or(page.getByRole('button', { name: preview.nextReady, exact: true })),
      ).toBeVisible();
      const ready = page.getByRole('button', { name: preview.nextReady, exact: true });
      await expect(ready).toBeVisible({ timeout: 60_000 });
      const viewer = page.getByRole('region', { name: preview.viewer });
      const indicator = viewer.getByText(pattern(preview.indicator));
      // The template names {{current}} before {{total}} in every language.
      const total = Number(
        pattern(preview.indicator).exec((await indicator.textContent()) ?? '')?.[2],
      );
      expect(total).toBeGreaterThan(20);
      await expect(indicator).toHaveText(fill(preview.indicator, { current: 1, total }));
      await viewer.getByRole('group').first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(indicator).toHaveText(fill(preview.indicator, { current: 2, total }));
      await viewer.getByRole('button', { name: preview.nextPage, exact: true }).click();
      await expect(indicator).toHaveText(fill(preview.indicator, { current: 3, total }));
      await expect(viewer.getByRole('img').first()).toBeVisible();
      await axe('the preview');
      await ready.click();

      await expect(page).toHaveURL(/\/coverChoice\/football_story$/);
      await expect(heading).toHaveText(cover.title);
      await expect(
        page.getByRole('radio', { name: cover.formats.hardcover.name, exact: true }),
      ).toBeChecked();
      await axe('the cover');
      await page.getByRole('button', { name: cover.save, exact: true }).click();

      await expect(page).toHaveURL(/\/cart$/);
      await expect(page.getByRole('heading', { level: 1, name: cart.title })).toBeVisible();
      await expect(books).toHaveCount(1);
      const orderId = (await page.context().cookies()).find(
        (c) => c.name === `ORDER_ID_${language}`,
      )?.value;
      expect(orderId, 'the order cookie').toBeTruthy();
      const summaryUrl = `/api/order/summary/${orderId}?country=${language}`;
      const serverSummary = async () =>
        (await (await page.request.get(summaryUrl)).json()) as CartSummary;
      const firstBook = (await serverSummary()).items[0]!;
      const bookName = firstBook.title;
      await expect(books.getByRole('heading', { level: 3 })).toHaveText([
        bookTitle(bookName, people.first),
      ]);
      // The picture names the child and the grown-ups as the book calls them (a mum and a dad here).
      const pictured = new Intl.ListFormat(language, { type: 'conjunction' }).format([
        firstBook.childName,
        ...firstBook.family.grownUps.map((grownUp) => grownUp.call),
      ]);
      await expect(
        books
          .first()
          .getByRole('img', { name: fill(cart.item.charactersAlt, { people: pictured }) }),
      ).toBeVisible();
      await expect(books.first().getByText(cart.format.hardcover, { exact: true })).toBeVisible();
      await axe('the cart with one book');

      // 3. Book 2 from the cart: a boy, another name, a typed dedication, softcover.
      await page.getByRole('link', { name: cart.addAnother }).click();
      await expect(page).toHaveURL(/\/personalize\/football_story$/);
      await expect(nameField('child')).toHaveValue('');
      await nameField('child').fill(people.second.typed);
      await expect(
        page.getByRole('radio', { name: characters.gender.boy, exact: true }),
      ).toBeChecked();
      await next.click();
      await nameField('dad').fill(people.dad2);
      await next.click();
      await nameField('mum').fill(people.mum2);
      await next.click();
      await expect(heading).toHaveText(builder.dedication.title);
      await dedication.fill(people.dedication);
      await page.getByRole('button', { name: builder.dedication.continue, exact: true }).click();
      await expect(heading).toHaveText(preview.title);
      // The first book's preview was looked at in full; this one goes on as soon as Next is there.
      await page
        .getByRole('button', {
          name: new RegExp(`${loadingLabel.source}|^${escape(preview.nextReady)}$`),
        })
        .click();
      await expect(heading).toHaveText(cover.title);
      const softcover = page.getByRole('radio', {
        name: cover.formats.softcover.name,
        exact: true,
      });
      await page.locator('label').filter({ has: softcover }).click();
      await expect(softcover).toBeChecked();
      await page.getByRole('button', { name: cover.save, exact: true }).click();

      await expect(page).toHaveURL(/\/cart$/);
      await expect(books).toHaveCount(2);
      await expect(books.getByRole('heading', { level: 3 })).toHaveText([
        bookTitle(bookName, people.first),
        bookTitle(bookName, people.second),
      ]);
      await expect(books.nth(1).getByText(cart.format.softcover, { exact: true })).toBeVisible();
      await expect(books.nth(1).locator('dd').first()).toHaveText(people.dedication);
      await expect(books.first().locator('dd').first()).toHaveText(firstDedication);

      // 4. Edit the first book by its item id: prefilled with what was chosen, then renamed.
      const before = await serverSummary();
      const [firstItem, secondItem] = before.items;
      await books.first().getByRole('link', { name: cart.item.editPersonalisation }).click();
      await expect(page).toHaveURL(new RegExp(`/personalize/edit/${firstItem!.id}$`));
      await expect(nameField('child')).toHaveValue(people.first.shown);
      await expect(
        page.getByRole('radio', { name: characters.gender.girl, exact: true }),
      ).toBeChecked();
      await expect(radio(characters.hair.colour, characters.hair.colours.RD!)).toBeChecked();
      await expect(radio(characters.editors.eyes, characters.eyes.colours.GR!)).toBeChecked();
      await axe('the child (edit)');
      await nameField('child').fill(people.renamed.typed);
      await next.click();
      await expect(page).toHaveURL(/\/personalizeDad\/edit\//);
      await expect(nameField('dad')).toHaveValue(people.dad);
      await expect(beard).toHaveAttribute('aria-pressed', 'true');
      await axe('dad (edit)');
      await next.click();
      await expect(page).toHaveURL(/\/personalizeMum\/edit\//);
      await expect(nameField('mum')).toHaveValue(people.mum);
      await axe('mum (edit)');
      await next.click();
      await expect(page).toHaveURL(/\/dedication\/edit\//);
      // The second suggestion, as picked, now for the renamed child.
      await expect(suggestion2).toHaveAttribute('aria-pressed', 'true');
      await expect(dedication).toHaveValue(new RegExp(escape(people.renamed.shown)));
      await expect(dedication).not.toHaveValue(new RegExp(escape(people.first.shown)));
      const renamedDedication = await dedication.inputValue();
      await axe('the dedication (edit)');
      await page.getByRole('button', { name: builder.dedication.continue, exact: true }).click();
      await expect(page).toHaveURL(/\/preview\/edit\//);
      await expect(heading).toHaveText(preview.title);
      await axe('the preview (edit)');
      await page
        .getByRole('button', {
          name: new RegExp(`${loadingLabel.source}|^${escape(preview.nextReady)}$`),
        })
        .click();
      await expect(page).toHaveURL(/\/coverChoice\/edit\//);
      await expect(
        page.getByRole('radio', { name: cover.formats.hardcover.name, exact: true }),
      ).toBeChecked();
      await axe('the cover (edit)');
      await page.getByRole('button', { name: cover.save, exact: true }).click();

      await expect(page).toHaveURL(/\/cart$/);
      await expect(books).toHaveCount(2);
      await expect(books.getByRole('heading', { level: 3 })).toHaveText([
        bookTitle(bookName, people.renamed),
        bookTitle(bookName, people.second),
      ]);
      await expect(books.first().locator('dd').first()).toHaveText(renamedDedication);
      const edited = await serverSummary();
      expect(edited.items.map((item) => item.id)).toEqual([firstItem!.id, secondItem!.id]);
      expect(edited.items[0]!.childName).toBe(people.renamed.shown);
      expect(edited.items[1]).toEqual(secondItem);

      // 5. MULTI25: the cart shows exactly what the server computed, 25% of the subtotal.
      expect(edited.currencyCode).toBe(CURRENCY[language]);
      const money = new Intl.NumberFormat(language, {
        style: 'currency',
        currency: CURRENCY[language],
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
      });
      const summaryBox = page.getByRole('region', { name: cart.summary.title });
      const line = (label: string) =>
        summaryBox
          .locator('dl > div')
          .filter({ has: page.locator('dt', { hasText: new RegExp(`^${escape(label)}$`) }) })
          .locator('dd');
      await expect(line(cart.summary.subtotal)).toHaveText(money.format(edited.subtotal));
      await expect(line(cart.summary.total)).toHaveText(money.format(edited.total));
      expect(edited.discount).toBe(0);
      await axe('the cart with two books');

      await page.getByRole('textbox', { name: cart.coupon.label }).fill('MULTI25');
      await page.getByRole('button', { name: cart.coupon.apply, exact: true }).click();
      await expect(
        page.getByText(fill(cart.coupon.applied, { code: 'MULTI25', percent: 25 })),
      ).toBeVisible();
      const discounted = await serverSummary();
      expect(discounted.couponInfo).toMatchObject({ code: 'MULTI25', percentOff: 25 });
      // In cents, as the server counts (it answers in the currency, 34.99): 25% of the subtotal,
      // and the total that follows from it.
      const cents = (amount: number) => Math.round(amount * 100);
      expect(cents(discounted.discount)).toBe(Math.round(cents(discounted.subtotal) / 4));
      expect(cents(discounted.total)).toBe(
        cents(discounted.subtotal) + cents(discounted.deliveryCost) - cents(discounted.discount),
      );
      const discountLabel = fill(cart.summary.discount, { code: 'MULTI25', percent: 25 });
      await expect(line(discountLabel)).toHaveText(money.format(-discounted.discount));
      await expect(line(cart.summary.subtotal)).toHaveText(money.format(discounted.subtotal));
      await expect(line(cart.summary.total)).toHaveText(money.format(discounted.total));
      await axe('the cart after the coupon');

      // 6. Checkout waits for the approval and says why.
      const checkout = page.getByRole('button', { name: cart.checkout, exact: true });
      await expect(checkout).toHaveAttribute('aria-disabled', 'true');
      await expect(checkout).toHaveAccessibleDescription(cart.approval.tooltip);
      await checkout.hover();
      await expect(
        page.getByRole('tooltip').filter({ hasText: cart.approval.tooltip }).first(),
      ).toBeVisible();
      await checkout.click({ force: true });
      await expect(page).toHaveURL(/\/cart$/);
      await page.getByRole('checkbox', { name: cart.approval.label }).check();
      await expect(books.getByText(cart.item.approved, { exact: true })).toHaveCount(2);
      await expect(checkout).toHaveAttribute('aria-disabled', 'false');
      await checkout.click();
      await expect(page).toHaveURL(/\/checkout\/delivery$/);

      expect(consoleErrors).toEqual([]);
    });
  });
}
