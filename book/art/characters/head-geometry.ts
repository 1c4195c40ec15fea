// Head geometry per role, in head space: the face centre is (0, 0), y grows downwards.
// The head group is drawn at `scale` and attached so that head-space point (0, neckY) lands on
// the body's neck point. All head layers (face, hair, accessories) use these numbers, which is
// what keeps glasses, hearing aids and hair lined up on every skin tone and in every pose.

import type { Role } from '#book/types.ts';

export interface HeadGeometry {
  /** Half width of the face at ear height. */
  W: number;
  /** Top of the skull (y). */
  T: number;
  /** Chin (y). */
  C: number;
  /** Ear centre height (y); ears sit at x = +-W. */
  E: number;
  earRx: number;
  earRy: number;
  eyeX: number;
  eyeY: number;
  eyeRx: number;
  eyeRy: number;
  browY: number;
  noseY: number;
  mouthY: number;
  mouthW: number;
  cheekX: number;
  cheekY: number;
  /** The face outline path. */
  face: string;
  /** Head-space y of the neck attachment point. */
  neckY: number;
  /** World units per head unit. */
  scale: number;
  /** How far the widest hair style reaches from the face centre (x) and its highest point (y). */
  hairHalfWidth: number;
  hairTop: number;
}

export const HEADS: Record<Role, HeadGeometry> = {
  child: {
    W: 104,
    T: -100,
    C: 98,
    E: 16,
    earRx: 19,
    earRy: 24,
    eyeX: 40,
    eyeY: 12,
    eyeRx: 16,
    eyeRy: 20,
    browY: -24,
    noseY: 40,
    mouthY: 58,
    mouthW: 28,
    cheekX: 64,
    cheekY: 46,
    face: 'M0,-100C62,-100 104,-58 104,4C104,62 64,98 0,98C-64,98 -104,62 -104,4C-104,-58 -62,-100 0,-100Z',
    neckY: 114,
    scale: 2.05,
    hairHalfWidth: 196,
    hairTop: -146,
  },
  dad: {
    W: 94,
    T: -112,
    C: 110,
    E: 6,
    earRx: 17,
    earRy: 24,
    eyeX: 36,
    eyeY: 2,
    eyeRx: 13,
    eyeRy: 16,
    browY: -30,
    noseY: 36,
    mouthY: 66,
    mouthW: 26,
    cheekX: 58,
    cheekY: 42,
    face: 'M0,-112C60,-112 94,-74 94,-6C94,46 84,82 56,100C36,112 -36,112 -56,100C-84,82 -94,46 -94,-6C-94,-74 -60,-112 0,-112Z',
    neckY: 138,
    scale: 1.6,
    hairHalfWidth: 117,
    hairTop: -149,
  },
  mum: {
    W: 90,
    T: -110,
    C: 108,
    E: 6,
    earRx: 16,
    earRy: 22,
    eyeX: 35,
    eyeY: 2,
    eyeRx: 13,
    eyeRy: 17,
    browY: -30,
    noseY: 36,
    mouthY: 64,
    mouthW: 24,
    cheekX: 56,
    cheekY: 44,
    face: 'M0,-110C58,-110 90,-72 90,-6C90,52 62,102 0,108C-62,102 -90,52 -90,-6C-90,-72 -58,-110 0,-110Z',
    neckY: 134,
    scale: 1.55,
    hairHalfWidth: 149,
    hairTop: -184,
  },
};
