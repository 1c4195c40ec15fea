// Football building blocks: ball, goals, pitch, markings, corner flags, crowd, stands,
// floodlights.

import {
  BOTTOM,
  INK,
  LINE,
  PAPER,
  circle,
  ellipse,
  glow,
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

/** A classic football: warm white with dark patches, drawn without clipping or ids. */
export function ball(x: number, y: number, r: number, rot = 0): string {
  const k = r / 100;
  const patch = '#2d2a2e';
  const pent = (cx: number, cy: number, s: number, turn: number) => {
    let d = '';
    for (let i = 0; i < 5; i++) {
      const a = turn - Math.PI / 2 + (i * 2 * Math.PI) / 5;
      d += `${i ? 'L' : 'M'}${n(cx + Math.cos(a) * s)} ${n(cy + Math.sin(a) * s)}`;
    }
    return `${d}Z`;
  };
  let patches = pent(0, 0, 30 * k, 0);
  let seams = '';
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    patches += pent(Math.cos(a) * 80 * k, Math.sin(a) * 80 * k, 17 * k, a + Math.PI / 2 + Math.PI);
    seams += `M${n(Math.cos(a) * 30 * k)} ${n(Math.sin(a) * 30 * k)}L${n(Math.cos(a) * 64 * k)} ${n(Math.sin(a) * 64 * k)}`;
  }
  const w = Math.max(3, LINE * Math.min(1, k * 1.1));
  return `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">${circle(0, 0, r, PAPER)}${path(`M${n(-r * 0.2)} ${n(r * 0.98)}A${n(r)} ${n(r)} 0 0 0 ${n(r * 0.98)} ${n(-r * 0.2)}A${n(r * 1.1)} ${n(r * 1.1)} 0 0 1 ${n(-r * 0.2)} ${n(r * 0.98)}Z`, '#e4ddd0')}${path(patches, patch)}${path(seams, 'none', `stroke="${patch}" stroke-width="${n(Math.max(2, 5 * k))}"`)}${circle(0, 0, r, 'none', ink(w))}${ellipse(-r * 0.42, -r * 0.5, r * 0.16, r * 0.09, PAPER, 'fill-opacity="0.9" stroke-opacity="0.9"')}</g>`;
}

/**
 * A goal seen from the front: posts, crossbar and net. x = left post, baseY = ground line.
 * depth shifts the back of the net up and inward for a little perspective.
 */
export function goal(
  x: number,
  baseY: number,
  w: number,
  h: number,
  opts: { post?: string; depth?: number; netOnly?: boolean } = {},
): string {
  const post = opts.post ?? PAPER;
  const t = Math.max(16, w * 0.03);
  const dep = opts.depth ?? h * 0.22;
  const bx0 = x + dep * 0.8;
  const bx1 = x + w - dep * 0.8;
  const by = baseY - h + dep;
  const back = `M${n(bx0)} ${n(baseY)}L${n(bx0)} ${n(by)}L${n(bx1)} ${n(by)}L${n(bx1)} ${n(baseY)}`;
  let net = '';
  const cols = Math.round(w / 70);
  for (let i = 0; i <= cols; i++) {
    const fx = x + (w * i) / cols;
    const bx = bx0 + ((bx1 - bx0) * i) / cols;
    net += `M${n(bx)} ${n(baseY)}L${n(bx)} ${n(by)}L${n(fx)} ${n(baseY - h)}`;
  }
  const rows = Math.round(h / 70);
  for (let j = 1; j < rows; j++) {
    const y = by + ((baseY - by) * j) / rows;
    net += `M${n(x)} ${n(y - dep * (1 - j / rows) * 0)}M${n(bx0)} ${n(y)}L${n(bx1)} ${n(y)}`;
  }
  for (let j = 1; j <= 3; j++) {
    const fy = baseY - h;
    const t2 = j / 4;
    net += `M${n(x + (bx0 - x) * t2)} ${n(fy + (by - fy) * t2)}L${n(x + w + (bx1 - x - w) * t2)} ${n(fy + (by - fy) * t2)}`;
  }
  const netPath = path(
    back + net,
    'none',
    `stroke="#f4f1ea" stroke-width="${n(Math.max(3, w / 260))}" fill-opacity="0.85" stroke-opacity="0.85"`,
  );
  const frame = `M${n(x)} ${n(baseY)}L${n(x)} ${n(baseY - h)}L${n(x + w)} ${n(baseY - h)}L${n(x + w)} ${n(baseY)}`;
  const frameInk = path(
    frame,
    'none',
    `stroke="${INK}" stroke-width="${n(t + LINE * 2)}" stroke-linejoin="round"`,
  );
  const frameFill = path(
    frame,
    'none',
    `stroke="${post}" stroke-width="${n(t)}" stroke-linejoin="round"`,
  );
  return (
    netPath +
    frameInk +
    frameFill +
    ellipse(
      x + w / 2,
      baseY + 4,
      w / 2,
      h * 0.03,
      '#000000',
      'fill-opacity="0.08" stroke-opacity="0.08"',
    )
  );
}

