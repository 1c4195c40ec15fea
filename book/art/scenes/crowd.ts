// The crowd in the stand: rows of small fans, each a different person (skin, hair or hat, scarf,
// shirt, what the arms do), drawn as round-capped strokes grouped by colour and row, so a full
// stand stays a few dozen paths and the preview stays fast. The mood says what the crowd does:
// 'cheer' (arms up, scarves held high), 'quiet' (the match is lost: hands on heads, arms down,
// nobody cheers), or 'split' (quiet, except the away fans in `away`, who cheer in their colour).

import { INK, n, rng, shade } from './kit.ts';

export type CrowdMood = 'cheer' | 'quiet' | 'split';

export interface CrowdOptions {
  mood?: CrowdMood;
  /** Where the away fans sit ('split'): x range, and the colour they wear. */
  away?: { x0: number; x1: number; shirt: string };
  /** Size of the fans against the default (46 units at the back row, 74 at the front). */
  scale?: number;
  /** Draw eyes on the nearer rows (default true). */
  faces?: boolean;
}

/** Every skin tone of the book (STYLE.md 1-6). */
export const CROWD_SKINS = ['#fde4d0', '#f6cba5', '#e2ab7c', '#c48654', '#91603d', '#633f29'];
const HAIRS = ['#2f2623', '#6e4327', '#ebc66b', '#c9562c', '#2f2623', '#b8b2aa'];
const HATS = ['#e4483a', '#3d8fd6', '#2f4b7c'];

type Layer = 'armsBack' | 'body' | 'scarf' | 'face' | 'hair' | 'hat' | 'arms' | 'eyes';
const ORDER: Layer[] = ['armsBack', 'body', 'scarf', 'face', 'hair', 'hat', 'arms', 'eyes'];

/**
 * A crowd of fans (heads and shoulders) in rows between y0 (back row) and y1 (front row).
 * colors are the shirt colours fans wear; skin the skin tones to pick from.
 */
