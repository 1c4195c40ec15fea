// A camera for scenes drawn once in their own world (the team bench, the car's cabin) and filmed
// from several set-ups: page = world × zoom + (x, y). The same bench seen close on 23-24 and from
// further away on 25-26 is one drawing under two cameras, so it cannot move between the pages.
// Figures placed with the camera land on the same seat of that drawing at the camera's scale.

import type { CharacterSlot, Pose, Role } from '#book/types.ts';
import { seated, slot } from './layout-kit.ts';

export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

/** The world drawing as the camera sees it. */
export function film(cam: Camera, svg: string): string {
  return `<g transform="translate(${cam.x} ${cam.y}) scale(${cam.zoom})">${svg}</g>`;
}

/** A world point on the page. */
export function onPage(cam: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: cam.x + wx * cam.zoom, y: cam.y + wy * cam.zoom };
}

/** A figure sitting on a world seat at (wx, wy), at `scale` in world units. */
export function seatedIn(
  cam: Camera,
  role: Role,
  wx: number,
  wy: number,
  scale: number,
  flip = false,
  pose: Pose = 'sit',
): CharacterSlot {
  const p = onPage(cam, wx, wy);
  return seated(role, p.x, p.y, scale * cam.zoom, flip, pose);
}

/** A figure standing with its feet at world (wx, wy). */
export function standingIn(
  cam: Camera,
  role: Role,
  pose: Pose,
  wx: number,
  wy: number,
  scale: number,
  flip = false,
): CharacterSlot {
  const p = onPage(cam, wx, wy);
  return slot(role, pose, Math.round(p.x), Math.round(p.y), scale * cam.zoom, flip);
}
