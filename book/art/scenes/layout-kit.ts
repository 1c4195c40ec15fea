// The parts every spread's layout is made of: the layout type, figure boxes and seats, the text-safe
// places, small props placed against a figure. The pages themselves are in layouts.ts.

import type { CharacterSlot, Pose, Role, TextBox, View } from '#book/types.ts';
import { poseAnchors } from '#book/art/characters/draw-character.ts';
import { ball } from './football.ts';
import { sportsBag } from './bedroom.ts';
import { variety, type Extra } from './people.ts';
import { OPPONENT, REFEREE, team, type SceneContext } from './stadium.ts';
import type { ParentCharacter } from '#book/catalogue.ts';
import type { GrownUpKind } from '#book/family.ts';

export type { SceneContext } from './stadium.ts';

/**
 * What props over the figures know besides the scene: who plays each grown-up part (their kind
 * and look), for a prop that shows them (the storyteller as a child in 27-28's bubble).
 */
export interface PropContext extends SceneContext {
  people?: Partial<Record<'dad' | 'mum', { kind: GrownUpKind; look: ParentCharacter }>>;
}

/** How close the camera is (issue #49): see shotKindOf. */
export type ShotKind = 'close' | 'medium' | 'wide';

/**
 * The camera of a spread: the shot, the place and the view of it (where the camera stands and
 * where it looks). tests/book/staging.test.ts holds the shot to the figures' size on the page and
 * allows a place's view on at most four spreads.
 */
export interface Shot {
  kind: ShotKind;
  place: string;
  view: string;
}

export interface SpreadLayout {
  /** 2450 for the cover and the dedication, 4900 for spreads. */
  width: number;
  /** SVG fragment (no <svg> wrapper) painting the full scene including the 30-unit bleed. */
  background: (ctx?: SceneContext) => string;
  /** Props drawn over the figures (a table edge, a car body, an umbrella, the ball at a foot). */
  foreground?: (ctx?: PropContext) => string;
  /** The camera (every spread has one; the cover and the dedication none). */
  shot?: Shot;
  /** Where child, dad and mum stand: feet centre at (x, y). */
  slots: CharacterSlot[];
  /** Where the story text goes. */
  textBoxes: TextBox[];
  /** Cover only: the title with the child's name. */
  titleBox?: TextBox;
  /** Where words painted in the picture go (the banner of 19-20; book/story signs). */
  signBox?: TextBox;
  /**
   * The child's name and a number printed on the back of a shirt (book/text/sign.ts
   * shirtBackLettering), drawn with the words so the book's fonts are there in every renderer:
   * `box` is the printable part of the back in page units, `arch` the name's rise at its middle
   * (0: straight), `rotate` degrees about the box's centre (a leaning figure).
   */
  shirtBacks?: {
    box: { x: number; y: number; width: number; height: number };
    number: string | number;
    arch?: number;
    rotate?: number;
  }[];
  /**
   * A book with one grown-up (issue #33: one mum, one dad, one grandparent): which grown-up part
   * of this page stays, drawn with that grown-up's look, and optionally the page's slots re-staged
   * for that book (the child and the one grown-up). Default: keep 'mum' when the page has her,
   * else 'dad'; the other part's slot is left out.
   */
  solo?: {
    keep: 'dad' | 'mum';
    slots?: CharacterSlot[];
    /** The foreground for that staging (a child's plate where the child now sits). */
    foreground?: (ctx?: PropContext) => string;
    /** The kept part's props for that staging. */
    partProps?: Partial<Record<'dad' | 'mum', (ctx?: PropContext) => string>>;
  };
  /**
   * Furniture behind the figures that belongs to whoever is drawn (a chair back at the dinner
   * table): drawn first in the figures layer, for the slots this family's page draws, so no
   * chair stands empty where a grown-up is left out.
   */
  seats?: (slots: readonly CharacterSlot[]) => string;
  /**
   * Drawn over the figures' bodies and under the arms and faces drawn in front (slots with
   * `part: 'arms'`): a table the family sits at, whose top hides their laps while their hands
   * rest on it.
   */
  midground?: (ctx?: PropContext) => string;
  /**
   * Props that belong to one grown-up part (Dad's mug, Mum's umbrella, a hand on the banner pole):
   * drawn over the figures only when that part is in the picture.
   */
  partProps?: Partial<Record<'dad' | 'mum', (ctx?: PropContext) => string>>;
}

