// The cover wrap's measurements: back cover, spine and front cover on one sheet. All lengths in
// book units (0.1 mm). The spine follows the interior's page count and the paper's thickness.

import type { WrapGeometry } from '#book/print-pages.ts';
import { BLEED, PAGE_HEIGHT, PAGE_WIDTH } from '#book/types.ts';

export type Binding = 'hardcover' | 'softcover';

export interface CoverSettings {
  binding: Binding;
  /** Interior pages (two per leaf). */
  pageCount: number;
  /** Thickness of one leaf of the interior paper, mm (170 g/m² silk is about 0.14 mm). */
  paperThicknessMm: number;
  /** Hardcover: thickness of one board, mm. */
  boardThicknessMm: number;
  /** Hardcover: how far the boards stand out over the block at head, foot and fore-edge, mm. */
  boardOverhangMm: number;
  /** Hardcover: the joint (hinge) between a board and the spine, mm. */
  hingeMm: number;
  /** Hardcover: the cover material turned in over the boards' edges, mm. */
  wrapMm: number;
  /**
   * Softcover: how far the spine's artwork runs past each spine fold onto the covers, mm. A
   * perfect-bound cover may sit up to about 1.5 mm off on the block; 2 mm each side means a
   * shifted cover shows the spine colour on the edge of a cover, never a cover's art on the spine.
   */
  spineWrapMm: number;
}

export const DEFAULT_COVER_SETTINGS: CoverSettings = {
  binding: 'hardcover',
  pageCount: 42,
  paperThicknessMm: 0.14,
  boardThicknessMm: 2.5,
  boardOverhangMm: 3,
  hingeMm: 8,
  wrapMm: 15,
  spineWrapMm: 2,
};

const MM = 10;

/** The spine width in mm: the block (leaves x paper), plus both boards and 1 mm ease for a case. */
export function spineWidthMm(settings: CoverSettings): number {
  const block = Math.ceil(settings.pageCount / 2) * settings.paperThicknessMm;
  const width =
    settings.binding === 'hardcover' ? block + 2 * settings.boardThicknessMm + 1 : block;
  return Math.round(width * 10) / 10;
}

interface CoverLayout extends WrapGeometry {
  /** The finished cover (boards with hinges and spine, or the softcover's trim), for TrimBox. */
  trim: { x: number; y: number; width: number; height: number };
}

/**
 * Softcover: back | spine | front, each page 245 x 300 mm, 3 mm bleed around; the spine's art
 * runs spineWrapMm past both folds.
 * Hardcover (case binding): wrap | back board | hinge | spine | hinge | front board | wrap, the
 * boards 3 mm bigger than the page at head, foot and fore-edge, the wrap turned in on all sides.
 */
export function coverLayout(settings: CoverSettings): CoverLayout {
  const spine = Math.round(spineWidthMm(settings) * MM);
  if (settings.binding === 'softcover') {
    const width = 2 * PAGE_WIDTH + spine + 2 * BLEED;
    const height = PAGE_HEIGHT + 2 * BLEED;
    const past = Math.round(settings.spineWrapMm * MM);
    return {
      width,
      height,
      back: { x: BLEED, y: BLEED, width: PAGE_WIDTH, height: PAGE_HEIGHT },
      spine: { x: BLEED + PAGE_WIDTH, y: BLEED, width: spine, height: PAGE_HEIGHT },
      // Head to foot over the whole sheet (bleed included), past both folds.
      spineArt: { x: BLEED + PAGE_WIDTH - past, y: 0, width: spine + 2 * past, height },
      front: { x: BLEED + PAGE_WIDTH + spine, y: BLEED, width: PAGE_WIDTH, height: PAGE_HEIGHT },
      trim: { x: BLEED, y: BLEED, width: 2 * PAGE_WIDTH + spine, height: PAGE_HEIGHT },
    };
  }
  const wrap = Math.round(settings.wrapMm * MM);
  const hinge = Math.round(settings.hingeMm * MM);
  const overhang = Math.round(settings.boardOverhangMm * MM);
  // A board covers the page less the hinge at the spine, plus the overhang at the fore-edge.
  const boardWidth = PAGE_WIDTH + overhang;
  const boardHeight = PAGE_HEIGHT + 2 * overhang;
  const caseWidth = 2 * boardWidth + 2 * hinge + spine;
  return {
    width: caseWidth + 2 * wrap,
    height: boardHeight + 2 * wrap,
    back: { x: wrap, y: wrap, width: boardWidth, height: boardHeight },
    spine: { x: wrap + boardWidth + hinge, y: wrap, width: spine, height: boardHeight },
    // The hinges carry the spine's art: it runs a hinge's width past each fold of the spine.
    spineArt: {
      x: wrap + boardWidth,
      y: 0,
      width: 2 * hinge + spine,
      height: boardHeight + 2 * wrap,
    },
    front: {
      x: wrap + boardWidth + 2 * hinge + spine,
      y: wrap,
      width: boardWidth,
      height: boardHeight,
    },
    trim: { x: wrap, y: wrap, width: caseWidth, height: boardHeight },
  };
}
