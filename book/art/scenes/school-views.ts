// The school corridor seen close (15-16): the notice board fills the left page with the big match
// poster pinned in its middle (its words drawn by the composer in the layout's signBox, from the
// story's signs), the child on the right page in a medium shot, turned to the poster.

import { ball } from './football.ts';
import { BOTTOM, INK, PAPER, TOP, circle, ink, light, n, path, rect, rrect } from './kit.ts';
import { floor, window } from './indoor.ts';
import { door } from './bedroom.ts';
import { bunting } from './outdoor.ts';
import { part } from './part.ts';

/** Where the poster's words go (the layout's signBox): the top of the poster paper. */
export const POSTER = {
  x: 560,
  y: 1000,
  w: 1340,
  h: 1560,
  words: { x: 640, y: 1090, width: 1180, height: 560 },
} as const;

function pin(x: number, y: number, color = '#e4483a'): string {
  return circle(x, y, 22, color, ink(4)) + circle(x - 6, y - 6, 7, light(color, 0.5));
}

/** A note pinned at a small tilt. */
function note(
  x: number,
  y: number,
  w: number,
  h: number,
  paper: string,
  art: string,
  tilt: number,
): string {
  return `<g transform="rotate(${tilt} ${n(x + w / 2)} ${n(y + h / 2)})">${rect(x, y, w, h, paper, ink(5))}${art}${pin(x + w / 2, y + 30, '#3d8fd6')}</g>`;
}

/** The big match poster: white paper, the words' area at the top, a pitch with a ball and a goal below. */
function matchPoster(): string {
  const { x, y, w, h } = POSTER;
  const art = y + h * 0.47;
  return (
    rect(x + 24, y + 30, w, h, INK, 'fill-opacity="0.15" stroke-opacity="0.15"') +
    rect(x, y, w, h, PAPER, ink()) +
    rect(x + 40, y + 40, w - 80, h - 80, 'none', `stroke="#ffd447" stroke-width="22"`) +
    rect(x + 90, art + 200, w - 180, h * 0.5 - 260, '#7cc05a', ink(5)) +
    path(
      `M${n(x + 300)} ${n(art + 200)}V${n(art + 20)}H${n(x + w - 300)}V${n(art + 200)}`,
      'none',
      `stroke="${INK}" stroke-width="30" stroke-linejoin="round"`,
    ) +
    path(
      `M${n(x + 300)} ${n(art + 200)}V${n(art + 20)}H${n(x + w - 300)}V${n(art + 200)}`,
      'none',
      `stroke="${PAPER}" stroke-width="18" stroke-linejoin="round"`,
    ) +
    ball(x + w / 2, art + 400, 120, 15) +
    path(`M${n(x + 140)} ${n(art + 40)}l50 -90l50 90l-100 -55h100Z`, '#ffd447', ink(4)) +
    path(`M${n(x + w - 240)} ${n(art + 40)}l50 -90l50 90l-100 -55h100Z`, '#ffd447', ink(4)) +
    pin(x + 60, y + 50) +
    pin(x + w - 60, y + 50) +
    pin(x + 60, y + h - 50) +
    pin(x + w - 60, y + h - 50)
  );
}

/** The corridor close up: notice board and poster on the left page, a classroom door on the right. */
export function noticeboardClose(width: number): string {
  const floorY = 2600;
  let s = rect(-30, TOP, width + 60, BOTTOM - TOP, '#dcebd6');
  s +=
    rect(-30, 1950, width + 60, floorY - 1950, '#b9d7c5') +
    rect(-30, 1930, width + 60, 40, '#f6f1e7', ink(5));
  s += floor(width, floorY, '#d9c9ae', 'tiles');
  // The board: cork in a wooden frame, notes round the poster.
  const bx = 180;
  const by = 880;
  const bw = 2100;
  const bh = 1880;
  s +=
    rrect(bx, by, bw, bh, 24, '#c98b54', ink()) +
    rect(bx + 50, by + 50, bw - 100, bh - 100, '#d9b48a');
  let cork = '';
  for (let i = 0; i < 90; i++)
    cork += `M${n(bx + 70 + ((i * 137) % (bw - 140)))} ${n(by + 70 + ((i * 251) % (bh - 140)))}h1`;
  s += path(cork, 'none', 'stroke="#b98f62" stroke-width="14" stroke-linecap="round"');
  s += note(
    bx + 80,
    by + 140,
    300,
    360,
    '#fff3c4',
    circle(bx + 230, by + 340, 90, '#f8b84e', ink(4)),
    -5,
  );
  s += note(
    bx + 90,
    by + 1150,
    300,
    300,
    '#fde0e0',
    path(
      `M${n(bx + 240)} ${n(by + 1390)}l-90 -90a50 50 0 0 1 90 -60a50 50 0 0 1 90 60Z`,
      '#ef7a7a',
      ink(4),
    ),
    4,
  );
  s += note(
    bx + bw - 360,
    by + 200,
    280,
    320,
    '#dff1fa',
    path(`M${n(bx + bw - 340)} ${n(by + 480)}l80 -160l60 90l50 -50l70 120Z`, '#7fb26a', ink(4)),
    6,
  );
  s += part('poster', matchPoster());
  // Right page: the window, bunting and a classroom door beside the child.
  s += window(2850, 700, 800, 560, 'day', PAPER);
  s += bunting(2700, 1450, width + 30, 1450, 40, ['#e4483a', '#ffd447', '#3d8fd6', '#7cc05a']);
  s += door(4250, floorY, 520, 1500, '#3d8fd6');
  return s;
}
