// Each language's typography in one place (book/typography.ts): dates in the case their sentence
// needs, the language's quotation marks in every locale file, and countries inside English sentences.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countryInSentence, formatDate, quoted } from '#book/typography.ts';
import { formatDate as formatPageDate } from '#src/lib/dates.ts';
import { formatDate as formatMailDate } from '#server/services/mail/order-mails.ts';

describe('dates in their sentence', () => {
  it('Latvian months decline: locative after "Pasūtīts", dative after "līdz", nominative on their own', () => {
    expect(`Pasūtīts ${formatDate('2026-11-27', 'lv', 'on')}`).toBe(
      'Pasūtīts 2026. gada 27. novembrī',
    );
    expect(`līdz ${formatDate('2026-12-08', 'lv', 'by')}`).toBe('līdz 2026. gada 8. decembrim');
    expect(formatDate('2026-03-01', 'lv')).toBe('2026. gada 1. marts');
    expect(formatDate('2027-04-15', 'lv', 'on')).toBe('2027. gada 15. aprīlī');
    expect(formatDate('2027-01-31', 'lv', 'by')).toBe('2027. gada 31. janvārim');
  });

  it('English dates in the British and the American order, whatever the case', () => {
    expect(formatDate('2026-11-27', 'en-GB', 'on')).toBe('27 November 2026');
    expect(formatDate('2026-11-27', 'en-US', 'by')).toBe('November 27, 2026');
  });

  it('is the day in UTC, so a page and a mail say the same day in any time zone', () => {
    expect(formatDate('2026-11-27T23:30:00Z', 'lv', 'on')).toBe('2026. gada 27. novembrī');
    expect(formatDate(new Date('2026-12-31T23:59:00Z'), 'en-GB')).toBe('31 December 2026');
  });

  it('the pages (src/lib/dates.ts) and the mails format through it', () => {
    expect(formatPageDate('2026-11-27T10:00:00Z', 'lv', 'on')).toBe('2026. gada 27. novembrī');
    expect(formatMailDate('lv', new Date('2026-12-08T10:00:00Z'), 'by')).toBe(
      '2026. gada 8. decembrim',
    );
  });
});

describe('quotation marks', () => {
  it('each language has its own', () => {
    expect(quoted('Tu to vari', 'lv')).toBe('„Tu to vari”');
    expect(quoted('You can do it', 'en-GB')).toBe('‘You can do it’');
    expect(quoted('You can do it', 'en-US')).toBe('“You can do it”');
    expect(quoted('You can do it', 'en-gb')).toBe('‘You can do it’');
  });

  const root = path.resolve(import.meta.dirname, '../../src/locales');
  const strings = (language: string): [string, string][] =>
    readdirSync(path.join(root, language)).flatMap((file) => {
      const out: [string, string][] = [];
      const walk = (node: unknown, key: string) => {
        if (typeof node === 'string') out.push([`${file}:${key}`, node]);
        else if (node && typeof node === 'object')
          for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
      };
      walk(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')), '');
      return out;
    });

  it('every Latvian text quotes with „…”, never with “…” or ‘…’', () => {
    const wrong = strings('lv').filter(([, text]) => /“|(^|[\s(])‘/.test(text));
    expect(wrong).toEqual([]);
  });

  it('every British text quotes with ‘…’ (never “…” or „…”), every American one with “…” (never an opening ‘ or „)', () => {
    expect(strings('en-GB').filter(([, text]) => /[“„]/.test(text))).toEqual([]);
    expect(strings('en-US').filter(([, text]) => /„|(^|[\s("])‘/.test(text))).toEqual([]);
  });
});

describe('a country inside an English sentence', () => {
  it('takes "the" where English needs it, and never in Latvian', () => {
    expect(`Shipping to ${countryInSentence('US', 'United States', 'en-US')}`).toBe(
      'Shipping to the United States',
    );
    expect(countryInSentence('GB', 'United Kingdom', 'en-GB')).toBe('the United Kingdom');
    expect(countryInSentence('NL', 'Netherlands', 'en-GB')).toBe('the Netherlands');
    expect(countryInSentence('LV', 'Latvia', 'en-US')).toBe('Latvia');
    expect(countryInSentence('CZ', 'Czechia', 'en-GB')).toBe('Czechia');
    expect(countryInSentence('US', 'Amerikas Savienotās Valstis', 'lv')).toBe(
      'Amerikas Savienotās Valstis',
    );
  });
});
