// The front cover (a sunny stadium with a burst of light behind the family) and the calm
// dedication page.

import { SCENE } from '#book/art/palette.ts';
import { ball, crowd, goal, pitch, stand } from './football.ts';
import {
  INK,
  PAPER,
  circle,
  ellipse,
  ink,
  light,
  mix,
  n,
  path,
  rect,
  rng,
  rrect,
  shade,
} from './kit.ts';
import { bunting } from './outdoor.ts';
import { cloud, sky } from './sky.ts';
import { COVER_HORIZON } from './print-scenes.ts';

const W = 2450;

/** Light rays fanning out from a point (flat, alternating two tones). */
function sunburst(cx: number, cy: number, r: number, rays: number, color: string): string {
  let d = '';
  for (let i = 0; i < rays; i++) {
    const a0 = (i * 2 * Math.PI) / rays;
    const a1 = a0 + Math.PI / rays;
    d += `M${n(cx)} ${n(cy)}L${n(cx + Math.cos(a0) * r)} ${n(cy + Math.sin(a0) * r)}L${n(cx + Math.cos(a1) * r)} ${n(cy + Math.sin(a1) * r)}Z`;
  }
  return path(d, color, 'fill-opacity="0.45" stroke-opacity="0.45"');
}

/** Cover background: sky, sunburst, bunting, a soft crowd, the goal behind the family. */
export function coverScene(): string {
  const horizon = COVER_HORIZON;
  let s = sky(W, 'day', horizon);
  s += sunburst(W / 2, 1500, 2600, 28, PAPER);
  s += cloud(350, 420, 1, SCENE.cloud, 3) + cloud(2150, 330, 0.9, SCENE.cloud, 5);
  // A soft, outline-free crowd: it reads as a happy blur behind the family.
  s += stand(W, horizon - 720, horizon - 100, '#a9b6c8', false);
  const haze = (c: string) => mix(c, '#d6ecf6', 0.35);
  s += crowd(
    -30,
    W + 30,
    horizon - 620,
    horizon - 170,
    4,
    21,
    ['#e4483a', '#3d8fd6', '#ffd447', '#f6f1e7', '#f08a5d'].map(haze),
    ['#f6cba5', '#e2ab7c', '#c48654', '#91603d', '#fde4d0'].map(haze),
  );
  s +=
    bunting(-30, horizon - 820, W / 2, horizon - 760, 50, [
      '#e4483a',
      '#ffd447',
      '#3d8fd6',
      '#7cc05a',
    ]) +
    bunting(W / 2, horizon - 760, W + 30, horizon - 820, 50, [
      '#ffd447',
      '#3d8fd6',
      '#e4483a',
      '#f08a5d',
    ]);
  s +=
    rect(-30, horizon - 140, W + 60, 140, '#3d8fd6', ink(5)) +
    rect(-30, horizon - 140, W + 60, 30, '#ffd447');
  s += pitch(W, horizon, '#7cc05a', 7);
  s += path(`M-30 ${horizon + 60}H${W + 30}`, 'none', `stroke="${PAPER}" stroke-width="16"`);
  s += goal(W / 2 - 800, horizon + 380, 1600, 700, { depth: 150 });
  // Sparkles around the title area.
  const r = rng(4);
  let sp = '';
  for (let i = 0; i < 14; i++) {
    const x = 120 + r() * (W - 240);
    const y = 80 + r() * 950;
    const k = 14 + r() * 18;
    sp += `M${n(x)} ${n(y - k * 2)}Q${n(x)} ${n(y)} ${n(x + k * 2)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + k * 2)}Q${n(x)} ${n(y)} ${n(x - k * 2)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - k * 2)}Z`;
  }
  s += path(sp, '#fff4c2', 'fill-opacity="0.9" stroke-opacity="0.9"');
  return s;
}

/** A little paper heart. */
function heart(x: number, y: number, s: number, color: string, tilt = 0): string {
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${tilt}) scale(${s})">${path('M0 70L-80 -10A50 50 0 0 1 0 -70A50 50 0 0 1 80 -10Z', color, ink(LINE_DED / s))}${path('M-40 -30A25 25 0 0 1 -10 -50', 'none', `stroke="${light(color, 0.5)}" stroke-width="${n(10 / s)}" stroke-linecap="round"`)}</g>`;
}

const LINE_DED = 6;

