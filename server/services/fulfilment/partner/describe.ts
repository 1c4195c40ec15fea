import { BLEED, PAGE_HEIGHT, PAGE_WIDTH } from '#book/types.ts';
import { printPageCount } from '#server/services/fulfilment/print/book-pdf.ts';
import { luluFileProblems } from './lulu.ts';

/**
 * The start-up line about the print partner: who prints, the hold, and for Lulu whether its
 * products take our books' files as they are (docs/print-partner.md): a problem here means every
 * hand-off would be refused, so the owner reads it before the first order.
 */
export function describePrintPartner(print: {
  partner: 'sandbox' | 'lulu' | 'manual';
  holdSeconds: number;
  sandboxShipSeconds: number;
  lulu?: { apiUrl: string; podPackages: { hardcover: string; softcover: string } };
}): string {
  const hold = `books are handed on ${print.holdSeconds} s after payment`;
  if (print.partner === 'manual')
    return 'Print partner: none (PRINT_PARTNER=manual): staff download the print files and type the tracking';
  if (print.partner === 'sandbox')
    return `Print partner: the sandbox printer (nothing is printed; it ships ${print.sandboxShipSeconds} s after taking a book); ${hold}`;
  const lulu = print.lulu!;
  const problems = (['hardcover', 'softcover'] as const).flatMap((binding) =>
    luluFileProblems(
      {
        itemId: '',
        title: '',
        binding,
        pageCount: printPageCount(binding),
        quantity: 1,
        trimMm: { width: PAGE_WIDTH / 10, height: PAGE_HEIGHT / 10 },
        bleedMm: BLEED / 10,
        colour: 'full',
        interiorUrl: 'https://',
        coverUrl: 'https://',
        ...(binding === 'hardcover' ? { endpapersUrl: 'https://' } : {}),
      },
      lulu.podPackages[binding],
    ).map((problem) => `${binding}: ${problem}`),
  );
  const where = lulu.apiUrl.includes('sandbox') ? "Lulu's sandbox (no real print)" : 'Lulu (live)';
  return `Print partner: ${where}; ${hold}${problems.length > 0 ? `\nLulu cannot print the books as they are, so every hand-off will be refused until this is fixed:\n  ${problems.join('\n  ')}` : ''}`;
}