/** Figure heights at scale 1 (book/STYLE.md). */
export const FIGURE_HEIGHT: Record<Role, number> = { child: 1150, dad: 1700, mum: 1700 };

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The box a figure covers at scale 1, unflipped, relative to its feet, from the pose's key
 * points (book/art/characters poseAnchors): head circle, hands and shoes with room for the
 * shoe length, the fists and the sleeves. tests/book/scenes.test.ts checks the real drawings
 * stay inside it.
 */
export function figureBox(role: Role, pose: Pose, view: View = 'front'): Box {
  const a = poseAnchors(role, pose, view);
  // a tipped head swings its hair out about the neck
  const head = a.headRadius * (1.1 + Math.abs(Math.sin((a.headTilt * Math.PI) / 180)) * 0.8);
  const body = a.bodyHalfWidth;
  const hand = 75;
  // a pointing finger reaches past the fist
  const handR = pose === 'point-at' ? 140 : hand;
  const shoe = 135;
  const x0 = Math.min(
    -a.shadowHalfWidth,
    a.neck.x - head,
    a.neck.x - body,
    a.hip.x - body,
    a.headTop.x - head,
    a.handL.x - hand,
    a.handR.x - handR,
    a.elbowL.x - hand,
    a.elbowR.x - hand,
    a.footL.x - shoe,
    a.footR.x - shoe,
  );
  const x1 = Math.max(
    a.shadowHalfWidth,
    a.neck.x + head,
    a.neck.x + body,
    a.hip.x + body,
    a.headTop.x + head,
    a.handL.x + hand,
    a.handR.x + handR,
    a.elbowL.x + hand,
    a.elbowR.x + hand,
    a.footL.x + shoe,
    a.footR.x + shoe,
  );
  const y0 = Math.min(
    a.headTop.y - Math.max(25, a.headRadius * 0.2),
    a.handL.y - hand,
    a.handR.y - handR,
  );
  return { x0, y0, x1, y1: 45 };
}

/** How tall a figure would stand on the page (feet to the top of the head), in page units. */
export function standingHeight(slot: CharacterSlot): number {
  return -poseAnchors(slot.role, 'stand').headTop.y * slot.scale;
}

/**
 * The shot the figures make (issue #49): close when a figure would stand at least 2300 units tall
 * (77 % of the page: the frame or the furniture cuts it at the chest), medium from 1650 (55 %:
 * cut at the waist or the knees, or a whole figure that fills the page), else wide.
 */
export function shotKindOf(slots: readonly CharacterSlot[]): ShotKind {
  const tallest = Math.max(0, ...slots.map(standingHeight));
  return tallest >= 2300 ? 'close' : tallest >= 1650 ? 'medium' : 'wide';
}

/** The page area a figure covers at its slot. */
export function slotBounds(slot: CharacterSlot): Box {
  const b = figureBox(slot.role, slot.pose, slot.view);
  const s = slot.scale;
  const x0 = slot.flip ? slot.x - b.x1 * s : slot.x + b.x0 * s;
  const x1 = slot.flip ? slot.x - b.x0 * s : slot.x + b.x1 * s;
  return {
    x0: Math.round(x0),
    y0: Math.round(slot.y + b.y0 * s),
    x1: Math.round(x1),
    y1: Math.round(slot.y + b.y1 * s),
  };
}

/** The seat is this far below the hip centre of a sitting figure (scale 1). */
const SEAT_DROP: Record<Role, number> = { child: 28, dad: 42, mum: 40 };

/** A sitting slot whose seat (under the hips) is at (sx, sy). */
export function seated(
  role: Role,
  sx: number,
  sy: number,
  scale: number,
  flip = false,
  pose: Pose = 'sit',
): CharacterSlot {
  const hip = poseAnchors(role, pose).hip;
  return {
    role,
    pose,
    x: Math.round(sx - (flip ? -hip.x : hip.x) * scale),
    y: Math.round(sy + (-hip.y - SEAT_DROP[role]) * scale),
    scale,
    flip,
  };
}

