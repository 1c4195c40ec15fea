// The family hug of 41-42 (issue #32): the grown-ups kneel either side of the child, arms round.

import { type CharacterSlot } from '../../types.ts';
import { slot } from './layout-kit.ts';

/**
 * The family hug of 41-42, close: Mum and Dad kneel on either side of the child and wrap their
 * arms round, the child reaches round their shoulders, faces close. Each grown-up is drawn twice:
 * the body behind the child, the arms in front (CharacterSlot.part).
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
  ...(part === 'body' ? { gaze: 'right' as const } : {}),
  part,
});

const HUG_CHILD: CharacterSlot = slot('child', 'hug-reach', HUG_X, HUG_Y, HUG_S);

export const HUG: CharacterSlot[] = [
  hugger('mum', -400, false, 'body'),
  hugger('dad', 420, true, 'body'),
  HUG_CHILD,
  hugger('mum', -400, false, 'arms'),
  hugger('dad', 420, true, 'arms'),
];

export const SOLO_HUG: CharacterSlot[] = [
  hugger('mum', -400, false, 'body'),
  HUG_CHILD,
  hugger('mum', -400, false, 'arms'),
];
