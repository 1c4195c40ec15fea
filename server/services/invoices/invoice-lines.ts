import type { SnapshotItem } from '#server/db/schema/checkout.ts';
import type { InvoiceLine } from '#server/db/schema/money.ts';

/** What the lines are made from: the paid snapshot's money (minor units). */
export interface PaidMoney {
  items: readonly Pick<
    SnapshotItem,
    'itemId' | 'title' | 'childName' | 'coverType' | 'unitPriceMinor'
  >[];
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  totalMinor: number;
}

/** A country's VAT rates in basis points (500 = 5 %). */
export interface VatRate {
  booksBp: number;
  deliveryBp: number;
}

/**
 * Each book's share of the discount: proportional to its price, rounded down, and the cents left
 * over given one each to the books with the largest remainders (the first book on a tie), so the
 * shares add up to the discount exactly.
 */
export function discountShares(money: PaidMoney): number[] {
  const { items, subtotalMinor, discountMinor } = money;
  if (discountMinor <= 0 || subtotalMinor <= 0) return items.map(() => 0);
  const exact = items.map((item) => discountMinor * item.unitPriceMinor);
  const shares = exact.map((value) => Math.floor(value / subtotalMinor));
  const left = discountMinor - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % subtotalMinor }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let i = 0; i < left; i += 1) {
    const at = byRemainder[i % byRemainder.length]!.index;
    shares[at] = shares[at]! + 1;
  }
  return shares;
}

/** The VAT in a price that includes it: net = gross / (1 + rate), rounded half up; VAT = the rest. */
export function splitVat(
  grossMinor: number,
  rateBp: number,
): { netMinor: number; vatMinor: number } {
  const netMinor = Math.floor(
    (grossMinor * 10_000 + Math.floor((10_000 + rateBp) / 2)) / (10_000 + rateBp),
  );
  return { netMinor, vatMinor: grossMinor - netMinor };
}

/**
 * The order's invoice lines: each book at its price less its share of the discount, and the
 * delivery as what is left of the total, so the lines add up to exactly what was paid. Prices
 * include VAT (the shop sells to consumers); each line's net and VAT at the delivery country's rate.
 */
export function invoiceLines(money: PaidMoney, rate: VatRate): InvoiceLine[] {
  const shares = discountShares(money);
  const books: InvoiceLine[] = money.items.map((item, index) => {
    const grossMinor = item.unitPriceMinor - shares[index]!;
    return {
      kind: 'book',
      itemId: item.itemId,
      title: item.title,
      childName: item.childName,
      coverType: item.coverType,
      grossMinor,
      ...splitVat(grossMinor, rate.booksBp),
      vatRateBp: rate.booksBp,
    };
  });
  const deliveryGross = money.totalMinor - books.reduce((sum, line) => sum + line.grossMinor, 0);
  if (deliveryGross <= 0) return books;
  return [
    ...books,
    {
      kind: 'delivery',
      title: 'delivery',
      grossMinor: deliveryGross,
      ...splitVat(deliveryGross, rate.deliveryBp),
      vatRateBp: rate.deliveryBp,
    },
  ];
}

export function sumLines(lines: readonly InvoiceLine[]): {
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
} {
  return lines.reduce(
    (sum, line) => ({
      netMinor: sum.netMinor + line.netMinor,
      vatMinor: sum.vatMinor + line.vatMinor,
      totalMinor: sum.totalMinor + line.grossMinor,
    }),
    { netMinor: 0, vatMinor: 0, totalMinor: 0 },
  );
}