/** A striped mown pitch from horizonY to the bottom, with a faint perspective. */
export function pitch(width: number, horizonY: number, base: string, stripes = 9): string {
  let s = rect(-30, horizonY, width + 60, BOTTOM - horizonY, base, ink());
  const vx = width / 2;
  const spreadTop = (width + 60) / stripes;
  const spreadBottom = spreadTop * 1.9;
  for (let i = 0; i < stripes; i += 2) {
    const tx0 = -30 + spreadTop * i;
    const tx1 = tx0 + spreadTop;
    const bx0 = vx + (tx0 - vx) * (spreadBottom / spreadTop);
    const bx1 = vx + (tx1 - vx) * (spreadBottom / spreadTop);
    s += path(
      `M${n(tx0)} ${n(horizonY + 3)}L${n(tx1)} ${n(horizonY + 3)}L${n(bx1)} ${n(BOTTOM)}L${n(bx0)} ${n(BOTTOM)}Z`,
      light(base, 0.1),
    );
  }
  return s;
}

/** White pitch markings: a halfway line and centre circle in perspective, or a penalty box. */
export function markings(
  width: number,
  horizonY: number,
  kind: 'centre' | 'box-left' | 'box-right' | 'side',
): string {
  const st =
    'stroke="#fffaf2" stroke-width="14" stroke-linecap="round" fill-opacity="0.85" stroke-opacity="0.85"';
  const y0 = horizonY + 60;
  if (kind === 'centre') {
    const cx = width / 2;
    return (
      path(`M${n(cx)} ${n(y0)}L${n(cx)} ${n(BOTTOM)}`, 'none', st) +
      ellipse(cx, y0 + 520, 700, 240, 'none', st) +
      path(`M-30 ${n(y0)}L${n(width + 30)} ${n(y0)}`, 'none', st)
    );
  }
  if (kind === 'side') return path(`M-30 ${n(y0)}L${n(width + 30)} ${n(y0)}`, 'none', st);
  const left = kind === 'box-left';
  const ex = left ? -30 : width + 30;
  const bx = left ? width * 0.38 : width * 0.62;
  return (
    path(
      `M${n(ex)} ${n(y0)}L${n(bx)} ${n(y0 + 20)}L${n(left ? bx + 260 : bx - 260)} ${n(BOTTOM)}`,
      'none',
      st,
    ) + path(`M-30 ${n(y0)}L${n(width + 30)} ${n(y0)}`, 'none', st)
  );
}

/** A corner flag on a thin pole. */
export function cornerFlag(x: number, baseY: number, h: number, color = '#f25c54'): string {
  return (
    line(x, baseY, x, baseY - h, INK, 16) +
    line(x, baseY, x, baseY - h, '#fdf6e3', 8) +
    path(
      `M${n(x)} ${n(baseY - h)}Q${n(x + h * 0.2)} ${n(baseY - h * 0.95)} ${n(x + h * 0.32)} ${n(baseY - h * 0.88)}L${n(x)} ${n(baseY - h * 0.74)}Z`,
      color,
      ink(5),
    )
  );
}

/** Training cones. */
export function cone(x: number, baseY: number, s = 1, color = '#f59b3c'): string {
  const w = 70 * s;
  const h = 90 * s;
  return (
    path(
      `M${n(x - w / 2)} ${n(baseY)}L${n(x - w * 0.12)} ${n(baseY - h)}L${n(x + w * 0.12)} ${n(baseY - h)}L${n(x + w / 2)} ${n(baseY)}Z`,
      color,
      ink(5),
    ) + rect(x - w * 0.6, baseY - 8 * s, w * 1.2, 12 * s, shade(color, 0.15), ink(4))
  );
}

export { crowd } from './crowd.ts';

/** The stepped concrete stand the crowd sits on, from y0 to y1. */
export function stand(width: number, y0: number, y1: number, color: string, roof = true): string {
  let s = rect(-30, y0, width + 60, y1 - y0, color, ink());
  const steps = 6;
  for (let i = 1; i < steps; i++) {
    const y = y0 + ((y1 - y0) * i) / steps;
    s += rect(-30, y, width + 60, 10, shade(color, 0.15));
  }
  if (roof) {
    s += path(
      `M-30 ${n(y0 - 40)}L${n(width + 30)} ${n(y0 - 40)}L${n(width + 30)} ${n(y0 - 130)}L-30 ${n(y0 - 160)}Z`,
      shade(color, 0.35),
      ink(),
    );
  }
  return s;
}

