// What a face wears: freckles, glasses, hearing aids, a beard and a mustache, drawn in head
// space (head-geometry.ts) around the features of every expression. Pure string building.

import { ACCESSORY, OUTLINE, WHITE, type SkinTone } from '#book/art/palette.ts';
import type { HeadGeometry } from './head-geometry.ts';
import { n } from './svg-util.ts';

/**
 * Freckles across the nose and the cheeks just below the eyes: low enough that the round
 * glasses' rims never cover them, big enough to read at picture-book size.
 */
export function freckles(g: HeadGeometry, skin: SkinTone): string {
  const dots: [number, number, number][] = [
    [0, 0, 4.4],
    [14, -6, 4],
    [9, 11, 4.2],
    [25, 4, 3.8],
    [-6, 13, 3.6],
  ];
  let out = '';
  for (const side of [-1, 1] as const) {
    const bx = side * (g.cheekX - 18);
    const by = g.cheekY + 4;
    for (const [dx, dy, r] of dots)
      out += `<circle cx="${n(bx + side * dx)}" cy="${n(by + dy)}" r="${r}"/>`;
    out += `<circle cx="${n(side * 9)}" cy="${n(g.noseY - 12)}" r="3.4"/>`;
  }
  return `<g fill="${skin.freckle}" fill-opacity="0.9">${out}</g>`;
}

export function glasses(g: HeadGeometry, kind: 'rect' | 'round' | 'parent', o: number): string {
  const frame =
    kind === 'rect'
      ? ACCESSORY.glassesRectFrame
      : kind === 'round'
        ? ACCESSORY.glassesRoundFrame
        : ACCESSORY.glassesFrame;
  const w = g.eyeRx * (kind === 'round' ? 3.5 : 3.7);
  const h = g.eyeRy * (kind === 'round' ? 2.8 : 2.3);
  const cy = g.eyeY + 2;
  const sw = n(o * 0.95);
  let lenses = '';
  let outer = 0;
  for (const side of [-1, 1] as const) {
    const cx = side * g.eyeX;
    if (kind === 'round') {
      const r = Math.max(w, h) / 2;
      lenses += `<circle cx="${cx}" cy="${n(cy)}" r="${n(r)}"/>`;
      outer = g.eyeX + r;
    } else {
      lenses += `<rect x="${n(cx - w / 2)}" y="${n(cy - h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(h * 0.3)}"/>`;
      outer = g.eyeX + w / 2;
    }
  }
  const inner = g.eyeX - (kind === 'round' ? Math.max(w, h) / 2 : w / 2);
  const arms =
    `M${n(-outer)},${n(cy - 4)}L${n(-g.W + 2)},${n(g.E - 8)}` +
    `M${n(outer)},${n(cy - 4)}L${n(g.W - 2)},${n(g.E - 8)}` +
    `M${n(-inner)},${n(cy - 3)}Q0,${n(cy - 12)} ${n(inner)},${n(cy - 3)}`;
  const shineD = [-1, 1]
    .map((side) => {
      const x = side * g.eyeX - w * 0.22;
      return `M${n(x)},${n(cy - h * 0.25)}L${n(x + w * 0.14)},${n(cy - h * 0.38)}`;
    })
    .join('');
  return (
    `<path d="${arms}" fill="none" stroke="${frame}" stroke-width="${sw}" stroke-linecap="round"/>` +
    `<g fill="${WHITE}" fill-opacity="0.22" stroke="${frame}" stroke-width="${sw}">${lenses}</g>` +
    `<path d="${shineD}" stroke="${ACCESSORY.glassesShine}" stroke-opacity="0.8" stroke-width="${n(o * 0.7)}" stroke-linecap="round"/>`
  );
}

export function hearingAidBack(g: HeadGeometry, o: number): string {
  let out = '';
  for (const side of [-1, 1] as const) {
    const x = side * (g.W + g.earRx * 1.0);
    const y = g.E - 6;
    out += `<rect x="${n(x - 10)}" y="${n(y - 26)}" width="20" height="48" rx="10" transform="rotate(${side * 14} ${n(x)} ${n(y)})"/>`;
  }
  return `<g fill="${ACCESSORY.hearingAid}" stroke="${OUTLINE}" stroke-width="${n(o * 0.8)}">${out}</g>`;
}

