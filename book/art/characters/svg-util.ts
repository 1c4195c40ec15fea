// Small string helpers for the character art. Pure, no ids, no DOM.

import { OUTLINE } from '../palette.ts';

export interface Pt {
  x: number;
  y: number;
}

/** A number with at most one decimal, as short as possible. */
export function n(v: number): string {
  // integer arithmetic: much faster than printing a float (this runs thousands of times a figure)
  const r = Math.round(v * 10);
  const frac = r % 10;
  if (frac === 0) return String(r / 10);
  if (r < 0 && r > -10) return `-0.${-r}`;
  return `${Math.trunc(r / 10)}.${frac < 0 ? -frac : frac}`;
}

export function pt(p: Pt): string {
  return `${n(p.x)},${n(p.y)}`;
}

/** Point at distance len from p in direction angle (degrees; 0 = straight down, 90 = towards +x). */
export function along(p: Pt, angleDeg: number, len: number): Pt {
  const a = (angleDeg * Math.PI) / 180;
  return { x: p.x + Math.sin(a) * len, y: p.y + Math.cos(a) * len };
}

export function mid(a: Pt, b: Pt, t = 0.5): Pt {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Path through points with rounded corners of radius r (closed). */
export function roundedPoly(points: readonly Pt[], r: number): string {
  const count = points.length;
  let d = '';
  for (let i = 0; i < count; i++) {
    const prev = points[(i + count - 1) % count]!;
    const cur = points[i]!;
    const next = points[(i + 1) % count]!;
    const lenA = Math.hypot(cur.x - prev.x, cur.y - prev.y) || 1;
    const lenB = Math.hypot(next.x - cur.x, next.y - cur.y) || 1;
    const ra = Math.min(r, lenA / 2);
    const rb = Math.min(r, lenB / 2);
    const a = {
      x: cur.x + ((prev.x - cur.x) / lenA) * ra,
      y: cur.y + ((prev.y - cur.y) / lenA) * ra,
    };
    const b = {
      x: cur.x + ((next.x - cur.x) / lenB) * rb,
      y: cur.y + ((next.y - cur.y) / lenB) * rb,
    };
    d += `${i === 0 ? 'M' : 'L'}${pt(a)}Q${pt(cur)} ${pt(b)}`;
  }
  return `${d}Z`;
}

/** A polyline through the points (open). */
function polyline(points: readonly Pt[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join('');
}

/**
 * An outlined tube along a polyline: round ends and joins, fill colour inside, outline around.
 * The visible outline is `outline` wide on each side, the whole tube `width + outline` wide.
 */
export function tube(points: readonly Pt[], width: number, fill: string, outline: number): string {
  const d = polyline(points);
  return (
    `<path d="${d}" fill="none" stroke="${OUTLINE}" stroke-width="${n(width + outline)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${n(Math.max(1, width - outline))}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** A filled shape with the standard outline. */
export function shape(d: string, fill: string, outline: number, extra = ''): string {
  return `<path d="${d}" fill="${fill}" stroke="${OUTLINE}" stroke-width="${n(outline)}" stroke-linejoin="round"${extra}/>`;
}

export function layer(name: string, content: string, transform?: string): string {
  return `<g data-layer="${name}"${transform ? ` transform="${transform}"` : ''}>${content}</g>`;
}
