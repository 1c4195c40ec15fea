import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_OWNER } from '../playwright.config.ts';
import type { Address } from './checkout-helpers.ts';
import { expect, type Language } from './fixtures.ts';
import { texts } from './locales.ts';

// Steps the gift's end-to-end tests share (e2e/gift.spec.ts, e2e/gift-screens.spec.ts).

export type GiftTexts = {
  arriveBy: string;
  checkbox: string;
  explain: string;
  recipient: string;
  card: string;
  message: string;
};
export type AdminTexts = {
  signIn: { email: string; password: string; submit: string };
  actions: Record<string, string>;
  order: {
    parcel: { title: string; file: Record<'gift-card' | 'packing-slip', string> } & Record<
      string,
      unknown
    >;
  };
};
export type StatusGiftTexts = {
  gift: { title: string; address: string; message: string; noPrices: string; arriveBy: string };
};
export type MailGiftTexts = {
  slip: Record<string, string>;
  shipped: { subject: string };
};

/** Who buys and who gets the book, in each language's own market. */
export const PEOPLE: Record<
  'lv' | 'en-US',
  { buyer: Address; recipient: Address; message: string; phone: string }
> = {
  lv: {
    buyer: {
      firstName: 'Ārija',
      lastName: 'Kalniņa',
      address1: 'Brīvības iela 1',
      city: 'Rīga',
      zip: 'LV-1010',
    },
    recipient: {
      firstName: 'Mārtiņš',
      lastName: 'Ozoliņš',
      address1: 'Kr. Valdemāra iela 5-12',
      city: 'Cēsis',
      zip: 'LV-4101',
    },
    message: 'Mīļo Mārtiņ!\n\nLai šī grāmata tev atgādina, ka tu vari visu.\nTava vecmāmiņa',
    phone: '+37120000000',
  },
  'en-US': {
    buyer: {
      firstName: 'Dorothy',
      lastName: 'Miller',
      address1: '1 Main Street',
      city: 'Boston',
      zip: '02108',
      province: 'MA',
    },
    recipient: {
      firstName: 'Mason',
      lastName: 'Carter',
      address1: '200 Pine Avenue',
      city: 'Denver',
      zip: '80202',
      province: 'CO',
    },
    message: 'Dear Mason,\n\nHappy 6th birthday! You can do it.\nLove, Grandma',
    phone: '+12025550123',
  },
};

/** Signs the e2e owner in to the back office (the password check is slow on purpose). */
export async function adminSignIn(page: Page) {
  await page.goto('/admin/sign-in');
  await page.locator('input[type="email"]').fill(E2E_OWNER.email);
  await page.locator('input[type="password"]').fill(E2E_OWNER.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/sign-in/, { timeout: 30_000 });
}

/** The admin order page's Parcel card, once the print-files job has made its files (reloads). */
export async function parcelCard(page: Page, language: Language, orderId: string) {
  const admin = texts<AdminTexts>(language, 'admin');
  const card = page.getByRole('region', { name: admin.order.parcel.title });
  await page.goto(`/admin/orders/${orderId}`);
  await expect
    .poll(
      async () => {
        if ((await card.getByRole('link').count()) > 0) return true;
        await page.waitForTimeout(3_000);
        await page.reload();
        return false;
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe(true);
  return card;
}

/** Marks the order checked, in production and shipped with a tracking number, as the staff do. */
export async function shipInAdmin(page: Page, language: Language, tracking: string) {
  const admin = texts<AdminTexts>(language, 'admin');
  await page.getByRole('button', { name: admin.actions.checked }).click();
  await expect(page.getByRole('button', { name: admin.actions.in_production })).toBeVisible();
  await page.getByRole('button', { name: admin.actions.in_production }).click();
  await page.getByLabel(admin.actions.trackingNumber!).fill(tracking);
  await page.getByLabel(admin.actions.trackingUrl!).fill(`https://tracking.example/${tracking}`);
  await page.getByRole('button', { name: admin.actions.shipped }).click();
  await expect(page.getByRole('link', { name: tracking })).toBeVisible();
}

/** The text of a PDF as poppler reads it, white space made single spaces. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gift-e2e-'));
  try {
    writeFileSync(path.join(dir, 'file.pdf'), pdf);
    execFileSync('pdftotext', [
      '-enc',
      'UTF-8',
      path.join(dir, 'file.pdf'),
      path.join(dir, 'file.txt'),
    ]);
    return readFileSync(path.join(dir, 'file.txt'), 'utf8').replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
