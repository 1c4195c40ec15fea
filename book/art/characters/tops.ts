// What is drawn on the front of a grown-up's top (wardrobe.ts Top): a polo's collar and buttons, a
// shirt's pointed collar, button line and pocket, a scoop neck, a jumper's ribbed neck and hem, a
// cardigan open over a shirt. The torso's outline and light are body.ts's; this adds the garment.

import { OUTLINE, STROKE, WHITE } from '#book/art/palette.ts';
import { n, pt, shape, type Pt } from './svg-util.ts';
import type { Top } from './wardrobe.ts';

interface Cloth {
  base: string;
  shadow: string;
  trim: string;
}

interface TorsoSize {
  torso: number;
  hemHalf: number;
  hemV: number;
  neckW: number;
}

/** Points on the torso (u across, v up from the hip): `at` slides with a turned view, `torso` does not. */
interface On {
  at: (u: number, v: number) => Pt;
  torso: (u: number, v: number) => Pt;
}

const button = (p: Pt, r: number, fill: string): string =>
  `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(r)}" fill="${fill}" stroke="${OUTLINE}" stroke-width="2.5"/>`;

const line = (d: string, colour: string, width: number): string =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Two collar points either side of the neck, meeting at `v` below it. */
function collar(on: On, sk: TorsoSize, fill: string, depth: number, spread: number): string {
  const cl = on.torso(-sk.neckW * 0.6, sk.torso + 2);
  const cr = on.torso(sk.neckW * 0.6, sk.torso + 2);
  const m = on.at(0, sk.torso - 20);
  const wl = on.torso(-sk.neckW * spread, sk.torso - 6);
  const wr = on.torso(sk.neckW * spread, sk.torso - 6);
  const tl = on.at(-sk.neckW * 0.2, sk.torso - depth);
  const tr = on.at(sk.neckW * 0.2, sk.torso - depth);
  return (
    shape(`M${pt(cl)}L${pt(wl)}L${pt(tl)}L${pt(m)}Z`, fill, STROKE.detail) +
    shape(`M${pt(cr)}L${pt(wr)}L${pt(tr)}L${pt(m)}Z`, fill, STROKE.detail)
  );
}

function neckline(on: On, sk: TorsoSize, skin: string, trim: string, depth: number): string {
  const d = `M${pt(on.torso(-sk.neckW * 0.6, sk.torso + 2))}Q${pt(on.at(0, sk.torso - depth))} ${pt(on.torso(sk.neckW * 0.6, sk.torso + 2))}`;
  return (
    `<path d="${d}" fill="${skin}" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>` +
    line(d, OUTLINE, STROKE.fine)
  );
}

/** A ribbed band along the hem (a jumper, a cardigan). */
function hemBand(on: On, sk: TorsoSize, colour: string): string {
  return line(
    `M${pt(on.torso(-sk.hemHalf + 14, sk.hemV + 26))}L${pt(on.torso(sk.hemHalf - 14, sk.hemV + 26))}`,
    colour,
    30,
  );
}

export function topDetails(
  top: Top,
  on: On,
  sk: TorsoSize,
  cloth: Cloth,
  skin: string,
  under?: Cloth,
): string {
  const t = sk.torso;
  switch (top) {
    case 'polo': {
      const b1 = on.at(0, t - 60);
      const b2 = on.at(0, t - 92);
      return (
        line(`M${pt(on.at(0, t - 20))}L${pt(on.at(0, t - 110))}`, cloth.shadow, STROKE.detail) +
        button(b1, 6, WHITE) +
        button(b2, 6, WHITE) +
        collar(on, sk, cloth.trim, 48, 0.85)
      );
    }
    case 'shirt': {
      // buttoned all the way down, a breast pocket, a pointed collar in the shirt's cloth
      const pocket = on.at(-sk.hemHalf * 0.5, t * 0.7);
      const w = sk.hemHalf * 0.32;
      return (
        line(
          `M${pt(on.at(0, t - 20))}L${pt(on.at(0, sk.hemV + 10))}`,
          cloth.shadow,
          STROKE.detail,
        ) +
        [0.8, 0.6, 0.4, 0.2]
          .map((v) => button(on.at(7, t * v + sk.hemV * (1 - v)), 5.5, cloth.trim))
          .join('') +
        shape(
          `M${n(pocket.x - w / 2)},${n(pocket.y)}h${n(w)}v${n(w * 0.9)}q0,${n(w * 0.25)} ${n(-w / 2)},${n(w * 0.25)}q${n(-w / 2)},0 ${n(-w / 2)},${n(-w * 0.25)}Z`,
          cloth.base,
          STROKE.detail,
        ) +
        collar(on, sk, cloth.base, 62, 0.95)
      );
    }
    case 'scoop':
      return neckline(on, sk, skin, cloth.trim, 40);
    case 'jumper':
      // a round ribbed neck, a knitted stripe across the chest, a ribbed hem
      return (
        hemBand(on, sk, cloth.shadow) +
        line(
          `M${pt(on.torso(-sk.hemHalf * 0.98, t * 0.6))}L${pt(on.torso(sk.hemHalf * 0.98, t * 0.6))}`,
          cloth.trim,
          16,
        ) +
        neckline(on, sk, skin, cloth.shadow, 26)
      );
    case 'cardigan': {
      // open over a light shirt: the shirt in a V down the middle with its collar, the cardigan's
      // two edges with buttons down one of them, pockets low on each side
      const shirt = under ?? { base: WHITE, shadow: cloth.trim, trim: WHITE };
      const nl = on.torso(-sk.neckW * 0.62, t + 2);
      const nr = on.torso(sk.neckW * 0.62, t + 2);
      const low = on.at(0, sk.hemV + t * 0.34);
      const hem = on.at(0, sk.hemV + 8);
      const edges = `M${pt(nl)}L${pt(low)}L${pt(hem)}M${pt(nr)}L${pt(on.at(10, sk.hemV + t * 0.34))}`;
      const pockets = [-1, 1]
        .map((side) => {
          const c = on.at(side * sk.hemHalf * 0.55, sk.hemV + t * 0.2);
          return line(`M${n(c.x - 40)},${n(c.y)}h80`, cloth.shadow, 12);
        })
        .join('');
      return (
        shape(`M${pt(nl)}L${pt(nr)}L${pt(low)}Z`, shirt.base, STROKE.detail) +
        collar(on, sk, shirt.base, 50, 0.8) +
        line(edges, OUTLINE, STROKE.detail) +
        [0.5, 0.3, 0.12].map((v) => button(on.at(-14, sk.hemV + t * v), 7, cloth.trim)).join('') +
        pockets +
        hemBand(on, sk, cloth.shadow)
      );
    }
  }
}
