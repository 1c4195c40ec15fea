// Shared types of the book. Pure and isomorphic: no Node, no DOM.
// Units: 1 unit = 0.1 mm on the printed page. A page is 2450 x 3000 units (24.5 x 30 cm),
// a spread 4900 x 3000. Print adds a bleed of 30 units (3 mm) on every side, so every
// background must cover x from -30 to width + 30 and y from -30 to 3030.

export const PAGE_WIDTH = 2450;
export const PAGE_HEIGHT = 3000;
export const SPREAD_WIDTH = 4900;
export const BLEED = 30;

/** Book languages as the API receives them (lowercased): defined with the shop's in languages.ts. */
export { BOOK_LANGUAGES, type BookLanguage } from './languages.ts';

export type Gender = 'boy' | 'girl';
export type Role = 'child' | 'dad' | 'mum';

/**
 * 'cover', 'dedication', then 22 spreads 'page_1-2' ... 'page_43-44', then 'back-cover' (the back
 * of the book with the blurb: what the cover wrap prints left of the spine, issue #43).
 */
export const SPREAD_IDS = Array.from({ length: 22 }, (_, i) => `page_${2 * i + 1}-${2 * i + 2}`);
export const PAGE_IDS = ['cover', 'dedication', ...SPREAD_IDS, 'back-cover'] as const;
export type PageId = string;

export function isSpread(page: PageId): boolean {
  return page.startsWith('page_');
}

/**
 * Character poses the bodies are drawn in (book/art/characters). Gestures: 'tummy' (a hand on
 * the tummy), 'point' (a hand at the chest, showing where a feeling sits), 'hug' (the +x arm
 * reaches out round a neighbour's shoulders), 'crouch' (knees bent, arms out, a goalkeeper),
 * 'kneel' (down on one knee, at a seated child's eye level); 'sit-tummy' and 'sit-point' are
 * the same gestures sitting; 'sit-tuck' (sitting, leaning towards -x, that hand tucking a duvet
 * in), 'sit-reach' (sitting, the -x hand on a neighbour's shoulder), 'sit-around' (sitting, the -x
 * arm round a smaller neighbour's shoulders), 'sit-wave' (sitting, waving, a ball on the lap) and
 * 'sit-look-up' (sitting, the head tipped back, the face lifted, eyes up: the stars on a ceiling).
 *
 * Touch and feeling (book/art/characters/contact-poses.ts; the partner stands on the +x side,
 * flip mirrors): 'hug-kneel' (a grown-up kneeling, leaning in, both arms forward round a child:
 * the +x arm behind the child's back at shoulder-blade height, the -x hand on the child's near
 * side; the -x knee down, its shin going back into depth, the +x foot planted), 'embrace'
 * (standing, both arms wrapped round someone in front at chest height, or a lifted child),
 * 'hug-reach' (a child's arms up and round a kneeling grown-up's neck), 'hug-cheer' (a child
 * hugging one grown-up kneeling on the -x side: that arm round the neck, the +x fist up in the
 * air, 'I did it!'), 'hold-hand' (grown-up:
 * the +x hand lowered and forward; child: the +x hand reaching up to a grown-up's hand),
 * 'sit-head-down' (sitting hunched, elbows on knees, head bowed, eyes on the ground), 'fall-act'
 * (acting out a fall: leaning back, one arm flung up, a leg kicked up), 'laugh' (both hands on
 * the tummy, head tipped back; pair it with the 'laughing' face), 'point-at' (the +x arm up and
 * out, a finger pointing, eyes up along it), 'read' (both hands in front at the chest holding a
 * book, head bowed), 'look-up' (head tipped back, eyes up) and 'kiss' (sitting on a bed's edge,
 * bent over towards the child on +x, the head tipped to the child's forehead: a goodnight kiss).
 * For a hug that wraps round, draw the hugger twice with `part`: 'body' behind the partner and
 * 'arms' (the near arms and the face) in front of them (CharacterSlot.part). poseAnchors gives every pose's hands, feet,
 * neck, hip and head top.
 */
export const POSES = [
  'stand',
  'run',
  'kick',
  'cheer',
  'sit',
  'wave',
  'tummy',
  'point',
  'hug',
  'crouch',
  'kneel',
  'sit-tummy',
  'sit-point',
  'sit-tuck',
  'sit-reach',
  'sit-around',
  'sit-wave',
  'sit-look-up',
  'hug-kneel',
  'embrace',
  'hug-reach',
  'hug-cheer',
  'hold-hand',
  'sit-head-down',
  'fall-act',
  'laugh',
  'point-at',
  'read',
  'look-up',
  'kiss',
] as const;
export type Pose = (typeof POSES)[number];

