// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '#server/env.ts';
import { mailText } from '#server/services/mail/mail-text.ts';

const SERVER = path.join(process.cwd(), 'server');
const LATVIAN = /[āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ]/;

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe("the server's words are in the locale files", () => {
  it('no server TypeScript holds a Latvian letter (every sentence is in src/locales)', () => {
    const files = typeScriptFiles(SERVER);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        // The development example of the company's address is a place's name, not a sentence.
        .replaceAll(EXAMPLE_COMPANY.COMPANY_ADDRESS, '')
        .split('\n')
        .flatMap((line, index) =>
          LATVIAN.test(line) ? [`${path.relative(process.cwd(), file)}:${index + 1}: ${line}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('the scan sees a Latvian letter where there is one', () => {
    expect(LATVIAN.test('Paldies par pasūtījumu')).toBe(true);
    expect(LATVIAN.test('Thank you for your order')).toBe(false);
  });

  it('reads the mails, the invoice and the sandbox page in each language', () => {
    expect(mailText('lv')('confirmation.heading')).toBe('Paldies par pasūtījumu!');
    expect(mailText('en-US')('invoice:delivery')).toBe('Shipping');
    expect(mailText('en-GB')('sandbox-pay:title')).toBe('Storymade test payment');
    expect(mailText('en-GB')('mail-staff:contact.subject', { name: 'Anna' })).toBe(
      'Contact form: Anna',
    );
  });

  it('counts working days with Latvian plural forms', () => {
    const t = mailText('lv');
    const estimate = (count: number) => t('confirmation.estimate', { count, date: 'X' });
    expect(estimate(1)).toBe('Paredzamā piegāde: 1 darba dienas laikā, līdz X.');
    expect(estimate(21)).toBe('Paredzamā piegāde: 21 darba dienas laikā, līdz X.');
    expect(estimate(5)).toBe('Paredzamā piegāde: 5 darba dienu laikā, līdz X.');
    expect(estimate(10)).toBe('Paredzamā piegāde: 10 darba dienu laikā, līdz X.');
    expect(mailText('en-GB')('confirmation.estimate', { count: 1, date: 'X' })).toBe(
      'Expected delivery: within 1 working day, by X.',
    );
  });

  it('a missing key throws rather than sending the key', () => {
    expect(() => mailText('en-GB')('confirmation.nothing')).toThrow(/No mail text/);
  });
});