export function crowd(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  rows: number,
  seed: number,
  colors: string[],
  skin: string[] = CROWD_SKINS,
  o: CrowdOptions = {},
): string {
  const r = rng(seed);
  const mood = o.mood ?? 'cheer';
  let out = '';
  for (let row = 0; row < rows; row++) {
    const t = rows === 1 ? 1 : row / (rows - 1);
    const y = y0 + (y1 - y0) * t;
    const size = (46 + 28 * t) * (o.scale ?? 1);
    const step = size * 2.2;
    const dim = Math.round(3 * (1 - t)) / 10;
    // Each layer and colour is one path of polylines; every polyline starts with a move relative
    // to where the previous one ended, so the numbers stay short.
    const layers = new Map<
      Layer,
      Map<string, { d: string; w: number; at: [number, number] | null }>
    >();
    const add = (l: Layer, c: string, w: number, pts: [number, number][]) => {
      const m =
        layers.get(l) ?? new Map<string, { d: string; w: number; at: [number, number] | null }>();
      layers.set(l, m);
      const key = `${c}|${n(w)}`;
      const e = m.get(key) ?? { d: '', w, at: null };
      m.set(key, e);
      const p = pts.map(([px, py]) => [Math.round(px), Math.round(py)] as [number, number]);
      const [x0, y0] = p[0]!;
      e.d += e.at ? `m${x0 - e.at[0]} ${y0 - e.at[1]}` : `M${x0} ${y0}`;
      if (p.length === 1) e.d += 'h0';
      for (let i = 1; i < p.length; i++)
        e.d += `${i === 1 ? 'l' : ' '}${p[i]![0] - p[i - 1]![0]} ${p[i]![1] - p[i - 1]![1]}`;
      e.at = p[p.length - 1]!;
    };
    const tone = (c: string, k = 1) => (dim > 0 ? shade(c, dim * k) : c);
    for (let x = x0 + (row % 2) * step * 0.5; x < x1; x += step * (0.9 + r() * 0.25)) {
      const away = mood === 'split' && o.away !== undefined && x >= o.away.x0 && x <= o.away.x1;
      const shirt =
        away && o.away ? o.away.shirt : (colors[Math.floor(r() * colors.length)] ?? '#e05a4f');
      const face = skin[Math.floor(r() * skin.length)] ?? '#f6cba5';
      const hairC = HAIRS[Math.floor(r() * HAIRS.length)] ?? '#6e4327';
      const look = r();
      const act = r();
      const c = tone(shirt);
      const cheering = mood === 'cheer' || away;
      const hy = y - size * 0.85;
      // Arms: up in a V, one fist up, clapping, hands on the head (a lost match), or down.
      if (cheering && act < 0.35) {
        add('arms', c, size * 0.38, [
          [x - size * 0.7, y],
          [x - size, y - size * 1.7],
        ]);
        add('arms', c, size * 0.38, [
          [x + size * 0.7, y],
          [x + size, y - size * 1.7],
        ]);
      } else if (cheering && act < 0.5) {
        add('arms', c, size * 0.38, [
          [x + size * 0.7, y],
          [x + size * 0.85, y - size * 1.8],
        ]);
      } else if (cheering && act < 0.62) {
        add('arms', c, size * 0.34, [
          [x - size * 0.6, y + size * 0.1],
          [x - size * 0.08, y - size * 0.25],
        ]);
        add('arms', c, size * 0.34, [
          [x + size * 0.6, y + size * 0.1],
          [x + size * 0.08, y - size * 0.25],
        ]);
      } else if (!cheering && act < 0.3) {
        // hands on the head: elbows out, hands meeting on the hair
        add('armsBack', c, size * 0.36, [
          [x - size * 0.75, y],
          [x - size * 0.95, hy - size * 0.1],
          [x - size * 0.35, hy - size * 0.45],
        ]);
        add('armsBack', c, size * 0.36, [
          [x + size * 0.75, y],
          [x + size * 0.95, hy - size * 0.1],
          [x + size * 0.35, hy - size * 0.45],
        ]);
      } else if (!cheering && act < 0.45) {
        // chin on the hands
        add('arms', c, size * 0.34, [
          [x - size * 0.6, y + size * 0.2],
          [x - size * 0.1, hy + size * 0.5],
        ]);
        add('arms', c, size * 0.34, [
          [x + size * 0.6, y + size * 0.2],
          [x + size * 0.1, hy + size * 0.5],
        ]);
      }
      add('body', c, size * 1.9, [
        [x, y + size * 0.2],
        [x, y + size * 0.8],
      ]);
      // A scarf: round the neck, or held up over the head by cheering fans.
      if (look > 0.72) {
        const sc = shirt === '#ffd447' ? '#3d8fd6' : '#ffd447';
        if (cheering && act >= 0.62 && act < 0.8)
          add('arms', sc, size * 0.3, [
            [x - size * 1.1, hy - size * 0.9],
            [x + size * 1.1, hy - size],
          ]);
        else
          add('scarf', sc, size * 0.32, [
            [x - size * 0.55, y - size * 0.15],
            [x + size * 0.55, y - size * 0.15],
          ]);
      }
      // Hair: short, a bun, none (grey or bald); or a woolly hat with a bobble.
      if (look < 0.55) add('hair', hairC, size * 1.08, [[x, hy - size * 0.14]]);
      else if (look < 0.62) add('hair', hairC, size * 0.5, [[x, hy - size * 0.55]]);
      else if (look < 0.74)
        add('hat', HATS[Math.floor(r() * HATS.length)] ?? '#e4483a', size * 0.42, [
          [x - size * 0.42, hy - size * 0.3],
          [x + size * 0.42, hy - size * 0.3],
        ]);
      add('face', face, size * 0.98, [[x, hy]]);
      if (look >= 0.62 && look < 0.74) add('hat', '#ffd447', size * 0.2, [[x, hy - size * 0.62]]);
      // Eyes on the nearer rows: looking ahead, or down (a lost match).
      if (o.faces !== false && t >= 0.7) {
        const ey = hy + (cheering ? -size * 0.02 : size * 0.1);
        add('eyes', INK, size * 0.14, [[x - size * 0.17, ey]]);
        add('eyes', INK, size * 0.14, [[x + size * 0.17, ey]]);
      }
    }
    for (const l of ORDER) {
      const m = layers.get(l);
      if (!m) continue;
      for (const [key, { d, w }] of m) {
        const c = key.split('|')[0] ?? INK;
        out += `<path d="${d}" stroke="${c}" stroke-width="${n(w)}"/>`;
      }
    }
  }
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${out}</g>`;
}

/**
 * A fan in the front row with both hands over the ears (19-20: 'some people covered their ears'),
 * head and shoulders, a little bigger than the crowd behind. (x, y) is the middle of the shoulders.
 */
export function earCoverer(
  x: number,
  y: number,
  size: number,
  shirt: string,
  skin: string,
  hair: string,
): string {
  const s = size;
  const hy = y - s * 0.95;
  const st = (c: string, width: number, d: string) =>
    `<path d="${d}" stroke="${c}" stroke-width="${n(width)}"/>`;
  const arms = `M${n(x - s * 0.8)} ${n(y + s * 0.2)}L${n(x - s * 0.95)} ${n(hy + s * 0.2)}L${n(x - s * 0.55)} ${n(hy)}M${n(x + s * 0.8)} ${n(y + s * 0.2)}L${n(x + s * 0.95)} ${n(hy + s * 0.2)}L${n(x + s * 0.55)} ${n(hy)}`;
  const hands = `M${n(x - s * 0.55)} ${n(hy)}h0M${n(x + s * 0.55)} ${n(hy)}h0`;
  return (
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    st(INK, s * 2.1, `M${n(x)} ${n(y + s * 0.25)}v${n(s * 0.6)}M${n(x)} ${n(hy)}h0`) +
    st(shirt, s * 1.9, `M${n(x)} ${n(y + s * 0.25)}v${n(s * 0.6)}`) +
    st(skin, s * 0.98, `M${n(x)} ${n(hy)}h0`) +
    st(
      hair,
      s * 0.5,
      `M${n(x - s * 0.3)} ${n(hy - s * 0.3)}Q${n(x)} ${n(hy - s * 0.55)} ${n(x + s * 0.3)} ${n(hy - s * 0.3)}`,
    ) +
    // squeezed-shut eyes and a wince
    st(
      INK,
      s * 0.07,
      `M${n(x - s * 0.24)} ${n(hy)}l${n(s * 0.12)} ${n(s * 0.05)}l${n(-s * 0.12)} ${n(s * 0.05)}M${n(x + s * 0.24)} ${n(hy)}l${n(-s * 0.12)} ${n(s * 0.05)}l${n(s * 0.12)} ${n(s * 0.05)}M${n(x - s * 0.14)} ${n(hy + s * 0.25)}h${n(s * 0.28)}`,
    ) +
    st(INK, s * 0.42, `${arms}${hands}`) +
    st(shirt, s * 0.32, arms) +
    st(skin, s * 0.26, hands) +
    '</g>'
  );
}
