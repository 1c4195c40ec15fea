// Small string helpers for the character art. Pure, no ids, no DOM.

import { FIGURE_LIGHT, OUTLINE } from '#book/art/palette.ts';

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

/**
 * The polyline moved sideways by `by` along each segment's normal, on the side facing (sx, sy):
 * (1, 1) is the lower right, (-1, -1) the upper left.
 */
function offsetLine(points: readonly Pt[], by: number, sx: number, sy: number): Pt[] {
  const normals = points.slice(1).map((p, i) => {
    const a = points[i]!;
    const len = Math.hypot(p.x - a.x, p.y - a.y) || 1;
    let nx = -(p.y - a.y) / len;
    let ny = (p.x - a.x) / len;
    if (nx * sx + ny * sy < 0) {
      nx = -nx;
      ny = -ny;
    }
    return { x: nx, y: ny };
  });
  if (normals.length === 0) return [...points];
  return points.map((p, i) => {
    const a = normals[Math.max(0, i - 1)]!;
    const b = normals[Math.min(normals.length - 1, i)]!;
    const nx = (a.x + b.x) / 2;
    const ny = (a.y + b.y) / 2;
    const len = Math.hypot(nx, ny) || 1;
    return { x: p.x + (nx / len) * by, y: p.y + (ny / len) * by };
  });
}

/**
 * An outlined tube with light from the top left: a soft shadow band along its lower-right side
 * and a thin light edge along its upper-left side, both inside the outline.
 */
export function litTube(
  points: readonly Pt[],
  width: number,
  fill: string,
  outline: number,
  shadeColour?: string,
): string {
  const inner = Math.max(1, width - outline);
  const shadeW = inner * 0.34;
  const lightW = inner * 0.14;
  const shade = offsetLine(points, inner / 2 - shadeW / 2 - 0.5, 1, 0.6);
  const light = offsetLine(points, inner / 2 - lightW / 2 - inner * 0.1, -1, -0.6);
  return (
    tube(points, width, fill, outline) +
    `<path d="${polyline(shade)}" fill="none" stroke="${shadeColour ?? FIGURE_LIGHT.shade}" stroke-opacity="${shadeColour ? 0.75 : FIGURE_LIGHT.shadeOpacity}" stroke-width="${n(shadeW)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${polyline(light)}" fill="none" stroke="${FIGURE_LIGHT.light}" stroke-opacity="${FIGURE_LIGHT.lightOpacity}" stroke-width="${n(lightW)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}
