import { describe, expect, it } from 'vitest';
import { formatAmount } from '#src/lib/money.ts';
import { LANGUAGES } from '#src/lib/languages.ts';

const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;

const formats = new Map<string, Intl.NumberFormat>();
function intl(amount: number, currency: string, language: string) {
  const key = `${language} ${currency}`;
  if (!formats.has(key))
    formats.set(
      key,
      new Intl.NumberFormat(language, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    );
  return formats.get(key)!.format(amount);
}

describe('money as the shop writes it', () => {
  it('writes the shop languages and currencies the way the browser’s Intl does', () => {
    expect(formatAmount(29.99, 'EUR', 'lv')).toBe('29,99\u00a0€');
    expect(formatAmount(1234.5, 'EUR', 'lv')).toBe('1234,50\u00a0€');
    expect(formatAmount(12345.5, 'EUR', 'lv')).toBe('12\u00a0345,50\u00a0€');
    expect(formatAmount(1234.5, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(formatAmount(29.99, 'USD', 'en-US')).toBe('$29.99');
    const amounts = [
      0,
      0.01,
      0.005,
      1.005,
      2.675,
      9.995,
      29.99,
      38.48,
      43.98,
      100,
      999.995,
      1000,
      1234.5,
      9999.99,
      10000,
      12345.678,
      123456.7,
      1e6,
      12345678.9,
      -5,
      -0,
      -0.001,
      1e21,
      1e-7,
      Number.NaN,
    ];
    // Amounts of every size with cents, and with more decimals than cents (the same every run).
    for (let i = 0, seed = 7; i < 1000; i++) {
      seed = (seed * 48271) % 2147483647;
      amounts.push((seed % 10 ** (2 + (i % 9))) / (i % 3 === 0 ? 1000 : 100));
    }
    const differences = [];
    for (const language of LANGUAGES)
      for (const currency of CURRENCIES)
        for (const amount of amounts) {
          const ours = formatAmount(amount, currency, language);
          if (ours !== intl(amount, currency, language))
            differences.push({
              amount,
              currency,
              language,
              ours,
              intl: intl(amount, currency, language),
            });
        }
    expect(differences).toEqual([]);
  });
});
