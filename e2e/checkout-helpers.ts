import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, expect, test, type Language } from './fixtures.ts';

export type CheckoutTexts = {
  back: string;
  title: { shipping: string; billing: string };
  sections: { shipping: string; billing: string; contact: string };
  address: Record<
    | 'firstName'
    | 'lastName'
    | 'address1'
    | 'address2'
    | 'city'
    | 'zip'
    | 'country'
    | 'province'
    | 'state'
    | 'provinceCA'
    | 'chooseRegion',
    string
  >;
  contact: { email: string; phone: string; phoneCountry: string };
  sameBilling: string;
  subscribe: string;
  payNow: string;
  paying: string;
  errors: Record<string, string>;
  summary: Record<string, string>;
  status: {
    paid: Record<'title' | 'text' | 'orderNumber' | 'follow' | 'home', string>;
    failed: Record<'title' | 'text' | 'retry', string>;
    declined: Record<'title' | 'text', string>;
    contact: string;
  };
};

export type OrderStatusTexts = {
  title: string;
  error: Record<'title' | 'notFound' | 'invalidId' | 'failed', string>;
  steps: Record<string, { title: string; subtext: string }>;
  items: Record<string, string>;
  totals: Record<string, string>;
};

/** i18next-style '{{name}}' interpolation. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

export interface Address {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  zip: string;
  /** The country's option value (its id) when not the market's own. */
  countryId?: string;
  province?: string;
}

/** Fills one address section of the delivery form as a parent types it. */
export async function fillAddress(page: Page, t: CheckoutTexts, section: string, address: Address) {
  const group = page.getByRole('group', { name: section });
  await group
    .getByRole('textbox', { name: t.address.firstName, exact: true })
    .fill(address.firstName);
  await group
    .getByRole('textbox', { name: t.address.lastName, exact: true })
    .fill(address.lastName);
  await group
    .getByRole('textbox', { name: t.address.address1, exact: true })
    .fill(address.address1);
  await group.getByRole('textbox', { name: t.address.city, exact: true }).fill(address.city);
  await group.getByRole('textbox', { name: t.address.zip, exact: true }).fill(address.zip);
  if (address.countryId)
    await group.getByRole('combobox', { name: t.address.country }).selectOption(address.countryId);
  // A state (United States) or province (Canada) is chosen from the list by its code.
  if (address.province)
    await group
      .getByRole('combobox', { name: new RegExp(`^(${t.address.state}|${t.address.provinceCA})$`) })
      .selectOption(address.province);
}

/** Email and phone: the phone typed in international form, as a parent from abroad would. */
export async function fillContact(page: Page, t: CheckoutTexts, email: string, phone: string) {
  await page.getByRole('textbox', { name: t.contact.email }).fill(email);
  const phoneBox = page.getByRole('textbox', { name: t.contact.phone, exact: true });
  await phoneBox.fill('');
  await phoneBox.pressSequentially(phone, { delay: 60 });
}

export type SandboxChoice = 'paid' | 'declined' | 'abandoned';

/**
 * On the sandbox provider's test page: pick how the payment ends (paid goes through the
 * 3-D-Secure-like step). The provider's page is not the shop: what its visit writes to the console
 * (Chromium asks it for /favicon.ico) is dropped from the shop's `consoleErrors`.
 */
export async function payOnSandbox(
  page: Page,
  choice: SandboxChoice,
  language: Language,
  consoleErrors: string[],
) {
  const before = consoleErrors.length;
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  const copy =
    language === 'lv'
      ? {
          paid: 'Maksāt (testa karte)',
          declined: 'Karte noraidīta',
          abandoned: 'Atcelt un atgriezties veikalā',
          confirm: 'Apstiprināt maksājumu',
          banner: /TESTA MAKSĀJUMS/,
        }
      : {
          paid: 'Pay (test card)',
          declined: 'Card declined',
          abandoned: 'Cancel and return to the shop',
          confirm: 'Confirm payment',
          banner: /TEST PAYMENT/,
        };
  await expect(page.getByRole('note')).toHaveText(copy.banner);
  await page.getByRole('button', { name: copy[choice] }).click();
  if (choice === 'paid') await page.getByRole('button', { name: copy.confirm }).click();
  await expect(page).toHaveURL(/\/payment-status\?payment_reference=/);
  consoleErrors.splice(before);
}

/** axe on the page as it is now, named for the message. */
export async function expectNoAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

/** A screenshot into the test's output folder (and a copy under .tmp/screens for a look by eye). */
export async function screenshot(page: Page, name: string) {
  const file = `${name}-${test.info().project.name}.png`;
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true, timeout: 30_000 });
  mkdirSync(path.resolve('.tmp/screens'), { recursive: true });
  copyFileSync(test.info().outputPath(file), path.resolve('.tmp/screens', file));
}

/** The newest outbox mail to `email` as HTML (MAIL_OUTBOX_PAGE=1 serves /dev/outbox). */
export async function mailTo(page: Page, email: string, subject: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get('/dev/outbox')).text();
        found = html.split('<article>').find((part) => part.includes(email) && subject.test(part));
        return found !== undefined;
      },
      { timeout: 150_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The console errors the shop itself wrote: Chromium also logs every 4xx answer as 'Failed to load
 * resource', and some are the answer the page expects (verify's 402 for an unpaid attempt, the
 * status call's 404 for an unknown order), so those statuses are dropped when the test says so.
 */
export function shopErrors(consoleErrors: string[], expectedStatuses: number[]): string[] {
  return consoleErrors.filter(
    (error) =>
      !expectedStatuses.some(
        (status) =>
          error ===
          `Failed to load resource: the server responded with a status of ${status} (${STATUS_TEXT[status] ?? ''})`,
      ),
  );
}
const STATUS_TEXT: Record<number, string> = { 402: 'Payment Required', 404: 'Not Found' };
