// The family hug of 41-42 (issue #32): the grown-ups kneel either side of the child, arms round.

import type { CharacterSlot } from '#book/types.ts';
import { slot } from './layout-kit.ts';

/**
 * The family hug of 41-42, close: Mum and Dad kneel on either side of the child and wrap their
 * arms round, the child reaches round their shoulders, faces cheek to cheek. Each grown-up is
 * drawn twice: the body behind the child, the near arms and the face in front (CharacterSlot.part),
 * so the child's hair never hides a grown-up's eyes, smile, glasses or beard.
 */
const HUG_X = 3450;

const HUG_Y = 2960;

const HUG_S = 1.4;

const hugger = (
  role: 'mum' | 'dad',
  dx: number,
  flip: boolean,
  part: 'body' | 'arms',
): CharacterSlot => ({
  ...slot(role, 'hug-kneel', Math.round(HUG_X + dx * HUG_S), HUG_Y, HUG_S, flip),
  view: 'three-quarter',
  gaze: 'right' as const,
  part,
});

const HUG_CHILD: CharacterSlot = slot('child', 'hug-reach', HUG_X, HUG_Y, HUG_S);

/**
 * Grown-ups' offsets from the child (figure units): close enough for the near hand to rest on
 * the child's side, far enough for each grown-up's face to sit cheek to cheek beside the child's
 * big head, not behind it (their faces are drawn in front of the child's hair).
 */
export const MUM_DX = -395;
export const DAD_DX = 415;

export const HUG: CharacterSlot[] = [
  hugger('mum', MUM_DX, false, 'body'),
  hugger('dad', DAD_DX, true, 'body'),
  HUG_CHILD,
  hugger('mum', MUM_DX, false, 'arms'),
  hugger('dad', DAD_DX, true, 'arms'),
];

/**
 * One grown-up: the pair sits in the middle of the right-hand page, the child's free fist up in
 * the air ('I did it!') instead of reaching for a second grown-up who is not there.
 */
const SOLO_SHIFT = 280;

const SOLO_CHILD: CharacterSlot = slot('child', 'hug-cheer', HUG_X + SOLO_SHIFT, HUG_Y, HUG_S);

const soloHugger = (part: 'body' | 'arms'): CharacterSlot => {
  const s = hugger('mum', MUM_DX, false, part);
  return { ...s, x: s.x + SOLO_SHIFT };
};

export const SOLO_HUG: CharacterSlot[] = [soloHugger('body'), SOLO_CHILD, soloHugger('arms')];
