// Indoor building blocks: walls, floors, windows, kitchen and living-room furniture, the
// bedroom, and the changing room.

import { SKY, type TimeOfDay, stars, cloud } from './sky.ts';
import { ball } from './football.ts';
import {
  BOTTOM,
  INK,
  TOP,
  circle,
  glow,
  ellipse,
  ink,
  light,
  line,
  n,
  path,
  rect,
  rng,
  rrect,
  shade,
} from './kit.ts';

/** A wall from the top bleed down to floorY, with an optional pattern. */
export function wall(
  width: number,
  floorY: number,
  color: string,
  pattern: 'plain' | 'stripes' | 'dots' | 'tiles' = 'plain',
  seed = 1,
): string {
  // The first shape covers the whole page and bleed; the floor is painted over its lower part.
  let s = rect(-30, TOP, width + 60, BOTTOM - TOP, color);
  const accent = shade(color, 0.06);
  if (pattern === 'stripes') {
    let d = '';
    for (let x = 0; x < width + 30; x += 180) d += `M${n(x)} ${n(TOP)}h70V${n(floorY)}h-70Z`;
    s += path(d, accent);
  } else if (pattern === 'dots') {
    const r = rng(seed);
    let d = '';
    for (let y = 80; y < floorY - 60; y += 200) {
      for (let x = (y / 200) % 2 ? 100 : 0; x < width + 30; x += 200) {
        const k = 14 + r() * 4;
        d += `M${n(x - k)} ${n(y)}a${n(k)} ${n(k)} 0 1 0 ${n(2 * k)} 0a${n(k)} ${n(k)} 0 1 0 ${n(-2 * k)} 0Z`;
      }
    }
    s += path(d, accent);
  } else if (pattern === 'tiles') {
    let d = '';
    for (let y = floorY - 700; y < floorY; y += 100) d += `M-30 ${n(y)}H${n(width + 30)}`;
    for (let x = 0; x < width + 30; x += 100) d += `M${n(x)} ${n(floorY - 700)}V${n(floorY)}`;
    s +=
      rect(-30, floorY - 700, width + 60, 700, light(color, 0.35)) +
      path(d, 'none', `stroke="${shade(color, 0.12)}" stroke-width="5"`);
  }
  // Skirting board.
  s += rect(-30, floorY - 50, width + 60, 50, light(color, 0.4), ink(5));
  return s;
}

/** The floor from floorY to the bottom bleed. */
export function floor(
  width: number,
  floorY: number,
  color: string,
  kind: 'wood' | 'tiles' | 'carpet' = 'wood',
): string {
  let s = rect(-30, floorY, width + 60, BOTTOM - floorY, color, ink());
  if (kind === 'wood') {
    let d = '';
    for (let y = floorY + 90, i = 0; y < BOTTOM; y += 90 + i * 18, i++)
      d += `M-30 ${n(y)}H${n(width + 30)}`;
    s += path(d, 'none', `stroke="${shade(color, 0.14)}" stroke-width="6"`);
    const r = rng(3);
    let j = '';
    for (let i = 0; i < 30; i++) {
      const y = floorY + 90 + r() * (BOTTOM - floorY - 100);
      const x = r() * width;
      j += `M${n(x)} ${n(y - 40)}v40`;
    }
    s += path(j, 'none', `stroke="${shade(color, 0.14)}" stroke-width="5"`);
  } else if (kind === 'tiles') {
    let d = '';
    for (let y = floorY + 120; y < BOTTOM; y += 150) d += `M-30 ${n(y)}H${n(width + 30)}`;
    for (let x = -30; x < width + 30; x += 240)
      d += `M${n(x)} ${n(floorY)}L${n(width / 2 + (x - width / 2) * 1.6)} ${n(BOTTOM)}`;
    s += path(d, 'none', `stroke="${shade(color, 0.12)}" stroke-width="6"`);
  }
  return s;
}