/** A floodlight mast with a bright head and light beams. */
export function floodlight(x: number, baseY: number, h: number, beams = true): string {
  const top = baseY - h;
  const headW = h * 0.2;
  const headH = h * 0.11;
  let lamps = '';
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 2; j++) {
      lamps += circle(
        x - headW / 3 + (headW / 3) * i,
        top - headH * 0.72 + (headH / 2) * j,
        headH * 0.17,
        '#fffbe6',
      );
    }
  }
  const beam = beams
    ? path(
        `M${n(x - headW / 2)} ${n(top - headH / 2)}L${n(x - h * 1.0)} ${n(baseY + h * 0.6)}L${n(x + h * 0.3)} ${n(baseY + h * 0.6)}L${n(x + headW / 2)} ${n(top - headH / 2)}Z`,
        '#fff6cf',
        'fill-opacity="0.12" stroke-opacity="0.12"',
      )
    : '';
  return `${beam}${glow(x, top - headH / 2, h * 0.28, '#fff7d1', 0.7)}${path(`M${n(x - 14)} ${n(baseY)}L${n(x - 8)} ${n(top)}L${n(x + 8)} ${n(top)}L${n(x + 14)} ${n(baseY)}Z`, '#6f7786', ink(4))}${rrect(x - headW / 2, top - headH, headW, headH, 10, '#5a6170', ink(5))}${lamps}`;
}

/** Segments lit for each digit on a seven-segment display (a b c d e f g). */
const SEGMENTS = [
  '1111110',
  '0110000',
  '1101101',
  '1111001',
  '0110011',
  '1011011',
  '1011111',
  '1110000',
  '1111111',
  '1111011',
];

/** One seven-segment digit drawn with shapes (numbers only, never words). */
function digit(x: number, y: number, w: number, h: number, value: number, color: string): string {
  const on = SEGMENTS[value % 10] ?? '';
  const t = w * 0.2;
  const segs: [number, number, number, number][] = [
    [x + t, y, w - 2 * t, t],
    [x + w - t, y + t, t, h / 2 - 1.5 * t],
    [x + w - t, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
    [x + t, y + h - t, w - 2 * t, t],
    [x, y + h / 2 + t / 2, t, h / 2 - 1.5 * t],
    [x, y + t, t, h / 2 - 1.5 * t],
    [x + t, y + h / 2 - t / 2, w - 2 * t, t],
  ];
  return segs
    .map(([sx, sy, sw, sh], i) => rrect(sx, sy, sw, sh, t / 2, on[i] === '1' ? color : '#4a5266'))
    .join('');
}

/** A scoreboard with lamp dots and the score as lit segments (no text: the composer owns words). */
export function scoreboard(
  x: number,
  y: number,
  w: number,
  h: number,
  score: [number, number] = [0, 0],
): string {
  const r = rng(5);
  let dots = '';
  for (let i = 0; i < 14; i++)
    dots += circle(
      x + w * 0.08 + (w * 0.84 * i) / 13,
      y + h * 0.18,
      h * 0.05,
      r() < 0.6 ? '#ffd45c' : '#f25c54',
    );
  const dw = w * 0.13;
  const dh = h * 0.42;
  return (
    line(x + w * 0.2, y + h, x + w * 0.2, y + h * 2, INK, 22) +
    line(x + w * 0.8, y + h, x + w * 0.8, y + h * 2, INK, 22) +
    rrect(x, y, w, h, 24, '#2c3242', ink()) +
    rrect(x + w * 0.1, y + h * 0.33, w * 0.32, h * 0.56, 12, '#3e4658') +
    rrect(x + w * 0.58, y + h * 0.33, w * 0.32, h * 0.56, 12, '#3e4658') +
    digit(x + w * 0.26 - dw / 2, y + h * 0.4, dw, dh, score[0], '#ffd447') +
    digit(x + w * 0.74 - dw / 2, y + h * 0.4, dw, dh, score[1], '#ffd447') +
    circle(x + w / 2, y + h * 0.52, h * 0.04, '#ffd447') +
    circle(x + w / 2, y + h * 0.72, h * 0.04, '#ffd447') +
    dots
  );
}

/** Motion lines behind a flying ball. */
export function whoosh(x: number, y: number, dx: number, dy: number, spread = 60): string {
  let d = '';
  for (let i = -1; i <= 1; i++) {
    const ox = (-dy / Math.hypot(dx, dy)) * spread * i;
    const oy = (dx / Math.hypot(dx, dy)) * spread * i;
    d += `M${n(x + ox)} ${n(y + oy)}l${n(-dx * (1 - Math.abs(i) * 0.3))} ${n(-dy * (1 - Math.abs(i) * 0.3))}`;
  }
  return (
    path(
      d,
      'none',
      `stroke="#fffaf2" stroke-width="14" stroke-linecap="round" fill-opacity="0.85" stroke-opacity="0.85"`,
    ) +
    path(
      d,
      'none',
      `stroke="${INK}" stroke-width="4" stroke-linecap="round" fill-opacity="0.25" stroke-opacity="0.25"`,
    )
  );
}
