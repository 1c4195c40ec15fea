import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createOrder, openDelivery } from './cart-orders.ts';
import {
  expectNoAxeViolations,
  fillAddress,
  fillContact,
  mailTo,
  payOnSandbox,
  type Address,
  type CheckoutTexts,
} from './checkout-helpers.ts';
import { LANGUAGES, expect, screenLanguages, test, type Language } from './fixtures.ts';
import {
  PEOPLE as GIFT_JOURNEY_PEOPLE,
  adminSignIn,
  parcelCard,
  shipInAdmin,
  type GiftTexts,
  type MailGiftTexts,
  type StatusGiftTexts,
} from './gift-steps.ts';
import { texts } from './locales.ts';

// The gift screens of issue 36 on a 390 px phone and a 1366 px laptop (in en-GB under `npm test`,
// every language with SCREENS=all: fixtures.ts):
// the checkout's gift section closed, open and filled (a long recipient name, a 300-character
// message) and with its errors; the status page's gift section (by the gift mail's link); the
// admin Parcel card (1366 only). axe on each; screenshots under .tmp/screens/gift-* to look at.
// (The purchase itself, with its checks of the print files: gift.spec.ts.)

test.describe.configure({ timeout: 420_000 });

const WIDTHS = [
  [1366, 820],
  [390, 844],
] as const;

type People = { buyer: Address; recipient: Address; phone: string; message: string };

// 300 characters of a grandparent's message, in the language's own letters.
const LV_MESSAGE =
  'Mīļo Maksimilian!\n\nŠī grāmata ir tev – lai tu vienmēr atceries, ka vari izdarīt visu, ko sirds vēlas. Lasi to ar mammu un tēti vakaros, zīmē, smejies un sapņo! Mēs ar vectētiņu esam ļoti lepni par tevi un ar nepacietību gaidām ziemassvētkus, kad būsim kopā Cēsīs.\n\nAr mīlestību – tava vecmāmiņa Ārija';
const EN_MESSAGE =
  'Dearest Maximilian,\n\nThis book is for you, so that you always remember you can do anything your heart wants. Read it with Mum and Dad at bedtime, draw, laugh and dream big! Grandad and I are so very proud of you and we cannot wait for Christmas, when we will all be together again.\n\nWith love, Granny';

const PEOPLE: Record<Language, People> = {
  lv: {
    // The buyers of the gift journey (gift-steps.ts); the recipients' names and addresses long.
    buyer: GIFT_JOURNEY_PEOPLE.lv.buyer,
    recipient: {
      firstName: 'Maksimiliāns Aleksandrs',
      lastName: 'Ozoliņš-Bērziņš',
      address1: 'Krišjāņa Valdemāra iela 125-12',
      city: 'Cēsis',
      zip: 'LV-4101',
    },
    phone: GIFT_JOURNEY_PEOPLE.lv.phone,
    message: LV_MESSAGE,
  },
  'en-GB': {
    buyer: {
      firstName: 'Margaret',
      lastName: 'Hughes',
      address1: '1 High Street',
      city: 'Bristol',
      zip: 'BS1 4DJ',
    },
    recipient: {
      firstName: 'Maximilian Alexander',
      lastName: 'Fotheringham-Whitworth',
      address1: 'Flat 12, 125 Kensington Park Gardens',
      city: 'London',
      zip: 'W11 2EU',
    },
    phone: '+447911123456',
    message: EN_MESSAGE,
  },
  'en-US': {
    buyer: GIFT_JOURNEY_PEOPLE['en-US'].buyer,
    recipient: {
      firstName: 'Maximilian Alexander',
      lastName: 'Montgomery-Whitaker',
      address1: '12500 North Pennsylvania Avenue, Apt 12',
      city: 'Denver',
      zip: '80202',
      province: 'CO',
    },
    phone: GIFT_JOURNEY_PEOPLE['en-US'].phone,
    message: EN_MESSAGE.replace('Mum', 'Mom'),
  },
};

/** The window at each width (or 1366 only), with `target` scrolled into view: .tmp/screens/gift-*. */
async function shots(
  page: Page,
  name: string,
  target: Locator,
  widths: readonly (readonly [number, number])[] = WIDTHS,
) {
  mkdirSync(path.resolve('.tmp/screens'), { recursive: true });
  for (const [width, height] of widths) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.resolve('.tmp/screens', `gift-${name}-${width}.png`) });
    // No sideways scrolling at any width.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px fits the width`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 820 });
}