/** A window with a view of the sky outside (sun, moon and stars depending on time). */
export function window(
  x: number,
  y: number,
  w: number,
  h: number,
  time: TimeOfDay,
  frame = '#fffaf0',
  curtains?: string,
): string {
  const t = SKY[time];
  let view = rect(x, y, w, h, t.top) + rect(x, y + h * 0.55, w, h * 0.45, t.bottom);
  if (time === 'night' || time === 'evening') {
    view += stars(x + 40, y + 40, x + w - 40, y + h * 0.6, Math.round((w * h) / 50000), 17);
    view += path(
      `M${n(x + w * 0.7)} ${n(y + h * 0.18)}A${n(h * 0.12)} ${n(h * 0.12)} 0 1 0 ${n(x + w * 0.81)} ${n(y + h * 0.33)}A${n(h * 0.1)} ${n(h * 0.1)} 0 1 1 ${n(x + w * 0.7)} ${n(y + h * 0.18)}Z`,
      '#fff1b3',
      ink(4),
    );
  } else {
    view +=
      circle(x + w * 0.75, y + h * 0.28, Math.min(w, h) * 0.1, '#ffd447', ink(4)) +
      cloud(x + w * 0.3, y + h * 0.45, w / 1200, t.cloud, 3, false);
  }
  view += path(
    `M${n(x)} ${n(y + h)}V${n(y + h * 0.8)}Q${n(x + w * 0.3)} ${n(y + h * 0.72)} ${n(x + w * 0.6)} ${n(y + h * 0.82)}T${n(x + w)} ${n(y + h * 0.76)}V${n(y + h)}Z`,
    t.far,
  );
  const fw = 34;
  view +=
    rect(x, y, w, h, 'none', `stroke="${frame}" stroke-width="${fw * 2}"`) +
    rect(x - fw, y - fw, w + fw * 2, h + fw * 2, 'none', ink()) +
    rect(x + fw, y + fw, w - fw * 2, h - fw * 2, 'none', ink(4));
  view +=
    line(x + w / 2, y, x + w / 2, y + h, frame, 26) +
    line(x, y + h / 2, x + w, y + h / 2, frame, 26);
  view += rect(x - fw * 2, y + h + fw - 6, w + fw * 4, 40, frame, ink(5));
  if (curtains) {
    const c = curtains;
    view += path(
      `M${n(x - fw * 2.5)} ${n(y - fw * 2)}H${n(x + w * 0.22)}Q${n(x + w * 0.05)} ${n(y + h * 0.5)} ${n(x - fw)} ${n(y + h + fw * 2)}H${n(x - fw * 3)}Z`,
      c,
      ink(),
    );
    view += path(
      `M${n(x + w + fw * 2.5)} ${n(y - fw * 2)}H${n(x + w * 0.78)}Q${n(x + w * 0.95)} ${n(y + h * 0.5)} ${n(x + w + fw)} ${n(y + h + fw * 2)}H${n(x + w + fw * 3)}Z`,
      c,
      ink(),
    );
    view += rrect(x - fw * 4, y - fw * 3, w + fw * 8, 30, 15, shade(c, 0.3), ink(4));
  }
  return view;
}

