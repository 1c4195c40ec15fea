// The two print files of an order's parcel (issue #36): the packing slip (every order; A4, the
// order number, the books, the address the parcel goes to, and the prices unless the order is a
// gift) and, for a gift, the gift card (A6 with 3 mm bleed: book/gift-card.ts). Both are PDF/X-4
// files like the books' (pdf-document.ts), in the book's fonts, their fixed words in the order's
// language from src/locales/*/mail-gift.json (mailText).

import { renderGiftCard, GIFT_CARD_HEIGHT, GIFT_CARD_WIDTH } from '#book/gift-card.ts';
import { escapeXml } from '#book/escape.ts';
import { FONTS, type FontKey } from '#book/fonts.ts';
import { measureText } from '#book/text/measure.ts';
import { formatDate, formatMoney } from '#book/typography.ts';
import { BLEED } from '#book/types.ts';
import { giftMessageParagraphs } from '#contract/gift.ts';
import type { Language } from '#contract/markets.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { addPrintPage, finishPrintDocument, openPrintDocument } from './pdf-document.ts';

/** A4 in book units (0.1 mm); the slip is office paperwork: no bleed, nothing runs to the edge. */
export const PACKING_SLIP_WIDTH = 2100;
export const PACKING_SLIP_HEIGHT = 2970;

export interface PackingSlipInput {
  language: Language;
  orderNumber: string;
  /** Payment time. */
  paidAt: Date;
  isGift: boolean;
  /** The address the parcel goes to, one line each (name first), already in print order. */
  shipTo: string[];
  currencyCode: string;
  items: {
    title: string;
    childName: string;
    /** The binding's word in the order's language. */
    format: string;
    unitPriceMinor: number;
  }[];
  /** Books of the order kept as a PDF alone: sent by e-mail, not in the parcel (never on a gift's slip). */
  byMail?: PackingSlipInput['items'];
  /** The totals of what was kept (a book refunded is in none of them). */
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  totalMinor: number;
  /** A stable key (the order id): the file's DocumentID derives from it, hashed, never printed. */
  key: string;
}

const r = (value: number) => Math.round(value * 100) / 100;

/** One line of text at (x, y), shrunk to `maxWidth` when longer; escaped (names and addresses are user input). */
function line(
  text: string,
  x: number,
  y: number,
  options: {
    size?: number;
    font?: FontKey;
    anchor?: 'start' | 'middle' | 'end';
    maxWidth?: number;
    fill?: string;
  } = {},
): string {
  const font = options.font ?? 'text';
  let size = options.size ?? 42;
  const width = measureText(text, font, size);
  if (options.maxWidth && width > options.maxWidth) size = (size * options.maxWidth) / width;
  const f = FONTS[font];
  return (
    `<text x="${r(x)}" y="${r(y)}" font-family="${escapeXml(`'${f.family}', ${f.fallback}`)}" ` +
    `font-weight="${f.weight}" font-size="${r(size)}" fill="${options.fill ?? '#3a2620'}" ` +
    `text-anchor="${options.anchor ?? 'start'}" xml:space="preserve">${escapeXml(text)}</text>`
  );
}

