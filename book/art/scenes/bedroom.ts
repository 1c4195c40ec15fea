// The bedroom's and the changing room's furniture: bed, nightstand, door, sports bag, clock.

import { INK, PAPER, circle, glow, ink, light, line, n, path, rect, rrect, shade } from './kit.ts';

/** A bed seen from the side with a blanket and pillow. Mattress top at y. */
export function bed(
  x: number,
  w: number,
  y: number,
  floorY: number,
  blanket: string,
  frame = '#b7794a',
): string {
  const head = rrect(x - 60, y - 520, 100, floorY - y + 520, 40, frame, ink());
  const foot = rrect(x + w - 40, y - 200, 90, floorY - y + 200, 36, frame, ink());
  const base = rect(x, y + 60, w, 110, shade(frame, 0.1), ink());
  const mattress = rrect(x, y - 20, w, 100, 30, '#fdf6ea', ink(5));
  const pillow = rrect(x + 40, y - 150, 360, 140, 60, PAPER, ink(5));
  const blanketD = `M${n(x + 330)} ${n(y - 70)}Q${n(x + w * 0.6)} ${n(y - 130)} ${n(x + w - 20)} ${n(y - 60)}L${n(x + w - 10)} ${n(y + 150)}Q${n(x + w * 0.6)} ${n(y + 190)} ${n(x + 320)} ${n(y + 150)}Z`;
  let checks = '';
  for (let i = 1; i < 6; i++)
    checks += `M${n(x + 330 + ((w - 340) * i) / 6)} ${n(y - 90)}V${n(y + 170)}`;
  return (
    head +
    base +
    mattress +
    foot +
    pillow +
    path(blanketD, blanket, ink()) +
    path(
      checks,
      'none',
      `stroke="${light(blanket, 0.3)}" stroke-width="18" fill-opacity="0.7" stroke-opacity="0.7"`,
    )
  );
}

/** A bedside table with a small lamp. */
export function nightstand(x: number, floorY: number): string {
  const h = 420;
  return (
    glow(x + 130, floorY - h - 170, 380, '#ffe8a8', 0.6) +
    rrect(x, floorY - h, 260, h, 20, '#c98b54', ink()) +
    rrect(x + 30, floorY - h + 60, 200, 120, 10, '#d9a06a', ink(4)) +
    circle(x + 130, floorY - h + 120, 12, '#f4c542', ink(3)) +
    line(x + 130, floorY - h - 120, x + 130, floorY - h, INK, 12) +
    path(
      `M${n(x + 40)} ${n(floorY - h - 110)}L${n(x + 80)} ${n(floorY - h - 250)}H${n(x + 180)}L${n(x + 220)} ${n(floorY - h - 110)}Z`,
      '#ffd98a',
      ink(5),
    )
  );
}

/** A door with a round window. */
export function door(x: number, floorY: number, w: number, h: number, color: string): string {
  return (
    rrect(x, floorY - h, w, h, 16, color, ink()) +
    circle(x + w / 2, floorY - h * 0.72, w * 0.2, '#cfe9f7', ink(5)) +
    circle(x + w * 0.85, floorY - h * 0.45, 18, '#d8b46a', ink(4))
  );
}

/** A toy box / bag on the floor: the child's sports bag. */
export function sportsBag(x: number, floorY: number, s: number, color: string): string {
  return (
    path(
      `M${n(x - 90 * s)} ${n(floorY - 180 * s)}Q${n(x)} ${n(floorY - 330 * s)} ${n(x + 90 * s)} ${n(floorY - 180 * s)}`,
      'none',
      `stroke="${INK}" stroke-width="${n(16 * s)}"`,
    ) +
    rrect(x - 220 * s, floorY - 200 * s, 440 * s, 200 * s, 70 * s, color, ink()) +
    rect(x - 220 * s, floorY - 120 * s, 440 * s, 26 * s, light(color, 0.4))
  );
}

/** A clock without numbers, showing `hour` o'clock (dinner at seven by default). */
export function clock(x: number, y: number, r: number, hour = 7): string {
  const a = (hour % 12) * (Math.PI / 6);
  let ticks = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    ticks += `M${n(x + Math.cos(a) * r * 0.78)} ${n(y + Math.sin(a) * r * 0.78)}L${n(x + Math.cos(a) * r * 0.9)} ${n(y + Math.sin(a) * r * 0.9)}`;
  }
  return (
    circle(x, y, r, '#fffaf0', ink()) +
    path(ticks, 'none', `stroke="${INK}" stroke-width="6"`) +
    line(x, y, x, y - r * 0.6, INK, 10) +
    line(x, y, x + Math.sin(a) * r * 0.45, y - Math.cos(a) * r * 0.45, INK, 10) +
    circle(x, y, 10, INK)
  );
}
