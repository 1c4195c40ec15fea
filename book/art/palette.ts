// The picture-book palette. Every drawing in the book (characters and scenes) takes its
// colours and line widths from here so the pages look painted by one hand.
// The rules behind these numbers are written down in book/STYLE.md.

/** Outline colour of every shape: a warm, very dark brown (never pure black). */
export const OUTLINE = '#3a2620';

/** Stroke widths in book units (1 unit = 0.1 mm on paper). */
export const STROKE = {
  /** Outer outline of figures and big foreground objects. */
  outline: 7,
  /** Inner detail lines: folds, seams, mouth, nose, eyelids. */
  detail: 5,
  /** Fine lines: lashes, glasses arms, hair strands. */
  fine: 3.5,
  /** Background objects (far away) use a thinner outline. */
  background: 4,
} as const;

export type SkinToneId = 1 | 2 | 3 | 4 | 5 | 6;

export interface SkinTone {
  /** Main fill. */
  base: string;
  /** Shadow (under the chin, inside the ears, under the hair). */
  shadow: string;
  /** Warm cheek blush. */
  blush: string;
  /** Freckles and the nose line. */
  freckle: string;
  /** Lips/mouth inside. */
  mouth: string;
}

/** Six skin tones, light to deep. Index = tone id (1..6). */
export const SKIN_TONES: Record<SkinToneId, SkinTone> = {
  1: { base: '#fde4d0', shadow: '#f1c3a7', blush: '#f7a8a0', freckle: '#d99873', mouth: '#b2494b' },
  2: { base: '#f6cba5', shadow: '#e5a882', blush: '#f0917f', freckle: '#c98458', mouth: '#a84242' },
  3: { base: '#e2ab7c', shadow: '#c98b5d', blush: '#e0806a', freckle: '#a8683f', mouth: '#9a3b3b' },
  4: { base: '#c48654', shadow: '#a56b3e', blush: '#c9674f', freckle: '#87522c', mouth: '#853233' },
  5: { base: '#91603d', shadow: '#744a2d', blush: '#a24f3c', freckle: '#5f3a22', mouth: '#6e2a2a' },
  6: { base: '#633f29', shadow: '#4b2f1e', blush: '#7d3b2d', freckle: '#3f2718', mouth: '#5c2323' },
};

export type HairColourCode = 'BC' | 'BR' | 'BL' | 'RD' | 'LBR' | 'GY' | 'WH';

export interface HairColour {
  base: string;
  /** Darker tone for the back layer and the strand lines. */
  shadow: string;
  /** Light streak on top of the hair. */
  shine: string;
}

/**
 * Hair colours by catalogue code: black, brown, blond, red, light brown; grey and white for the
 * grown-ups only (grandparents, issue #33).
 */
export const HAIR_COLOURS: Record<HairColourCode, HairColour> = {
  BC: { base: '#2f2623', shadow: '#1f1816', shine: '#54463f' },
  BR: { base: '#6e4327', shadow: '#52301b', shine: '#8f5d3a' },
  BL: { base: '#ebc66b', shadow: '#c9a24a', shine: '#f8e0a0' },
  RD: { base: '#c9562c', shadow: '#a3401d', shine: '#e57a4b' },
  LBR: { base: '#a97c50', shadow: '#8a613a', shine: '#c79e71' },
  GY: { base: '#a19c96', shadow: '#7d7873', shine: '#c9c5bf' },
  WH: { base: '#e9e5dd', shadow: '#c3bdb2', shine: '#fbf9f5' },
};

/**
 * Beards and mustaches on the two deepest skin tones: brown hair's own base is too close to
 * the skin to read as a shape, so the beard goes a deeper brown (like the brows' rule).
 */
export const BEARD_ON_DEEP_SKIN: Partial<Record<HairColourCode, string>> = {
  BR: '#3f2515',
};

/**
 * Light and shade on figures: a soft shadow on the lower right of limbs, torso and face, a light
 * edge on the upper left (light from the top left). Drawn as translucent strokes and shapes
 * over the base colour, so one pair serves every colour; no ids, filters or gradients.
 */
export const FIGURE_LIGHT = {
  shade: '#3a2620',
  shadeOpacity: 0.16,
  light: '#fffaf2',
  lightOpacity: 0.32,
};

export type EyeColourCode = 'GY' | 'BR' | 'GR' | 'BE';

/** Iris colours by catalogue code: grey, brown, green, blue. */
export const EYE_COLOURS: Record<EyeColourCode, string> = {
  GY: '#7f929e',
  BR: '#7a4a2a',
  GR: '#4f9252',
  BE: '#3f86cf',
};

/** Pupils and the darkest dots. */
export const PUPIL = '#2a1c18';
/** White of the eyes, highlights, teeth. */
export const WHITE = '#fffaf2';

