// The printed pages around the story: the closing page (colophon), the back cover and the spine
// band of the cover wrap. Same kit and palette as every other scene.

import type { TextBox } from '#book/types.ts';
import { SCENE } from '#book/art/palette.ts';
import { ball, pitch } from './football.ts';
import { INK, PAPER, ellipse, path, rect, rrect, shade } from './kit.ts';
import { SKY, cloud, sky } from './sky.ts';

const W = 2450;

/** Where sky meets grass on the cover and the back cover (trim units). */
export const COVER_HORIZON = 1900;

/** The closing page: warm paper with a quiet frame and a football at the foot. */
export function colophonScene(): string {
  const paper = '#fbf1de';
  let s = rect(-30, -30, W + 60, 3060, paper);
  s += rrect(
    230,
    230,
    W - 460,
    3000 - 460,
    70,
    'none',
    `stroke="${shade('#f4e3c8', 0.12)}" stroke-width="6"`,
  );
  s += ellipse(W / 2, 2390, 150, 24, INK, 'fill-opacity="0.15" stroke-opacity="0.15"');
  s += ball(W / 2, 2240, 120, 18);
  return s;
}

/** Where the back cover's title sits (the book's title, display lettering, on the sky). */
export const BACK_COVER_TITLE_BOX: TextBox = {
  x: 300,
  y: 260,
  width: 1850,
  height: 380,
  align: 'center',
  size: 190,
  minSize: 120,
};

/**
 * Where the back cover's blurb sits: a card over the sky and pitch, read at arm's length, so its
 * words keep 12 mm from the card's sides and 10 mm from its top and foot (a story page's card
 * keeps 5 and 4.2 mm); the card is as wide as before, the words' measure narrower.
 */
export const BACK_COVER_BLURB_BOX: TextBox = {
  x: 400,
  y: 820,
  width: 1650,
  height: 940,
  align: 'center',
  size: 70,
  minSize: 52,
  panel: true,
  pad: { x: 120, y: 100 },
};

/** The back cover: the cover's sky and pitch, two clouds, a ball resting on the grass. */
export function backCoverScene(): string {
  let s = sky(W, 'day', COVER_HORIZON);
  s += cloud(420, 380, 0.8, SCENE.cloud, 7) + cloud(2050, 330, 0.7, SCENE.cloud, 9);
  s += pitch(W, COVER_HORIZON, SCENE.grass, 7);
  s += path(`M-30 ${COVER_HORIZON + 60}H${W + 30}`, 'none', `stroke="${PAPER}" stroke-width="16"`);
  s += ellipse(W / 2, 2790, 140, 22, INK, 'fill-opacity="0.15" stroke-opacity="0.15"');
  s += ball(W / 2, 2660, 130, 24);
  return s;
}

/**
 * The sheet around the painted panels of a cover wrap (turn-ins, hinges, bleed): the cover's
 * sky bands and plain grass, lined up with the panels' horizon (panels start at y0).
 */
export function wrapBackdrop(width: number, height: number, y0: number): string {
  const horizon = y0 + COVER_HORIZON;
  return (
    rect(0, 0, width, horizon, SKY.day.top) +
    `<g transform="translate(0 ${Math.round(y0)})">${sky(width, 'day', COVER_HORIZON)}</g>` +
    rect(0, horizon, width, height - horizon, SCENE.grass)
  );
}

/** The spine band: the team's blue with a yellow stripe at head and foot. */
export function spineBand(x: number, y: number, width: number, height: number): string {
  const blue = '#3d8fd6';
  return (
    rect(x, y, width, height, blue) +
    rect(x, y + height * 0.06, width, 40, '#ffd447') +
    rect(x, y + height * 0.94 - 40, width, 40, '#ffd447')
  );
}
