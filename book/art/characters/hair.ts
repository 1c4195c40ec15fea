// Hair styles, drawn in head space (see head-geometry.ts). Every style has a back layer (drawn
// behind the body and the face) and a front layer (drawn last, over glasses arms). Front layers
// stop above the ears so glasses arms and hearing aids stay visible.

import type { Role } from '#book/types.ts';
import { STROKE, type HairColour } from '#book/art/palette.ts';
import type { HeadGeometry } from './head-geometry.ts';
import type { HairDrawing, Style } from './hair/shared.ts';
import {
  boyBuzz,
  boyCurly,
  boyShort,
  boyTousled,
  girlCurly,
  girlLong,
  girlPigtails,
  girlPonytail,
} from './hair/child.ts';
import {
  dadCurly,
  dadQuiff,
  dadReceding,
  dadShaved,
  dadShort,
  mumBob,
  mumBun,
  mumCurls,
  mumLong,
} from './hair/grown-ups.ts';

const STYLES: Record<string, Style> = {
  'child:short': boyShort,
  'child:tousled': boyTousled,
  'child:curly:boy': boyCurly,
  'child:buzz': boyBuzz,
  'child:long': girlLong,
  'child:pigtails': girlPigtails,
  'child:curly:girl': girlCurly,
  'child:ponytail': girlPonytail,
  'dad:short': dadShort,
  'dad:quiff': dadQuiff,
  'dad:curly': dadCurly,
  'dad:receding': dadReceding,
  'dad:shaved': dadShaved,
  'mum:long': mumLong,
  'mum:bun': mumBun,
  'mum:bob': mumBob,
  'mum:curls': mumCurls,
};

/** Draw a hair style in head space. styleKey comes from the catalogue option. */
export function drawHair(
  role: Role,
  styleKey: string,
  gender: string | undefined,
  g: HeadGeometry,
  colour: HairColour,
  skin: string,
): HairDrawing {
  const style = STYLES[`${role}:${styleKey}:${gender ?? ''}`] ?? STYLES[`${role}:${styleKey}`];
  if (!style) throw new Error(`no hair drawing for ${role} ${styleKey}`);
  return style({ g, c: colour, o: STROKE.outline / g.scale, f: STROKE.fine / g.scale, skin });
}
