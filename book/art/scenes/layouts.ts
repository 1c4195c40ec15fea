// Every page of 'You can do it' as a layout: the painted scene (background and optional
// foreground), where the family stands, and where the story text goes. The composer
// (book/render-page.ts) draws background, then the figures at the slots, then the foreground,
// then the text. Follows the scene notes in book/story/scenes.ts. The parts are in
// layout-kit.ts, the spreads in spreads-early.ts (cover to 17-18) and spreads-late.ts (19-20 on).

import { PAGE_WIDTH, type PageId } from '../../types.ts';
import type { SpreadLayout } from './layout-kit.ts';
import { BACK_COVER_BLURB_BOX, BACK_COVER_TITLE_BOX, backCoverScene } from './print-scenes.ts';
import { EARLY_LAYOUTS } from './spreads-early.ts';
import { LATE_LAYOUTS } from './spreads-late.ts';

export {
  FIGURE_HEIGHT,
  STORY_MIN_SIZE,
  STORY_SIZE,
  figureBox,
  handOf,
  seated,
  slotBounds,
} from './layout-kit.ts';
export type { Box, SceneContext, SpreadLayout } from './layout-kit.ts';

/**
 * The back of the book (issue #43): no figures; its words (the title and the blurb on a card)
 * are laid by the composer like the cover's title. The cover wrap prints this page left of the
 * spine, and the preview shows it.
 */
const BACK_COVER: SpreadLayout = {
  width: PAGE_WIDTH,
  background: () => backCoverScene(),
  slots: [],
  textBoxes: [BACK_COVER_BLURB_BOX],
  titleBox: BACK_COVER_TITLE_BOX,
};

export const SPREAD_LAYOUTS: Record<PageId, SpreadLayout> = {
  ...EARLY_LAYOUTS,
  ...LATE_LAYOUTS,
  'back-cover': BACK_COVER,
};
