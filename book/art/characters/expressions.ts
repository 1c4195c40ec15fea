// Faces that feel: the mouth, the brows and the eyes of each expression, drawn in head space
// (head-geometry.ts) for every role, so glasses, hearing aids, beards and freckles (which are
// drawn around them) fit every expression. The story's scene notes (book/story/scenes.ts) say who
// feels what on each spread; render-page.ts passes it on to drawCharacter.

import { OUTLINE, PUPIL, type SkinTone } from '#book/art/palette.ts';
import type { HeadGeometry } from './head-geometry.ts';
import { n } from './svg-util.ts';

export { EXPRESSIONS, type Expression } from '#book/types.ts';
import type { Expression } from '#book/types.ts';

/** Eyes shut (breathing slowly, a calm moment). */
export function eyesClosed(expression: Expression): boolean {
  return (
    expression === 'calm' ||
    expression === 'laughing' ||
    expression === 'kiss' ||
    expression === 'yawning'
  );
}

/** The mouth: a friendly open smile, a wide cheer, a frown, a wobble, a firm line, a soft smile, an 'o', a closed gentle smile. */
export function mouthOf(
  expression: Expression,
  g: HeadGeometry,
  skin: SkinTone,
  d: number,
): string {
  const w = g.mouthW;
  const y = g.mouthY;
  // Line mouths in the pupils' near-black, so they read on the darkest skin tones too.
  const line = (path: string, width = d * 1.5) =>
    `<path d="${path}" fill="none" stroke="${PUPIL}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const open = (depth: number, half: number) =>
    `<path d="M${n(-half)},${y}Q0,${n(y + half * depth)} ${n(half)},${y}Q0,${n(y + half * 0.3)} ${n(-half)},${y}Z" fill="${skin.mouth}" stroke="${OUTLINE}" stroke-width="${n(d)}" stroke-linejoin="round"/>` +
    `<path d="M${n(-half * 0.45)},${n(y + half * depth * 0.54)}Q0,${n(y + half * depth * 0.35)} ${n(half * 0.45)},${n(y + half * depth * 0.54)}Q0,${n(y + half * depth * 0.78)} ${n(-half * 0.45)},${n(y + half * depth * 0.54)}Z" fill="${skin.blush}"/>`;
  switch (expression) {
    case 'happy':
      return open(1.15, w);
    case 'proud':
      return open(1.45, w * 1.12);
    case 'sad':
      return line(
        `M${n(-w * 0.6)},${n(y + w * 0.55)}Q0,${n(y + w * 0.05)} ${n(w * 0.6)},${n(y + w * 0.55)}`,
      );
    case 'worried':
      return line(
        `M${n(-w * 0.6)},${n(y + w * 0.42)}Q${n(-w * 0.3)},${n(y + w * 0.18)} 0,${n(y + w * 0.38)}Q${n(w * 0.3)},${n(y + w * 0.58)} ${n(w * 0.6)},${n(y + w * 0.34)}`,
      );
    case 'determined':
      // set and sure of itself, not cross: a short line, the corners turned up a touch
      return line(
        `M${n(-w * 0.42)},${n(y + w * 0.3)}Q0,${n(y + w * 0.44)} ${n(w * 0.42)},${n(y + w * 0.26)}`,
        d * 1.6,
      );
    case 'calm':
      return line(
        `M${n(-w * 0.5)},${n(y + w * 0.3)}Q0,${n(y + w * 0.72)} ${n(w * 0.5)},${n(y + w * 0.3)}`,
      );
    case 'content':
      // quiet and glad, eyes open: a closed, gentle smile
      return line(
        `M${n(-w * 0.62)},${n(y + w * 0.2)}Q0,${n(y + w * 0.68)} ${n(w * 0.62)},${n(y + w * 0.2)}`,
      );
    case 'laughing':
      // a big open laugh, wider and deeper than the happy smile
      return open(1.7, w * 1.22);
    case 'surprised':
      return `<ellipse cx="0" cy="${n(y + w * 0.42)}" rx="${n(w * 0.3)}" ry="${n(w * 0.42)}" fill="${skin.mouth}" stroke="${OUTLINE}" stroke-width="${n(d)}"/>`;
    case 'kiss':
      // lips pursed for a kiss: a small round pucker, pushed a little forward
      return (
        `<ellipse cx="${n(w * 0.1)}" cy="${n(y + w * 0.3)}" rx="${n(w * 0.24)}" ry="${n(w * 0.2)}" fill="${skin.mouth}" stroke="${OUTLINE}" stroke-width="${n(d)}"/>` +
        line(`M${n(-w * 0.04)},${n(y + w * 0.3)}h${n(w * 0.28)}`, d)
      );
    case 'yawning':
      // a big yawn: the mouth a tall open oval, the eyes squeezed shut
      return `<ellipse cx="0" cy="${n(y + w * 0.55)}" rx="${n(w * 0.5)}" ry="${n(w * 0.78)}" fill="${skin.mouth}" stroke="${OUTLINE}" stroke-width="${n(d)}"/><ellipse cx="0" cy="${n(y + w * 0.95)}" rx="${n(w * 0.3)}" ry="${n(w * 0.22)}" fill="${skin.blush}"/>`;
  }
}

/**
 * The brows as one path: raised inner ends for sad and worried, low straight brows for
 * determined (focused: only a slight slant, or it reads as cross), high arcs for surprised and proud.
 */
export function browsOf(expression: Expression, g: HeadGeometry): string {
  // [outer end dy, middle dy, inner end dy] relative to the neutral brow line
  const shape: Record<Expression, [number, number, number]> = {
    happy: [1, -7, 3],
    proud: [-3, -12, -2],
    calm: [4, -3, 5],
    sad: [8, -2, -10],
    worried: [6, -6, -14],
    determined: [0, 3, 6],
    surprised: [-10, -20, -10],
    content: [3, -5, 4],
    laughing: [-2, -13, -1],
    kiss: [2, -6, 2],
    yawning: [-6, -14, -4],
  };
  const [outer, middle, inner] = shape[expression];
  return [-1, 1]
    .map((s) => {
      const x = s * g.eyeX;
      return `M${n(x - s * g.eyeRx * 1.05)},${n(g.browY + inner)}Q${n(x)},${n(g.browY + middle)} ${n(x + s * g.eyeRx * 1.1)},${n(g.browY + outer)}`;
    })
    .join('');
}

/**
 * Closed eyes: two soft downward arcs (calm; lashes, if any, sit at their outer ends), or
 * upward arcs squeezed shut by a laugh.
 */
export function closedEyes(g: HeadGeometry, o: number, laughing = false): string {
  const dip = laughing ? -g.eyeRy * 0.7 : g.eyeRy * 0.75;
  const y = laughing ? g.eyeY + g.eyeRy * 0.3 : g.eyeY;
  return [-1, 1]
    .map((s) => {
      const cx = s * g.eyeX;
      return `<path d="M${n(cx - g.eyeRx)},${n(y)}Q${n(cx)},${n(y + dip)} ${n(cx + g.eyeRx)},${n(y)}" fill="none" stroke="${PUPIL}" stroke-width="${n(o * 1.5)}" stroke-linecap="round"/>`;
    })
    .join('');
}

/** Heavy upper lids in the skin tone over open eyes (sad): drawn after the eyes. */
export function droopingLids(g: HeadGeometry, skin: SkinTone, o: number): string {
  return [-1, 1]
    .map((s) => {
      const cx = s * g.eyeX;
      const rx = g.eyeRx + 1.5;
      const top = g.eyeY - g.eyeRy - 2;
      const cut = g.eyeY - g.eyeRy * 0.25;
      return `<path d="M${n(cx - rx)},${n(cut)}Q${n(cx)},${n(top - 4)} ${n(cx + rx)},${n(cut)}Q${n(cx)},${n(cut - 3)} ${n(cx - rx)},${n(cut)}Z" fill="${skin.base}" stroke="${OUTLINE}" stroke-width="${n(o * 1.1)}" stroke-linejoin="round"/>`;
    })
    .join('');
}
