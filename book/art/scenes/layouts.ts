// Every page of 'You can do it' as a layout: the painted scene (background and optional
// foreground), where the family stands, and where the story text goes. The composer
// (book/render-page.ts) draws background, then the figures at the slots, then the foreground,
// then the text. Follows the scene notes in book/story/scenes.ts. The parts are in
// layout-kit.ts, the spreads in spreads-early.ts (cover to 17-18) and spreads-late.ts (19-20 on).

import type { PageId } from '../../types.ts';
import type { SpreadLayout } from './layout-kit.ts';
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

export const SPREAD_LAYOUTS: Record<PageId, SpreadLayout> = { ...EARLY_LAYOUTS, ...LATE_LAYOUTS };