export function hearingAidFront(g: HeadGeometry, o: number): string {
  let tube = '';
  let plugs = '';
  for (const side of [-1, 1] as const) {
    const xd = side * (g.W + g.earRx * 0.85);
    const yd = g.E - 26;
    const xe = side * (g.W + 2);
    const ye = g.E + 2;
    tube += `M${n(xd)},${n(yd)}Q${n(side * (g.W + 4))},${n(g.E - g.earRy - 10)} ${n(xe)},${n(ye)}`;
    plugs += `<circle cx="${n(xe)}" cy="${n(ye)}" r="5.5"/>`;
  }
  return (
    `<path d="${tube}" fill="none" stroke="${OUTLINE}" stroke-width="${n(o * 0.6 + 4)}" stroke-linecap="round"/>` +
    `<path d="${tube}" fill="none" stroke="${ACCESSORY.hearingAidTube}" stroke-width="3.2" stroke-linecap="round"/>` +
    `<g fill="${ACCESSORY.hearingAid}" stroke="${OUTLINE}" stroke-width="${n(o * 0.6)}">${plugs}</g>`
  );
}

/**
 * A full beard along the jaw. Its sideburns start below the middle of the ear, so skin shows
 * between them and the hair at the temples: beard and hair read as two shapes (not a hood) in
 * every colour. A few strands in the hair's shine give it a texture of its own.
 */
export function beard(
  g: HeadGeometry,
  colour: string,
  shadow: string,
  shine: string,
  o: number,
): string {
  const { W, E, C, mouthY } = g;
  const top = E + 12;
  const d =
    `M${-W + 1},${top}L${-W + 1},${E + 24}C${-W + 1},${C - 10} ${-60},${C + 24} 0,${C + 26}` +
    `C60,${C + 24} ${W - 1},${C - 10} ${W - 1},${E + 24}L${W - 1},${top}Q${W - 8},${top - 6} ${W - 14},${top + 2}` +
    `C${W - 14},${mouthY - 20} ${W - 26},${mouthY - 6} 40,${mouthY - 4}` +
    `C36,${mouthY + 30} -36,${mouthY + 30} -40,${mouthY - 4}` +
    `C${-W + 26},${mouthY - 6} ${-W + 14},${mouthY - 20} ${-W + 14},${top + 2}Q${-W + 8},${top - 6} ${-W + 1},${top}Z`;
  const strands = [-1, 1]
    .map(
      (s) =>
        `M${s * (W - 22)},${C - 34}Q${s * (W - 26)},${C - 24} ${s * (W - 34)},${C - 18}` +
        `M${s * 22},${C + 8}Q${s * 28},${C + 14} ${s * 38},${C + 10}` +
        // a light edge along the sideburn and the cheek line, where the beard meets the skin
        `M${s * (W - 5)},${top + 8}Q${s * (W - 10)},${mouthY - 24} ${s * (W - 30)},${mouthY - 8}`,
    )
    .join('');
  return (
    `<path d="${d}" fill="${colour}" stroke="${OUTLINE}" stroke-width="${n(o)}" stroke-linejoin="round"/>` +
    `<path d="M-24,${C + 6}Q0,${C + 16} 24,${C + 6}M${-W + 20},${C - 40}Q${-W + 30},${C - 20} -50,${C - 6}M${W - 20},${C - 40}Q${W - 30},${C - 20} 50,${C - 6}" fill="none" stroke="${shadow}" stroke-width="${n(o * 0.7)}" stroke-linecap="round"/>` +
    `<path d="${strands}" fill="none" stroke="${shine}" stroke-opacity="0.7" stroke-width="${n(o * 0.6)}" stroke-linecap="round"/>`
  );
}

export function mustache(g: HeadGeometry, colour: string, o: number): string {
  const y = g.mouthY - 10;
  const d = `M0,${y - 2}C-12,${y - 12} -40,${y - 12} -46,${y + 10}C-34,${y + 4} -16,${y + 10} 0,${y + 6}C16,${y + 10} 34,${y + 4} 46,${y + 10}C40,${y - 12} 12,${y - 12} 0,${y - 2}Z`;
  return `<path d="${d}" fill="${colour}" stroke="${OUTLINE}" stroke-width="${n(o)}" stroke-linejoin="round"/>`;
}