/** A framed picture: a football, a heart, a mountain, or the family's sun. No text. */
export function picture(
  x: number,
  y: number,
  w: number,
  h: number,
  kind: 'ball' | 'heart' | 'hills' | 'sun',
  frame = '#c98b54',
  seed = 1,
): string {
  let art = rect(x, y, w, h, '#fdf5e6');
  if (kind === 'ball')
    art +=
      rect(x, y + h * 0.6, w, h * 0.4, '#9fd37a') +
      ball(x + w / 2, y + h * 0.5, Math.min(w, h) * 0.22);
  if (kind === 'heart')
    art +=
      rect(x, y, w, h, '#fde0e0') +
      path(
        `M${n(x + w / 2)} ${n(y + h * 0.78)}C${n(x + w * 0.05)} ${n(y + h * 0.45)} ${n(x + w * 0.3)} ${n(y + h * 0.12)} ${n(x + w / 2)} ${n(y + h * 0.35)}C${n(x + w * 0.7)} ${n(y + h * 0.12)} ${n(x + w * 0.95)} ${n(y + h * 0.45)} ${n(x + w / 2)} ${n(y + h * 0.78)}Z`,
        '#ef7a7a',
        ink(4),
      );
  if (kind === 'hills')
    art +=
      rect(x, y, w, h, '#cfe9f7') +
      path(
        `M${n(x)} ${n(y + h)}L${n(x + w * 0.35)} ${n(y + h * 0.35)}L${n(x + w * 0.6)} ${n(y + h * 0.7)}L${n(x + w * 0.75)} ${n(y + h * 0.5)}L${n(x + w)} ${n(y + h)}Z`,
        '#7fb26a',
        ink(4),
      );
  if (kind === 'sun')
    art +=
      rect(x, y, w, h, '#fff3c4') +
      circle(x + w / 2, y + h / 2, Math.min(w, h) * 0.22, '#f8b84e', ink(4)) +
      rect(x, y + h * 0.8, w, h * 0.2, '#9fd37a');
  void seed;
  return (
    art +
    rect(x - 16, y - 16, w + 32, h + 32, 'none', `stroke="${frame}" stroke-width="32"`) +
    rect(x - 32, y - 32, w + 64, h + 64, 'none', ink(5)) +
    rect(x, y, w, h, 'none', ink(4))
  );
}

/** A kitchen counter with cupboards along the back wall. x0..x1, top at y, standing on floorY. */
export function counter(
  x0: number,
  x1: number,
  y: number,
  floorY: number,
  color: string,
  top = '#f1e6d2',
): string {
  let s = rect(x0, y, x1 - x0, floorY - y, color, ink());
  const doors = Math.max(2, Math.round((x1 - x0) / 300));
  const dw = (x1 - x0) / doors;
  for (let i = 0; i < doors; i++) {
    s += rrect(x0 + dw * i + 20, y + 60, dw - 40, floorY - y - 90, 12, light(color, 0.12), ink(4));
    s += rrect(x0 + dw * i + dw / 2 - 30, y + 100, 60, 16, 8, '#d8b46a', ink(3));
  }
  s += rrect(x0 - 30, y - 40, x1 - x0 + 60, 60, 10, top, ink());
  return s;
}

/** Wall cupboards hanging above a counter. */
export function wallCupboards(x0: number, x1: number, y: number, h: number, color: string): string {
  let s = '';
  const doors = Math.max(2, Math.round((x1 - x0) / 300));
  const dw = (x1 - x0) / doors;
  for (let i = 0; i < doors; i++) {
    s +=
      rrect(x0 + dw * i, y, dw, h, 10, color, ink()) +
      rrect(x0 + dw * i + 24, y + 24, dw - 48, h - 48, 8, light(color, 0.12), ink(3)) +
      rrect(x0 + dw * i + dw / 2 - 30, y + h - 60, 60, 14, 7, '#d8b46a', ink(3));
  }
  return s;
}

/** A comfy sofa, seat height seatY, standing on floorY. */
export function sofa(x: number, w: number, seatY: number, floorY: number, color: string): string {
  const backTop = seatY - 420;
  const arm = 160;
  const cushW = (w - arm * 2) / 2;
  let s = rrect(x + 50, backTop, w - 100, 460, 70, shade(color, 0.08), ink());
  s +=
    rrect(x + arm - 10, backTop + 60, cushW + 10, 380, 50, color, ink(5)) +
    rrect(x + arm + cushW, backTop + 60, cushW + 10, 380, 50, color, ink(5));
  s += rect(x + 80, seatY + 120, w - 160, floorY - seatY - 180, shade(color, 0.14), ink());
  s +=
    rrect(x + arm - 10, seatY - 40, cushW + 10, 170, 40, light(color, 0.12), ink(5)) +
    rrect(x + arm + cushW, seatY - 40, cushW + 10, 170, 40, light(color, 0.12), ink(5));
  s +=
    rrect(x, seatY - 220, arm + 20, floorY - seatY + 160, 70, color, ink()) +
    rrect(x + w - arm - 20, seatY - 220, arm + 20, floorY - seatY + 160, 70, color, ink());
  s +=
    rect(x + 60, floorY - 60, 50, 60, '#6b4a32', ink(4)) +
    rect(x + w - 110, floorY - 60, 50, 60, '#6b4a32', ink(4));
  s += `<g transform="rotate(-8 ${n(x + arm + 160)} ${n(seatY - 150)})">${rrect(x + arm + 30, seatY - 280, 240, 220, 60, '#fbd46d', ink(5))}</g>`;
  return s;
}

