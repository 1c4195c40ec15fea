// Views and gaze: a head turned three-quarter or sideways towards +x, and eyes that look at
// something. The head is drawn in head space (head-geometry.ts) as if seen from the front; a
// view bends its features sideways with a warp of x (the outline of the skull stays, the eyes,
// nose, mouth, brows, glasses, beard and fringe slide towards +x, the far eye narrows, things on
// the far side fold onto the contour and disappear). Pure string work on the head's own SVG.

import type { Gaze, View } from '#book/types.ts';
import type { HeadGeometry } from './head-geometry.ts';
import { n, type Pt } from './svg-util.ts';

export interface FaceWarp {
  view: View;
  /** Where head-space point (x, y) lands (x only; y stays). */
  x(x: number, y: number): number;
  /** How wide a small feature at (x, y) becomes (1 = as drawn, 0 = hidden behind the head). */
  s(x: number, y: number): number;
  /** The warp applied to every path, circle, ellipse and rect of an SVG fragment. */
  svg(fragment: string): string;
}

/** How far each view turns the head (degrees about the vertical axis, towards +x). */
export const VIEW_TURN: Record<View, number> = { front: 0, 'three-quarter': 34, side: 68 };

/**
 * The warp of a view: the head is an ellipsoid (half width W, from the top of the skull to the
 * chin) turned about its vertical axis. A point on it at angle phi from the face's centre line
 * moves to angle phi + turn; what turns past the silhouette folds onto it and is hidden (the far
 * eye, ear and hearing aid). Points outside the skull (hair, ears) turn on their own ring.
 * `strength` scales the turn (the jaw line follows with a smaller share).
 */
export function faceWarp(view: View, g: HeadGeometry, strength = 1): FaceWarp {
  const turnDeg = VIEW_TURN[view] * strength;
  if (turnDeg === 0) return { view, x: (x) => x, s: () => 1, svg: (f) => f };
  const turn = (turnDeg * Math.PI) / 180;
  const yc = (g.T + g.C) / 2;
  const ry = ((g.C - g.T) / 2) * 1.1;
  const ring = (x: number, y: number): number => {
    const t = (y - yc) / ry;
    const r = g.W * Math.sqrt(Math.max(0.04, 1 - t * t));
    return Math.max(r, Math.abs(x));
  };
  const LIMIT = Math.PI / 2;
  const angle = (x: number, y: number): [number, number] => {
    const r = ring(x, y);
    return [r, Math.asin(Math.max(-1, Math.min(1, x / r))) + turn];
  };
  const x = (v: number, y: number): number => {
    const [r, a] = angle(v, y);
    return r * Math.sin(Math.min(LIMIT, a));
  };
  const s = (v: number, y: number): number => {
    const [r, a] = angle(v, y);
    if (a >= LIMIT - 0.06) return 0;
    const base = Math.cos(a - turn);
    return Math.min(1.12, base < 0.05 ? 1 : Math.cos(a) / base) * (r > 0 ? 1 : 0);
  };
  const warp: FaceWarp = { view, x, s, svg: (f) => warpFragment(f, warp) };
  return warp;
}

const ARGS: Record<string, number> = { M: 2, L: 2, T: 2, Q: 4, S: 4, C: 6, A: 7, H: 1, V: 1, Z: 0 };
const TOKEN = /([A-Za-z])|(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)/g;

/**
 * A path with every x warped. Absolute commands only (the art writes no others); a path with a
 * relative command is left as it is. Sub-paths whose points all fold onto the far contour are
 * dropped, so no stray dash of a far brow or lash stays on the edge.
 */
export function warpPath(d: string, w: FaceWarp): string {
  const tokens = d.match(TOKEN);
  if (!tokens) return d;
  let out = '';
  let sub = '';
  let visible = false;
  let i = 0;
  let cmd = '';
  let curX = 0;
  let curY = 0;
  const flush = (): void => {
    if (visible) out += sub;
    sub = '';
    visible = false;
  };
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (/[A-Za-z]/.test(t)) {
      if (t !== t.toUpperCase()) return d;
      cmd = t;
      i++;
      if (cmd === 'M') flush();
      if (cmd === 'Z') {
        sub += 'Z';
        continue;
      }
    } else if (cmd === 'M') {
      cmd = 'L'; // implicit line-tos after a move
    }
    const count = ARGS[cmd];
    if (count === undefined || count === 0) return d;
    const a = tokens.slice(i, i + count).map(Number);
    if (a.length < count || a.some((v) => Number.isNaN(v))) return d;
    i += count;
    const px = (v: number, y: number): string => {
      if (w.s(v, y) > 0) visible = true;
      return n(w.x(v, y));
    };
    switch (cmd) {
      case 'H':
        sub += `H${px(a[0]!, curY)}`;
        break;
      case 'V':
        visible = true;
        sub += `V${n(a[0]!)}`;
        break;
      case 'A': {
        // the arc's x radius shrinks or grows with its chord
        const chord = a[5]! - curX;
        const f =
          Math.abs(chord) > 1
            ? Math.abs((w.x(a[5]!, a[6]!) - w.x(curX, curY)) / chord)
            : w.s((a[5]! + curX) / 2, (a[6]! + curY) / 2);
        sub += `A${n(Math.max(0.1, a[0]! * f))} ${n(a[1]!)} ${a[2]} ${a[3]} ${a[4]} ${px(a[5]!, a[6]!)},${n(a[6]!)}`;
        break;
      }
      default: {
        let part = cmd;
        for (let k = 0; k < count; k += 2)
          part += `${k ? ' ' : ''}${px(a[k]!, a[k + 1]!)},${n(a[k + 1]!)}`;
        sub += part;
      }
    }
    if (cmd === 'H') curX = a[0]!;
    else if (cmd === 'V') curY = a[0]!;
    else {
      curX = a[count - 2]!;
      curY = a[count - 1]!;
    }
  }
  flush();
  return out || 'M0,0';
}

