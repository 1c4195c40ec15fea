// The gift card in a gift's parcel (issue #36): A6 portrait (105 x 148 mm) with 3 mm bleed, the
// buyer's message in the book's text face (Andika) under a heading in its display face (Baloo 2),
// on the warm paper of the book's text panels, with the book's own colours (the sun, the kit's red
// and blue) as confetti. Pure and isomorphic like render-page.ts: strings in, SVG out; the server
// writes it into a print PDF. Every text is escaped by the text layout (user input).

import { KIT, OUTLINE, SCENE } from './art/palette.ts';
import { PANEL_COLOURS, textInBox } from './text/draw-text.ts';
import { BLEED, type TextBox } from './types.ts';

/** A6 in book units (0.1 mm). */
export const GIFT_CARD_WIDTH = 1050;
export const GIFT_CARD_HEIGHT = 1480;

export interface GiftCardInput {
  /** The card's fixed words in the order's language ('A gift for you'). */
  heading: string;
  /** The buyer's message (cleaned: contract/gift.ts), paragraphs split on blank lines; may be empty. */
  paragraphs: string[];
  /** A closing line under the message, e.g. the book's title; may be empty. */
  footer: string;
}

export interface GiftCardArt {
  /** A whole SVG document whose viewBox is the card with its bleed. */
  svg: string;
  /** Parts whose text did not fit at the smallest size (none for a message within the limits). */
  overflow: string[];
}

const r = (value: number) => Math.round(value * 100) / 100;

function box(
  x: number,
  y: number,
  width: number,
  height: number,
  size: number,
  minSize: number,
): TextBox {
  return { x, y, width, height, align: 'center', size, minSize };
}

/** Confetti in the book's colours along the top and bottom edges (into the bleed: no white edge). */
function confetti(): string {
  const colours = [SCENE.sun, KIT.tshirt1.base, KIT.tshirt2.base, SCENE.grass];
  const pieces: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const x = 40 + i * 75 + ((i * 37) % 30);
    const top = 60 + ((i * 53) % 70);
    const bottom = GIFT_CARD_HEIGHT - 60 - ((i * 41) % 70);
    const colour = colours[i % colours.length]!;
    const angle = (i * 47) % 180;
    pieces.push(
      `<rect x="${r(x)}" y="${r(top)}" width="34" height="14" rx="6" fill="${colour}" transform="rotate(${angle} ${r(x + 17)} ${r(top + 7)})"/>`,
      `<circle cx="${r(x + 30)}" cy="${r(bottom)}" r="9" fill="${colours[(i + 2) % colours.length]}"/>`,
    );
  }
  return pieces.join('');
}

/**
 * The card's art, on a canvas of the card plus its bleed (the trim starts at BLEED, BLEED). The
 * heading, a ribbon line, the message (centred, wrapped, the largest size that fits between
 * 4.6 mm and 2.8 mm letters), and the footer.
 */
export function renderGiftCard(input: GiftCardInput): GiftCardArt {
  const width = GIFT_CARD_WIDTH + 2 * BLEED;
  const height = GIFT_CARD_HEIGHT + 2 * BLEED;
  const overflow: string[] = [];
  const heading = textInBox([input.heading], box(110, 210, 830, 220, 110, 70), 'display');
  if (heading.overflow) overflow.push('heading');
  const message = textInBox(input.paragraphs, box(120, 500, 810, 760, 46, 28), 'text');
  if (message.overflow) overflow.push('message');
  const footer = input.footer
    ? textInBox([input.footer], box(120, 1300, 810, 80, 32, 24), 'text')
    : { svg: '', overflow: false };
  if (footer.overflow) overflow.push('footer');
  const paper = PANEL_COLOURS.dark;
  const frame = 60;
  const body =
    // The paper runs into the bleed.
    `<rect x="${-BLEED}" y="${-BLEED}" width="${width}" height="${height}" fill="${paper.fill}"/>` +
    `<rect x="${frame}" y="${frame}" width="${GIFT_CARD_WIDTH - 2 * frame}" height="${GIFT_CARD_HEIGHT - 2 * frame}" rx="40" fill="none" stroke="${paper.edge}" stroke-width="6"/>` +
    confetti() +
    heading.svg +
    // A ribbon under the heading: a line with a bow-like knot in the middle.
    `<path d="M 260 460 L 470 460 M 580 460 L 790 460" stroke="${KIT.tshirt1.base}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M 525 460 C 480 420 470 500 525 460 C 580 420 590 500 525 460 Z" fill="${KIT.tshirt1.base}" stroke="${OUTLINE}" stroke-width="3"/>` +
    message.svg +
    footer.svg;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${-BLEED} ${-BLEED} ${width} ${height}">${body}</svg>`;
  return { svg, overflow };
}
