import { describe, expect, it } from 'vitest';
import {
  discountShares,
  invoiceLines,
  splitVat,
  sumLines,
} from '#server/services/invoices/invoice-lines.ts';

const book = (itemId: string, unitPriceMinor: number) => ({
  itemId,
  title: 'You can do it',
  childName: 'Anna',
  coverType: 'hardcover',
  unitPriceMinor,
});

describe('invoice lines', () => {
  it('splits a discount by price, the cents left to the largest remainders, adding up exactly', () => {
    const money = {
      items: [book('a', 3499), book('b', 2999)],
      subtotalMinor: 6498,
      discountMinor: 1625,
      deliveryMinor: 349,
      totalMinor: 6498 - 1625 + 349,
    };
    expect(discountShares(money)).toEqual([875, 750]);
    const three = {
      items: [book('a', 1000), book('b', 1000), book('c', 1000)],
      subtotalMinor: 3000,
      discountMinor: 100,
      deliveryMinor: 0,
      totalMinor: 2900,
    };
    expect(discountShares(three)).toEqual([34, 33, 33]);
  });

  it('takes the VAT out of prices that include it, and the lines add up to what was paid', () => {
    expect(splitVat(3999, 500)).toEqual({ netMinor: 3809, vatMinor: 190 });
    expect(splitVat(1999, 0)).toEqual({ netMinor: 1999, vatMinor: 0 });
    const money = {
      items: [book('a', 3999), book('b', 2999)],
      subtotalMinor: 6998,
      discountMinor: 1750,
      deliveryMinor: 399,
      totalMinor: 5647,
    };
    const lines = invoiceLines(money, { booksBp: 500, deliveryBp: 500 });
    expect(lines.map((line) => [line.kind, line.grossMinor])).toEqual([
      ['book', 2999],
      ['book', 2249],
      ['delivery', 399],
    ]);
    expect(sumLines(lines).totalMinor).toBe(5647);
    for (const line of lines) expect(line.netMinor + line.vatMinor).toBe(line.grossMinor);
  });
});