const ATTR = (name: string): RegExp => new RegExp(`\\b${name}="(-?[\\d.]+)"`);

function warpElement(tag: string, el: string, w: FaceWarp): string {
  const get = (name: string): number | null => {
    const m = ATTR(name).exec(el);
    return m ? Number(m[1]) : null;
  };
  const set = (src: string, name: string, v: number): string =>
    src.replace(ATTR(name), `${name}="${n(v)}"`);
  if (tag === 'path') {
    return el.replace(/\bd="([^"]*)"/, (_m, d: string) => `d="${warpPath(d, w)}"`);
  }
  if (tag === 'circle' || tag === 'ellipse') {
    const cx = get('cx') ?? 0;
    const cy = get('cy') ?? 0;
    const s = w.s(cx, cy);
    if (s <= 0) return '';
    let out = set(el, 'cx', w.x(cx, cy));
    if (tag === 'circle') {
      const r = get('r') ?? 0;
      if (Math.abs(s - 1) < 0.02) return out;
      out = out.replace('<circle', '<ellipse').replace(ATTR('r'), `rx="${n(r * s)}" ry="${n(r)}"`);
      return out;
    }
    const rx = get('rx') ?? 0;
    return set(out, 'rx', rx * s);
  }
  if (tag === 'rect') {
    const x = get('x') ?? 0;
    const width = get('width') ?? 0;
    const cy = (get('y') ?? 0) + (get('height') ?? 0) / 2;
    const c = x + width / 2;
    const s = w.s(c, cy);
    if (s <= 0) return '';
    const wNew = width * s;
    let out = set(el, 'width', wNew);
    out = set(out, 'x', w.x(c, cy) - wNew / 2);
    // a rotation about the old centre follows the shape
    out = out.replace(
      /rotate\((-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\)/,
      (_m, deg: string, rx: string, ry: string) =>
        `rotate(${deg} ${n(w.x(Number(rx), Number(ry)))} ${ry})`,
    );
    return out;
  }
  return el;
}

/** Every shape of an SVG fragment (paths, circles, ellipses, rects) warped. */
export function warpFragment(svg: string, w: FaceWarp): string {
  if (w.view === 'front') return svg;
  return svg.replace(/<(path|circle|ellipse|rect)\b[^>]*>/g, (el, tag: string) =>
    warpElement(tag, el, w),
  );
}

/** Gaze directions by name, in figure space before any flip (x towards +x, y down). */
const GAZES: Record<string, Pt> = {
  front: { x: 0, y: 0 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  'up-left': { x: -0.75, y: -0.75 },
  'up-right': { x: 0.75, y: -0.75 },
  'down-left': { x: -0.75, y: 0.75 },
  'down-right': { x: 0.75, y: 0.75 },
};

/**
 * Where the eyes look, as a vector of length at most 1 (figure space, before flip). Without a
 * gaze the eyes look where the head faces: at the reader from the front, towards +x when turned.
 */
export function gazeVector(gaze: Gaze | undefined, view: View): Pt {
  if (gaze === undefined) return view === 'front' ? { x: 0, y: 0 } : { x: 1, y: 0 };
  const v = typeof gaze === 'string' ? (GAZES[gaze] ?? { x: 0, y: 0 }) : gaze;
  const len = Math.hypot(v.x, v.y);
  return len > 1 ? { x: v.x / len, y: v.y / len } : { x: v.x, y: v.y };
}

/** A stable text form of a gaze for cache keys. */
export function gazeKey(gaze: Gaze | undefined): string {
  if (gaze === undefined) return '';
  return typeof gaze === 'string' ? gaze : `${n(gaze.x)};${n(gaze.y)}`;
}