/** Faces (book/art/characters/expressions.ts); the scene notes say who feels what. */
export const EXPRESSIONS = [
  'happy',
  'sad',
  'worried',
  'determined',
  'calm',
  'proud',
  'surprised',
  'content',
  'laughing',
  'kiss',
  'yawning',
] as const;
export type Expression = (typeof EXPRESSIONS)[number];

/**
 * What a character wears: 'day' (the child's football kit, the parents' everyday clothes),
 * 'pyjamas' (the child at bedtime and early in the morning, with the football boots on when the
 * page says so), 'gown' (Dad in a dressing gown over pyjamas, in slippers).
 */
export type Outfit = 'day' | 'pyjamas' | 'gown';

/**
 * Which way a figure's head and body turn: 'front' (to the reader), 'three-quarter' (turned
 * about 40 degrees towards +x: the face slides towards +x, the far eye narrows, one ear shows),
 * 'side' (a profile facing +x). `flip` mirrors it, so a flipped 'side' figure faces -x.
 */
export const VIEWS = ['front', 'three-quarter', 'side'] as const;
export type View = (typeof VIEWS)[number];

/** Named gaze directions (figure space before flip: 'right' is towards +x, 'up' up the page). */
export const GAZES = [
  'front',
  'left',
  'right',
  'up',
  'down',
  'up-left',
  'up-right',
  'down-left',
  'down-right',
] as const;
/**
 * Where the eyes look: a named direction or a vector {x, y} (figure space before flip, y down,
 * length up to 1). Default: where the head faces (the reader from the front, +x when turned).
 */
export type Gaze = (typeof GAZES)[number] | { x: number; y: number };

/** Where a character stands in a scene: feet centre at (x, y), scaled, optionally mirrored. */
export interface CharacterSlot {
  role: Role;
  pose: Pose;
  x: number;
  y: number;
  scale: number;
  flip?: boolean;
  /** The face; by default what the page's scene note says this role feels (else happy). */
  expression?: Expression;
  /** The clothes; by default 'day'. */
  outfit?: Outfit;
  /** Which way head and body turn; by default 'front'. */
  view?: View;
  /** Where the eyes look; by default where the head faces (or where the pose looks). */
  gaze?: Gaze;
  /**
   * Which part of the figure to draw: 'whole' (default), 'body' (the body, the far arm and the
   * hair behind the head) or 'arms' (the arms drawn in front of the torso, and the face with its
   * hair, glasses and beard). A hug that wraps round someone lists the hugger twice, as 'body'
   * before the partner and as 'arms' after: the hugger's face comes cheek to cheek beside the
   * partner's, in front of the partner's hair.
   */
  part?: FigurePart;
  /**
   * Where the hands reach, in page units (the -x hand L and the +x hand R, before flip): the arm
   * bends at the elbow so the hand touches it (a fork, a steering wheel, a shoulder, a pole).
   * `round`: that arm goes round behind someone drawn in front of the figure (an arm round a
   * child's shoulders): the arm is drawn with the body, behind the partner, and only its hand
   * comes in front, resting on the partner's far shoulder (the figure listed as 'body' and 'arms').
   */
  reach?: {
    L?: { x: number; y: number };
    R?: { x: number; y: number };
    round?: 'L' | 'R';
  };
  /** What the reaching hands hold or touch (a part's name: 'banner', 'steering-wheel'), said on the figure (data-holds). */
  holds?: string;
}

export type FigurePart = 'whole' | 'body' | 'arms';

/** A rectangle for story text, in page units, with how the text sits in it. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
  /** Preferred font size in units; the layout shrinks down to minSize to fit. */
  size: number;
  minSize: number;
  /** Optional panel drawn behind the text for legibility. */
  panel?: boolean;
  /**
   * Room between the lines and the panel's edge, in units (default book/text/draw-text.ts
   * PANEL_PAD_X and PANEL_PAD_Y): a card read at arm's length (the back cover) gets more.
   */
  pad?: { x: number; y: number };
  /**
   * Letter colour: 'dark' (default, dark-brown letters for light skies and walls) or 'light'
   * (warm-white letters with a dark halo, for night skies and dark walls). With a panel, the
   * panel takes the opposite tone.
   */
  ink?: 'dark' | 'light';
}