/** The child's football kit. */
export const KIT = {
  /** T-shirt 1: tomato red with a white collar and number. */
  tshirt1: { base: '#e4483a', shadow: '#bf3327', trim: '#fffaf2' },
  /** T-shirt 2: sky blue with a sunny yellow collar and number. */
  tshirt2: { base: '#3d8fd6', shadow: '#2c6fad', trim: '#ffd447' },
  /** Shorts 1 white, 2 navy, 3 black. */
  shorts1: { base: '#f6f1e7', shadow: '#d9d0c0' },
  shorts2: { base: '#2f4b7c', shadow: '#223a62' },
  shorts3: { base: '#2d2a2e', shadow: '#1c1a1d' },
  socks: { base: '#f6f1e7', shadow: '#d9d0c0' },
  boots: { base: '#2d2a2e', accent: '#ffd447', studs: '#bdb6aa' },
} as const;

/** The parents' everyday clothes. */
export const CLOTHES = {
  dadShirt: { base: '#3f9c8f', shadow: '#2f7c71', trim: '#f6f1e7' },
  dadTrousers: { base: '#4b5a7a', shadow: '#3a4761' },
  dadShoes: { base: '#7a4b2f', sole: '#f6f1e7' },
  mumTop: { base: '#f08a5d', shadow: '#d46d42', trim: '#ffd9a8' },
  mumTrousers: { base: '#38507a', shadow: '#2a3d5f' },
  mumShoes: { base: '#c5413c', sole: '#f6f1e7' },
  /** Night things (31-32, 33-34): the child's and Dad's pyjamas, Dad's dressing gown and slippers. */
  pyjamas: { base: '#9fc9ee', shadow: '#7aaad6', trim: '#fffaf2' },
  dadPyjamas: { base: '#c9c2e6', shadow: '#a79fcb', trim: '#fffaf2' },
  gown: { base: '#9b4a5c', shadow: '#7b3646', trim: '#e8b9a0' },
  slippers: { base: '#6f6aa8', sole: '#f6f1e7' },
} as const;

/**
 * The grown-ups' wardrobe (issue #49): the colours a parent chooses for a grown-up's top (the
 * catalogue's clothes options, in this order), and the other garments each kind of grown-up
 * wears (book/art/characters/wardrobe.ts). Two grown-ups of one book never dress alike.
 */
export const WEAR = {
  teal: { base: '#3f9c8f', shadow: '#2f7c71', trim: '#f6f1e7' },
  coral: { base: '#f08a5d', shadow: '#d46d42', trim: '#ffd9a8' },
  mustard: { base: '#e2a83c', shadow: '#bf8a26', trim: '#fff1c9' },
  berry: { base: '#b8506b', shadow: '#963a53', trim: '#f6d3da' },
  blue: { base: '#4f82c4', shadow: '#3a67a3', trim: '#dbe9f7' },
  green: { base: '#79a85a', shadow: '#5d8a42', trim: '#eef5d9' },
} as const;
export type WearColour = keyof typeof WEAR;

/** Trousers, jeans, skirts, tights and shoes of the wardrobe. */
export const WEAR_LOWER = {
  slate: { base: '#4b5a7a', shadow: '#3a4761' },
  navy: { base: '#38507a', shadow: '#2a3d5f' },
  denim: { base: '#4a6c9b', shadow: '#38557d', seam: '#e2b865' },
  charcoal: { base: '#4d4a55', shadow: '#3a3841' },
  stone: { base: '#8a7c6a', shadow: '#6e6252' },
  plum: { base: '#6a5078', shadow: '#533d5f' },
  /** A shirt or blouse under a cardigan. */
  cream: { base: '#f4ecd9', shadow: '#dcd0b6', trim: '#f4ecd9' },
  /** Tights under a skirt. */
  tights: { base: '#5a4a5e', shadow: '#463949' },
} as const;

export const WEAR_SHOES = {
  brown: { base: '#7a4b2f', sole: '#f6f1e7' },
  red: { base: '#c5413c', sole: '#f6f1e7' },
  dark: { base: '#3a3438', sole: '#d9d0c0' },
  tan: { base: '#b07a48', sole: '#f6f1e7' },
} as const;

/** Accessory colours. */
export const ACCESSORY = {
  glassesFrame: '#3a2620',
  glassesRectFrame: '#2f5b8c',
  glassesRoundFrame: '#c0412f',
  glassesShine: '#ffffff',
  hearingAid: '#49a7a0',
  hearingAidTube: '#f3efe6',
} as const;

/** Scene colours shared with book/art/scenes so figures and backgrounds belong together. */
export const SCENE = {
  sky: '#bfe3f2',
  skyLight: '#e4f4f8',
  cloud: '#fffaf2',
  sun: '#ffd447',
  grass: '#7cc05a',
  grassDark: '#5aa343',
  grassLight: '#a3d67e',
  pitchLine: '#fffaf2',
  earth: '#c9955f',
  wood: '#b7794a',
  woodDark: '#8f5a34',
  wall: '#f4e3c8',
  wallShadow: '#e2c9a3',
  floor: '#d9a878',
  ball: '#fffaf2',
  ballPatch: '#2d2a2e',
  night: '#2e3f6e',
  /** Soft ground shadow under figures: OUTLINE at this opacity. */
  groundShadowOpacity: 0.18,
} as const;
