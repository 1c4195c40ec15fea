// Views and gaze: a head turned three-quarter or sideways towards +x, and eyes that look at
// something. The head is drawn in head space (head-geometry.ts) as if seen from the front; a
// view bends its features sideways with a warp of x (the outline of the skull stays, the eyes,
// nose, mouth, brows, glasses, beard and fringe slide towards +x, the far eye narrows, things on
// the far side fold onto the contour and disappear). Pure string work on the head's own SVG.

import type { Gaze, View } from '../../types.ts';
import { n, type Pt } from './svg-util.ts';

export interface FaceWarp {
  view: View;
  /** Where head-space x lands. */
  x(x: number): number;
  /** How wide a small feature at x becomes (1 = as drawn, 0 = hidden). */
  s(x: number): number;
  /** The warp applied to every path, circle, ellipse and rect of an SVG fragment. */
  svg(fragment: string): string;
}

/** How far the three-quarter warp slides the face's centre line, as a share of the half width. */
const THREE_QUARTER = 0.36;

/**
 * The warp of a view for a head of half width W. Front: identity. Three-quarter: a parabola,
 * fixed at both edges of the skull, centre slid by 0.36 W towards +x (the far eye about 0.7 as
 * wide, the near one a little wider); beyond +W everything folds onto the contour (the far ear
 * and hearing aid disappear). Side: the near (-x) half of the face spreads over the whole head
 * (the near ear at the middle, the near eye at about 0.6 W, the nose and the mouth on the +x
 * contour); the far half folds onto the contour.
 */
export function faceWarp(view: View, W: number, strength = 1): FaceWarp {
  if (view === 'front') {
    return { view, x: (x) => x, s: () => 1, svg: (f) => f };
  }
  let x: (x: number) => number;
  let s: (x: number) => number;
  if (view === 'three-quarter') {
    const k = THREE_QUARTER * strength;
    x = (v) => (v >= W ? W : v <= -W ? v : v + (k * (W * W - v * v)) / W);
    s = (v) => (v >= W - 0.5 ? 0 : v <= -W ? 1 : Math.min(1.12, 1 - (2 * k * v) / W));
  } else {
    const m = 1.1 * strength + (1 - strength);
    const c = W * strength;
    x = (v) => (v >= 0 ? Math.min(W, c + v * (1 - strength)) : c + v * m);
    s = (v) => (v >= 0 ? (strength >= 1 ? 0 : 1 - strength) : Math.min(1.1, m));
  }
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
    const px = (v: number): string => {
      if (w.s(v) > 0 || v < 0) visible = true;
      return n(w.x(v));
    };
    switch (cmd) {
      case 'H':
        sub += `H${px(a[0]!)}`;
        break;
      case 'V':
        sub += `V${n(a[0]!)}`;
        break;
      case 'A': {
        // the arc's x radius shrinks or grows with its chord
        const chord = a[5]! - curX;
        const f =
          Math.abs(chord) > 1
            ? Math.abs((w.x(a[5]!) - w.x(curX)) / chord)
            : w.s((a[5]! + curX) / 2);
        sub += `A${n(Math.max(0.1, a[0]! * f))} ${n(a[1]!)} ${a[2]} ${a[3]} ${a[4]} ${px(a[5]!)},${n(a[6]!)}`;
        break;
      }
      default: {
        let part = cmd;
        for (let k = 0; k < count; k += 2) part += `${k ? ' ' : ''}${px(a[k]!)},${n(a[k + 1]!)}`;
        sub += part;
      }
    }
    if (cmd !== 'V') curX = cmd === 'H' ? a[0]! : a[count - 2]!;
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
    const s = w.s(cx);
    if (s <= 0) return '';
    let out = set(el, 'cx', w.x(cx));
    if (tag === 'circle') {
      const r = get('r') ?? 0;
      if (Math.abs(s - 1) < 0.02) return out;
      out = out
        .replace('<circle', '<ellipse')
        .replace(ATTR('r'), `rx="${n(r * s)}" ry="${n(r)}"`);
      return out;
    }
    const rx = get('rx') ?? 0;
    return set(out, 'rx', rx * s);
  }
  if (tag === 'rect') {
    const x = get('x') ?? 0;
    const width = get('width') ?? 0;
    const c = x + width / 2;
    const s = w.s(c);
    if (s <= 0) return '';
    const wNew = width * s;
    let out = set(el, 'width', wNew);
    out = set(out, 'x', w.x(c) - wNew / 2);
    // a rotation about the old centre follows the shape
    out = out.replace(
      /rotate\((-?[\d.]+) (-?[\d.]+) (-?[\d.]+)\)/,
      (_m, deg: string, rx: string, ry: string) => `rotate(${deg} ${n(w.x(Number(rx)))} ${ry})`,
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