/** The packing slip's SVG (A4, viewBox = the sheet). Prices only when the order is not a gift. */
export function packingSlipSvg(input: PackingSlipInput): string {
  const t = mailText(input.language);
  const money = (minor: number) => formatMoney(minor, input.currencyCode, input.language);
  const left = 180;
  const right = PACKING_SLIP_WIDTH - 180;
  const parts: string[] = [];
  parts.push(line('Storymade', left, 260, { size: 110, font: 'display', fill: '#2f4b7c' }));
  parts.push(
    line(t('mail-gift:slip.title'), right, 250, { size: 64, font: 'display', anchor: 'end' }),
  );
  parts.push(line(`${t('mail-gift:slip.order')}: ${input.orderNumber}`, left, 420, { size: 46 }));
  parts.push(
    line(`${t('mail-gift:slip.date')}: ${formatDate(input.paidAt, input.language)}`, left, 490, {
      size: 46,
    }),
  );
  let y = 640;
  parts.push(
    line(t(input.isGift ? 'mail-gift:slip.giftTo' : 'mail-gift:slip.shipTo'), left, y, {
      size: 50,
      font: 'display',
    }),
  );
  for (const text of input.shipTo) {
    y += 66;
    parts.push(line(text, left, y, { size: 46, maxWidth: right - left }));
  }
  y += 150;
  const priceX = right;
  parts.push(line(t('mail-gift:slip.book'), left, y, { size: 42, font: 'display' }));
  parts.push(line(t('mail-gift:slip.format'), 1300, y, { size: 42, font: 'display' }));
  if (!input.isGift)
    parts.push(
      line(t('mail-gift:slip.price'), priceX, y, { size: 42, font: 'display', anchor: 'end' }),
    );
  parts.push(
    `<path d="M ${left} ${y + 24} L ${right} ${y + 24}" stroke="#dcc49a" stroke-width="4"/>`,
  );
  for (const item of input.items) {
    y += 80;
    const book = `${item.title}: ${item.childName}`;
    parts.push(line(book, left, y, { size: 42, maxWidth: 1300 - left - 40 }));
    parts.push(
      line(item.format, 1300, y, { size: 42, maxWidth: input.isGift ? right - 1300 : 300 }),
    );
    if (!input.isGift)
      parts.push(line(money(item.unitPriceMinor), priceX, y, { size: 42, anchor: 'end' }));
  }
  const byMail = input.isGift ? [] : (input.byMail ?? []);
  if (byMail.length) {
    y += 100;
    parts.push(
      line(t('mail-gift:slip.byMail'), left, y, {
        size: 38,
        font: 'display',
        maxWidth: right - left,
      }),
    );
    for (const item of byMail) {
      y += 70;
      const book = `${item.title}: ${item.childName}`;
      parts.push(line(book, left, y, { size: 38, maxWidth: 1300 - left - 40 }));
      parts.push(line(item.format, 1300, y, { size: 38, maxWidth: 300 }));
      parts.push(line(money(item.unitPriceMinor), priceX, y, { size: 38, anchor: 'end' }));
    }
  }
  if (!input.isGift) {
    y += 40;
    parts.push(`<path d="M 1300 ${y} L ${right} ${y}" stroke="#dcc49a" stroke-width="4"/>`);
    const rows: [string, number][] = [[t('mail-gift:slip.subtotal'), input.subtotalMinor]];
    if (input.discountMinor > 0) rows.push([t('mail-gift:slip.discount'), -input.discountMinor]);
    rows.push([t('mail-gift:slip.delivery'), input.deliveryMinor]);
    rows.push([t('mail-gift:slip.total'), input.totalMinor]);
    for (const [label, minor] of rows) {
      y += 70;
      parts.push(line(label, 1300, y, { size: 42 }));
      parts.push(line(money(minor), priceX, y, { size: 42, anchor: 'end' }));
    }
  } else {
    y += 120;
    parts.push(line(t('mail-gift:slip.giftNote'), left, y, { size: 42, maxWidth: right - left }));
  }
  parts.push(
    line(t('mail-gift:slip.thanks'), PACKING_SLIP_WIDTH / 2, PACKING_SLIP_HEIGHT - 200, {
      size: 46,
      font: 'display',
      anchor: 'middle',
      maxWidth: right - left,
    }),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PACKING_SLIP_WIDTH}" height="${PACKING_SLIP_HEIGHT}" ` +
    `viewBox="0 0 ${PACKING_SLIP_WIDTH} ${PACKING_SLIP_HEIGHT}">` +
    `<rect width="${PACKING_SLIP_WIDTH}" height="${PACKING_SLIP_HEIGHT}" fill="#ffffff"/>${parts.join('')}</svg>`
  );
}

/** The packing slip as a one-page PDF (A4; MediaBox = BleedBox = TrimBox). */
export async function renderPackingSlipPdf(input: PackingSlipInput): Promise<Buffer> {
  const target = openPrintDocument({
    title: `${input.orderNumber} packing slip`,
    bookKey: `order:${input.key}`,
    kind: 'packing-slip',
  });
  addPrintPage(target, packingSlipSvg(input), {
    mediaWidth: PACKING_SLIP_WIDTH,
    mediaHeight: PACKING_SLIP_HEIGHT,
    trim: { x: 0, y: 0, width: PACKING_SLIP_WIDTH, height: PACKING_SLIP_HEIGHT },
  });
  return finishPrintDocument(target);
}

export interface GiftCardPdfInput {
  language: Language;
  orderNumber: string;
  message: string;
  /** A stable key (the order id): the file's DocumentID derives from it, hashed, never printed. */
  key: string;
}

/** The gift card's SVG: the heading and footer in the order's language, the message as typed (cleaned). */
export function giftCardSvg(input: Omit<GiftCardPdfInput, 'orderNumber' | 'key'>): string {
  const t = mailText(input.language);
  return renderGiftCard({
    heading: t('mail-gift:card.heading'),
    paragraphs: giftMessageParagraphs(input.message),
    footer: t('mail-gift:card.footer'),
  }).svg;
}

/** The gift card as a one-page PDF: A6 trim (105 x 148 mm) with 3 mm bleed all round. */
export async function renderGiftCardPdf(input: GiftCardPdfInput): Promise<Buffer> {
  const target = openPrintDocument({
    title: `${input.orderNumber} gift card`,
    bookKey: `order:${input.key}`,
    kind: 'gift-card',
  });
  addPrintPage(target, giftCardSvg(input), {
    mediaWidth: GIFT_CARD_WIDTH + 2 * BLEED,
    mediaHeight: GIFT_CARD_HEIGHT + 2 * BLEED,
    trim: { x: BLEED, y: BLEED, width: GIFT_CARD_WIDTH, height: GIFT_CARD_HEIGHT },
  });
  return finishPrintDocument(target);
}
