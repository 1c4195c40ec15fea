// The back garden seen from a second camera: standing in the house's back door looking down the
// lawn (9-10). The door frame and the patio are in the foreground at the left; the lawn runs
// away to a hedge; the washing line crosses the middle; Mum's tulip bed is at the far end, where
// the ball lands. The garden of 7-8 (garden.ts) is seen from the side, with the shed.

import { SCENE } from '#book/art/palette.ts';
import { bucket, washingLine } from './garden.ts';
import { BOTTOM, TOP, blob, ink, light, n, path, rect, rrect, shade } from './kit.ts';
import { bush, house, tree, tufts } from './outdoor.ts';
import { SKY, cloud, sky, sun } from './sky.ts';
import { part } from './part.ts';
import { tulipBed } from './props.ts';

export interface BackDoorOptions {
  /** The tulip bed at the far end: x0..x1 along its front edge at y. */
  tulips: { x0: number; x1: number; y: number };
  /** The washing line: x0..x1, rope height y, poles standing on baseY. */
  line: { x0: number; x1: number; y: number; baseY: number };
  /** The bucket goal: left bucket x, ground y; the right bucket is `gap` further. */
  buckets: { x: number; y: number; gap: number };
}

/** A clipped hedge along the end of the garden, top at y. */
function hedge(x0: number, x1: number, y: number, h: number, color: string): string {
  let s = rect(x0, y, x1 - x0, h, color, ink());
  for (let x = x0 + 120; x < x1; x += 260)
    s += path(blob(x, y + 10, 150, 60, 7, Math.round(x)), color, ink(5));
  return s + rect(x0, y + h * 0.55, x1 - x0, h * 0.45, shade(color, 0.1));
}

/** The garden from the back door: spread width. */
export function gardenFromBackDoor(width: number, o: BackDoorOptions): string {
  const time = 'afternoon';
  const t = SKY[time];
  const lawnY = 1900;
  let s = sky(width, time, lawnY);
  s += sun(4450, 380, 150) + cloud(2900, 420, 0.9, t.cloud, 3) + cloud(3800, 700, 0.6, t.cloud, 8);
  // Over the hedge: the neighbours' roofs and big trees.
  s +=
    house(2250, lawnY - 120, 700, 420, '#e9d3b5', '#b5574b', 4) +
    house(3300, lawnY - 140, 600, 380, '#cfe0e8', '#5b6b8c', 7);
  s +=
    tree(1550, lawnY - 140, 1.3, shade(t.grass, 0.12), 'round', 5) +
    tree(4350, lawnY - 160, 1.2, shade(t.grass, 0.08), 'tall', 6);
  s += hedge(-30, width + 30, lawnY - 260, 300, '#5f9448');
  // The lawn, mown in stripes running away from the door.
  s += rect(-30, lawnY, width + 60, BOTTOM - lawnY, t.grass, ink());
  let stripes = '';
  for (let i = -6; i < 14; i += 2) {
    const xa = 2450 + i * 380;
    const xb = 2450 + (i + 1) * 380;
    stripes += `M${n(xa)} ${n(lawnY)}L${n(xb)} ${n(lawnY)}L${n(2450 + (i + 1) * 1300)} ${n(BOTTOM)}L${n(2450 + i * 1300)} ${n(BOTTOM)}Z`;
  }
  s += path(stripes, light(t.grass, 0.12));
  s += bush(300, lawnY + 60, 1.2, SCENE.grassDark, 4);
  s += part('tulips', tulipBed(o.tulips.x0, o.tulips.x1, o.tulips.y, 300));
  s += part('washing-line', washingLine(o.line.x0, o.line.x1, o.line.y, o.line.baseY));
  s += tufts(-30, width + 30, lawnY + 200, 2980, 60, shade(t.grass, 0.15), 17);
  s += part(
    'bucket-goal',
    bucket(o.buckets.x, o.buckets.y, 1.05, '#3d8fd6') +
      bucket(o.buckets.x + o.buckets.gap, o.buckets.y, 1.05, '#ffd447'),
  );
  // The camera stands in the back door: the patio slabs and the door frame at the left edge.
  s += path(`M-30 2560L700 2480L1050 ${BOTTOM}H-30Z`, '#cfc6b8', ink());
  s += path(
    `M-30 2760L820 2690M330 2520L480 ${BOTTOM}`,
    'none',
    `stroke="${shade('#cfc6b8', 0.2)}" stroke-width="10"`,
  );
  s +=
    rect(-30, TOP, 200, BOTTOM - TOP, '#f3ede2', ink()) +
    rect(170, TOP, 40, BOTTOM - TOP, shade('#f3ede2', 0.12), ink(5));
  s +=
    rrect(-30, 2850, 460, 180, 20, '#b5574b', ink(5)) +
    path('M20 2900h360M20 2960h360', 'none', `stroke="${light('#b5574b', 0.2)}" stroke-width="10"`);
  return s;
}
