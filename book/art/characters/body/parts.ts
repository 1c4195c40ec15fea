// Small parts of a body: hands (a fist, an open waving hand, a pointing finger), shoes and
// straight pieces of cloth. Pure string building.

import { OUTLINE, STROKE, type SkinTone } from '#book/art/palette.ts';
import { n, pt, shape, tube, type Pt } from '#book/art/characters/svg-util.ts';
import type { Skeleton } from './skeleton.ts';

const O = STROKE.outline;

/** A fist with the index finger out along the forearm (from the elbow to the hand). */
export function pointingHand(at: Pt, from: Pt, r: number, skin: SkinTone): string {
  const len = Math.hypot(at.x - from.x, at.y - from.y) || 1;
  const dx = (at.x - from.x) / len;
  const dy = (at.y - from.y) / len;
  const tip = { x: at.x + dx * r * 1.9, y: at.y + dy * r * 1.9 };
  const base = { x: at.x + dx * r * 0.4, y: at.y + dy * r * 0.4 };
  return (
    tube([base, tip], r * 0.62, skin.base, O) +
    `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`
  );
}

export function hand(at: Pt, r: number, skin: SkinTone, open: boolean): string {
  if (!open)
    return `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(r)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`;
  // an open waving hand: palm with four short fingers and a thumb
  const x = at.x;
  const y = at.y - r * 0.3;
  const fingers = [-0.62, -0.2, 0.22, 0.6]
    .map((f, i) => {
      const fx = x + f * r;
      const len = r * (i === 1 || i === 2 ? 1.05 : 0.85);
      return `M${n(fx)},${n(y - r * 0.2)}L${n(fx + f * r * 0.25)},${n(y - r * 0.2 - len)}`;
    })
    .join('');
  const thumb = `M${n(x - r * 0.8)},${n(y + r * 0.2)}L${n(x - r * 1.45)},${n(y - r * 0.35)}`;
  const w = r * 0.5;
  return (
    `<path d="${fingers}${thumb}" fill="none" stroke="${OUTLINE}" stroke-width="${n(w + O)}" stroke-linecap="round"/>` +
    `<path d="${fingers}${thumb}" fill="none" stroke="${skin.base}" stroke-width="${n(w - O)}" stroke-linecap="round"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y + r * 0.15)}" rx="${n(r * 1.0)}" ry="${n(r * 0.95)}" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${O}"/>`
  );
}

export function shoe(
  ankle: Pt,
  shinAngle: number,
  toe: -1 | 0 | 1,
  sk: Skeleton,
  fill: string,
  extra: (cx: number, cy: number, rx: number, ry: number) => string,
): string {
  const rx = toe === 0 ? sk.boot * 1.0 : sk.boot * 1.35;
  const ry = sk.boot * 0.62;
  const cx = ankle.x + toe * rx * 0.42;
  const cy = ankle.y + sk.boot * 0.42;
  const body = `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" stroke="${OUTLINE}" stroke-width="${O}"/>`;
  const inner = body + extra(cx, cy, rx, ry);
  // the foot follows the shin only partly: a raised foot still points ahead
  const turn = -shinAngle * 0.45;
  return Math.abs(turn) < 0.5
    ? inner
    : `<g transform="rotate(${n(turn)} ${pt(ankle)})">${inner}</g>`;
}

/**
 * The back foot of a kneeling figure whose shin goes back into depth: the toes dig into the
 * ground below the ankle, the heel up, the sole turned back towards -x (or +x for a shin going
 * that way). Drawn before the leg, so the trouser hem covers the top of the shoe.
 */
export function tuckedShoe(
  ankle: Pt,
  shinAngle: number,
  sk: Skeleton,
  fill: string,
  sole: string,
): string {
  const back = shinAngle < 0 ? -1 : 1;
  const rx = sk.boot * 0.78;
  const ry = sk.boot * 1.25;
  const cx = ankle.x + back * sk.boot * 0.22;
  const cy = ankle.y + sk.boot * 0.85;
  const tilt = back * 14;
  return (
    `<g transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})">` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" stroke="${OUTLINE}" stroke-width="${O}"/>` +
    `<path d="M${n(cx + back * rx * 0.45)},${n(cy - ry * 0.8)}Q${n(cx + back * rx * 1.05)},${n(cy)} ${n(cx + back * rx * 0.45)},${n(cy + ry * 0.8)}" fill="none" stroke="${sole}" stroke-width="${n(rx * 0.3)}" stroke-linecap="round"/>` +
    `</g>`
  );
}

/** A straight piece of cloth along a to b (a sock, a shorts leg): outlined, with flat ends. */
export function quad(a: Pt, b: Pt, wa: number, wb: number, fill: string): string {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const px = -(b.y - a.y) / len;
  const py = (b.x - a.x) / len;
  const d =
    `M${n(a.x + (px * wa) / 2)},${n(a.y + (py * wa) / 2)}L${n(b.x + (px * wb) / 2)},${n(b.y + (py * wb) / 2)}` +
    `L${n(b.x - (px * wb) / 2)},${n(b.y - (py * wb) / 2)}L${n(a.x - (px * wa) / 2)},${n(a.y - (py * wa) / 2)}Z`;
  return shape(d, fill, O);
}
