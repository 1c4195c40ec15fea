import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyWithIntl } from '#book/typography.ts';
import { LANGUAGES } from '#src/lib/languages.ts';

const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;

describe('money, one format for every surface (book/typography.ts formatMoney)', () => {
  it('writes minor units the language’s way', () => {
    expect(formatMoney(2999, 'EUR', 'lv')).toBe('29,99\u00a0€');
    expect(formatMoney(123450, 'EUR', 'lv')).toBe('1234,50\u00a0€');
    expect(formatMoney(1234550, 'EUR', 'lv')).toBe('12\u00a0345,50\u00a0€');
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(2999, 'USD', 'en-US')).toBe('$29.99');
    expect(formatMoney(2999, 'USD', 'en-GB')).toBe('$29.99');
    expect(formatMoney(0, 'GBP', 'en-GB')).toBe('£0.00');
    expect(formatMoney(5, 'EUR', 'lv')).toBe('0,05\u00a0€');
  });

  it('writes exactly what Intl writes, with or without its shortcut, for every language and currency', () => {
    const amounts = [0, 1, 5, 99, 100, 2999, 3848, 4398, 99999, 100000, 123450, 999999, 1000000];
    amounts.push(1234567, 12345678, 123456789, 1234567890, -1, -500, -2999, -123450);
    // Amounts of every size (the same every run).
    for (let i = 0, seed = 7; i < 1000; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push(seed % 10 ** (1 + (i % 10)));
    }
    const differences = [];
    for (const language of LANGUAGES)
      for (const currency of CURRENCIES)
        for (const minor of amounts) {
          const ours = formatMoney(minor, currency, language);
          const intl = formatMoneyWithIntl(minor, currency, language);
          if (ours !== intl) differences.push({ minor, currency, language, ours, intl });
        }
    expect(differences).toEqual([]);
  });

  it('leaves amounts that are not whole minor units to Intl rather than guessing', () => {
    expect(formatMoney(12.5, 'EUR', 'en-GB')).toBe(formatMoneyWithIntl(12.5, 'EUR', 'en-GB'));
    expect(formatMoney(2999, 'SEK', 'en-GB')).toBe(formatMoneyWithIntl(2999, 'SEK', 'en-GB'));
  });
});