/** Where a figure's +x hand (the waving one) is on the page. */
export function handOf(s: CharacterSlot): { x: number; y: number } {
  const h = poseAnchors(s.role, s.pose, s.view).handR;
  return { x: s.x + (s.flip ? -h.x : h.x) * s.scale, y: s.y + h.y * s.scale };
}

/** Where the kicking (+x) foot of a figure is on the page. */
export function kickingFoot(s: CharacterSlot): { x: number; y: number } {
  const f = poseAnchors(s.role, s.pose, s.view).footR;
  return { x: s.x + (s.flip ? -f.x : f.x) * s.scale, y: s.y + f.y * s.scale };
}

/** The story's type size in units (64 = 6.4 mm = 18 pt) and the least it may shrink to. */
export const STORY_SIZE = 64;
export const STORY_MIN_SIZE = 58;

export function text(
  x: number,
  y: number,
  width: number,
  height: number,
  extra: Partial<TextBox> = {},
): TextBox {
  return {
    x,
    y,
    width,
    height,
    align: 'center',
    size: STORY_SIZE,
    minSize: STORY_MIN_SIZE,
    ...extra,
  };
}

/**
 * The text-safe places (tests/book/text-safe.test.ts checks every line against the art): calm
 * sky or wall at the top of the left or right page, or the same place on a soft panel where
 * clouds, trees, a stand roof or wall stars run behind the words.
 */
export const TOP_LEFT = text(220, 130, 2010, 700);
export const TOP_LEFT_PANEL = text(220, 130, 2010, 700, { panel: true });
export const TOP_RIGHT_PANEL = text(2670, 130, 2010, 700, { panel: true });
/** Over a night sky or a dark wall: light letters on a dark panel. */
export const TOP_LEFT_NIGHT_PANEL = text(220, 130, 2010, 640, { ink: 'light', panel: true });
export const TOP_RIGHT_NIGHT = text(2670, 110, 2010, 700, { ink: 'light' });

export function slot(
  role: Role,
  pose: Pose,
  x: number,
  y: number,
  scale: number,
  flip = false,
  look: Pick<CharacterSlot, 'view' | 'gaze' | 'expression'> = {},
): CharacterSlot {
  return { role, pose, x, y, scale, flip, ...look };
}

/** A ball lying at a foot. */
export function ballAt(x: number, y: number, r = 95): string {
  return ball(x, y - r, r, 20);
}

export function players(
  ctx: SceneContext | undefined,
  list: (Omit<Extra, 'shirt' | 'shorts'> & { side: 'us' | 'them' | 'ref' })[],
): Extra[] {
  const us = team(ctx);
  return list.map(({ side, ...e }, i) => ({
    ...variety(i + 3),
    ...e,
    ...(side === 'us'
      ? us
      : side === 'them'
        ? OPPONENT
        : { shirt: REFEREE.shirt, shorts: REFEREE.shorts }),
  }));
}

/** The kicked ball just in front of the kicking foot. */
export function kickedBall(s: CharacterSlot, r: number, ahead = 1.2): string {
  const f = kickingFoot(s);
  return ball(f.x + r * ahead, f.y - r * 0.6, r, 20);
}

/** A ball at the leading foot of a runner, on the ground. */
export function dribbledBall(s: CharacterSlot, r: number): string {
  const f = kickingFoot(s);
  return ballAt(f.x + r * 1.1, s.y, r);
}

/** The three seats of the family car (driver, front passenger, the child in the back). */
export const CAR_SLOTS = [
  seated('dad', 1750, 1850, 0.95),
  seated('mum', 2800, 1830, 0.92),
  seated('child', 3800, 1890, 1.15),
];

export const BENCH = { seatY: 2420, floorY: 2900 };

/** The kit bag on the ground under one end of the bench (never under the child's boots). */
export function bagBeside(x: number): string {
  return sportsBag(x, BENCH.floorY, 0.9, '#3d8fd6');
}