for (const language of screenLanguages('en-GB')) {
  test(`the gift screens in ${language}`, async ({ page, request, consoleErrors }) => {
    const people = PEOPLE[language];
    const t = texts<
      CheckoutTexts & {
        gift: GiftTexts;
        sections: { buyer: string };
        errors: { messageTooLong: string };
      }
    >(language, 'checkout');
    const status = texts<StatusGiftTexts>(language, 'order-status');
    const mailGift = texts<MailGiftTexts>(language, 'mail-gift');
    expect([...people.message].length).toBe(300);

    const { orderId } = await createOrder(request, language, [
      { name: language === 'lv' ? 'Maksimiliāns' : 'Maximilian', gender: 'Boy' },
    ]);
    await openDelivery(page, language, orderId);

    // Closed: the box and its explanation.
    const giftBox = page.getByRole('checkbox', { name: t.gift.checkbox });
    await fillAddress(page, t, t.sections.shipping, people.buyer);
    const email = `gift-screens-${language.toLowerCase()}-${Date.now()}@example.com`;
    await fillContact(page, t, email, people.phone);
    await expectNoAxeViolations(page, `the ${language} gift section, closed`);
    await shots(page, `${language}-checkout-closed`, giftBox);

    // Open, with errors: the recipient left empty, a message 5 characters too long.
    await giftBox.check();
    const message = page.getByRole('textbox', { name: t.gift.message });
    await message.fill(`${people.message}12345`);
    await page.getByRole('button', { name: t.payNow }).click();
    await expect(message).toHaveAccessibleDescription(
      new RegExp(t.errors.messageTooLong.replace('{{max}}', '300')),
    );
    const recipient = page.getByRole('group', { name: t.gift.recipient });
    await expect(
      recipient.getByRole('textbox', { name: t.address.firstName, exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, `the ${language} gift section with errors`);
    await shots(page, `${language}-checkout-errors`, message);

    // Open and filled in: a long name and address, the 300-character message.
    await fillAddress(page, t, t.gift.recipient, people.recipient);
    await message.fill(people.message);
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');
    // The arrival day: the latest the window offers (the Parcel card then shows its hold note).
    const arriveBy = page.getByLabel(t.gift.arriveBy);
    await arriveBy.fill((await arriveBy.getAttribute('max'))!);
    await expectNoAxeViolations(page, `the ${language} gift section, filled in`);
    await shots(page, `${language}-checkout-open`, recipient);
    await shots(page, `${language}-checkout-message`, message);
    await shots(page, `${language}-checkout-arrival`, arriveBy);

    await page.getByRole('button', { name: t.payNow }).click();
    await payOnSandbox(page, 'paid', language, consoleErrors);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.status.paid.title);

    // The admin Parcel card (1366 only), then shipped.
    await adminSignIn(page);
    const card = await parcelCard(page, language, orderId);
    await expectNoAxeViolations(page, `the ${language} admin Parcel card`);
    await shots(page, `${language}-admin-parcel`, card, [[1366, 820]]);

    // The order list: the day to hand the gift to the courier, under its status.
    const dispatchOn = texts<{ order: { parcel: { dispatchOn: string } } }>(language, 'admin').order
      .parcel.dispatchOn;
    await page.goto('/admin/orders');
    const row = page.locator('tr', { has: page.locator(`a[href$="/admin/orders/${orderId}"]`) });
    await expect(row).toContainText(dispatchOn.split('{{date}}')[0]!.trim());
    await expectNoAxeViolations(page, `the ${language} admin order list with a gift to hold`);
    await shots(page, `${language}-admin-list`, row, [[1366, 820]]);
    await parcelCard(page, language, orderId);
    await shipInAdmin(page, language, `SCREENS${LANGUAGES.indexOf(language)}`);

    // The status page's gift section by the gift mail's link.
    const mail = await mailTo(page, email, new RegExp(mailGift.shipped.subject));
    const link = /(https?:\/\/[^\s"<]+\/order-status\/[^\s"<?]+\?key=[\w-]+)/.exec(mail)?.[1];
    await page.goto(link!);
    const section = page.getByRole('region', {
      name: status.gift.title.replace('{{name}}', people.recipient.firstName),
    });
    await expect(section).toBeVisible();
    await expectNoAxeViolations(page, `the ${language} status page's gift section`);
    await shots(page, `${language}-status-gift`, section);
    expect(consoleErrors.filter((e) => !/\b40[014]\b/.test(e))).toEqual([]);
  });
}