/** A football boot, side on, toe to the right. (x, y) = sole centre. */
function boot(x: number, y: number, s: number, flip = false): string {
  const d =
    'M-150 0L-150 -150Q-150 -190 -110 -190L-40 -190Q-20 -120 40 -110L140 -90Q190 -80 190 -30L190 0Z';
  let laces = '';
  for (let i = 0; i < 4; i++) laces += `M${-30 + i * 40} ${-150 + i * 12}l30 -26`;
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${flip ? -s : s} ${s})">${path(d, '#2d2a2e', ink(LINE_DED / s))}${path('M-150 -40H190', 'none', `stroke="#ffd447" stroke-width="${n(26)}"`)}${path(laces, 'none', `stroke="${PAPER}" stroke-width="10" stroke-linecap="round"`)}${path('M-150 0H190V22H-150Z', '#bdb6aa', ink(LINE_DED / s))}${circle(-100, 34, 14, '#bdb6aa', ink(4))}${circle(0, 34, 14, '#bdb6aa', ink(4))}${circle(120, 34, 14, '#bdb6aa', ink(4))}</g>`;
}

/** The dedication page: warm paper, a soft frame of dots and stars, a small vignette at the foot. */
export function dedicationScene(): string {
  const paper = '#fbf1de';
  let s = rect(-30, -30, W + 60, 3060, paper);
  // Gentle paper texture: big soft blobs in a slightly warmer tone.
  s +=
    ellipse(400, 500, 700, 500, mix(paper, '#f4e3c8', 0.6)) +
    ellipse(2100, 2600, 800, 600, mix(paper, '#f4e3c8', 0.6));
  // Frame: a rounded dashed line and little motifs at the corners.
  s += rrect(
    170,
    170,
    W - 340,
    3000 - 340,
    90,
    'none',
    `stroke="${shade('#f4e3c8', 0.25)}" stroke-width="14" stroke-dasharray="2 44" stroke-linecap="round"`,
  );
  s += rrect(
    230,
    230,
    W - 460,
    3000 - 460,
    70,
    'none',
    `stroke="${shade('#f4e3c8', 0.12)}" stroke-width="6"`,
  );
  const star = (x: number, y: number, k: number, c: string) =>
    path(
      `M${n(x)} ${n(y - k)}l${n(k * 0.29)} ${n(k * 0.6)}l${n(k * 0.66)} ${n(k * 0.1)}l${n(-k * 0.48)} ${n(k * 0.46)}l${n(k * 0.12)} ${n(k * 0.66)}l${n(-k * 0.59)} ${n(-k * 0.31)}l${n(-k * 0.59)} ${n(k * 0.31)}l${n(k * 0.12)} ${n(-k * 0.66)}l${n(-k * 0.48)} ${n(-k * 0.46)}l${n(k * 0.66)} ${n(-k * 0.1)}Z`,
      c,
      ink(5),
    );
  s +=
    star(230, 230, 70, '#ffd447') +
    star(W - 230, 230, 70, '#ffd447') +
    star(230, 2770, 70, '#ffd447') +
    star(W - 230, 2770, 70, '#ffd447');
  s +=
    heart(W / 2, 300, 0.6, '#f28b82') +
    star(W / 2 - 200, 300, 36, '#9fd3ef') +
    star(W / 2 + 200, 300, 36, '#9fd3ef');
  // The vignette: a football on a little patch of grass, a pair of boots and a paper heart.
  const gy = 2560;
  s += path(
    `M650 ${gy}Q${W / 2} ${gy - 110} 1800 ${gy}Q${W / 2} ${gy + 50} 650 ${gy}Z`,
    SCENE.grass,
    ink(LINE_DED),
  );
  let blades = '';
  for (let x = 720; x < 1760; x += 55)
    blades += `M${x} ${gy - 40 + Math.abs(x - W / 2) * 0.07}l${(x % 3) * 6 - 6} -40`;
  s += path(blades, 'none', `stroke="${SCENE.grassDark}" stroke-width="8" stroke-linecap="round"`);
  s +=
    ellipse(W / 2, gy - 40, 160, 26, INK, 'fill-opacity="0.15" stroke-opacity="0.15"') +
    ball(W / 2, gy - 170, 130, 12);
  s += boot(870, gy - 40, 0.75) + boot(1080, gy - 20, 0.75);
  s += heart(1640, gy - 200, 1.1, '#f28b82', 12);
  return s;
}