/** A floor lamp with a warm glow. */
export function lamp(
  x: number,
  floorY: number,
  h: number,
  shadeColor = '#f6d28b',
  lit = true,
): string {
  const top = floorY - h;
  return (
    (lit ? glow(x, top + 120, h * 0.45, '#fff1c1', 0.6) : '') +
    line(x, top + 100, x, floorY, INK, 18) +
    ellipse(x, floorY - 6, 90, 20, '#6b4a32', ink(5)) +
    path(
      `M${n(x - 160)} ${n(top + 180)}L${n(x - 90)} ${n(top)}L${n(x + 90)} ${n(top)}L${n(x + 160)} ${n(top + 180)}Z`,
      shadeColor,
      ink(),
    )
  );
}

/** A plant in a pot standing on y. */
export function plant(x: number, y: number, s: number, pot = '#d9774a'): string {
  let leaves = '';
  const r = rng(Math.round(x));
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (i - 3) * 0.38 + (r() - 0.5) * 0.2;
    const len = (200 + r() * 120) * s;
    const ex = x + Math.cos(a) * len;
    const ey = y - 150 * s + Math.sin(a) * len;
    leaves += path(
      `M${n(x)} ${n(y - 150 * s)}Q${n(ex - 60 * s)} ${n(ey + 40 * s)} ${n(ex)} ${n(ey)}Q${n(ex + 40 * s)} ${n(ey + 80 * s)} ${n(x)} ${n(y - 150 * s)}Z`,
      i % 2 ? '#5f9e4f' : '#74b35c',
      ink(4),
    );
  }
  return (
    leaves +
    path(
      `M${n(x - 100 * s)} ${n(y - 170 * s)}H${n(x + 100 * s)}L${n(x + 75 * s)} ${n(y)}H${n(x - 75 * s)}Z`,
      pot,
      ink(),
    )
  );
}

/** A rug on the floor (an ellipse in perspective). */
export function rug(x: number, y: number, w: number, color: string): string {
  return (
    ellipse(x, y, w / 2, w * 0.1, color, ink()) +
    ellipse(
      x,
      y,
      w * 0.38,
      w * 0.07,
      'none',
      `stroke="${light(color, 0.35)}" stroke-width="14" stroke-dasharray="40 24"`,
    )
  );
}

/** A shelf with a trophy, books and a ball. */
export function shelf(x: number, y: number, w: number, color = '#c98b54'): string {
  const books = ['#e86a5c', '#f3c04d', '#6aaed6', '#8bc66b'];
  let s = '';
  books.forEach((c, i) => {
    s += rect(x + 30 + i * 56, y - 180 + (i % 2) * 20, 50, 180 - (i % 2) * 20, c, ink(4));
  });
  // Little gold cup.
  const tx = x + w * 0.62;
  s += path(
    `M${n(tx - 60)} ${n(y - 210)}H${n(tx + 60)}Q${n(tx + 50)} ${n(y - 100)} ${n(tx)} ${n(y - 90)}Q${n(tx - 50)} ${n(y - 100)} ${n(tx - 60)} ${n(y - 210)}Z`,
    '#f4c542',
    ink(5),
  );
  s += path(
    `M${n(tx - 60)} ${n(y - 190)}q-50 10 -10 60M${n(tx + 60)} ${n(y - 190)}q50 10 10 60`,
    'none',
    `stroke="${INK}" stroke-width="10"`,
  );
  s +=
    rect(tx - 14, y - 92, 28, 40, '#e0a92f', ink(4)) +
    rect(tx - 50, y - 52, 100, 52, '#8a5a3b', ink(4));
  s += ball(x + w - 80, y - 62, 62);
  return s + rrect(x - 20, y, w + 40, 36, 8, color, ink(5));
}
