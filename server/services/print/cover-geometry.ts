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
}

export const DEFAULT_COVER_SETTINGS: CoverSettings = {
  binding: 'hardcover',
  pageCount: 42,
  paperThicknessMm: 0.14,
  boardThicknessMm: 2.5,
  boardOverhangMm: 3,
  hingeMm: 8,
  wrapMm: 15,
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
 * Softcover: back | spine | front, each page 245 x 300 mm, 3 mm bleed around.
 * Hardcover (case binding): wrap | back board | hinge | spine | hinge | front board | wrap, the
 * boards 3 mm bigger than the page at head, foot and fore-edge, the wrap turned in on all sides.
 */
export function coverLayout(settings: CoverSettings): CoverLayout {
  const spine = Math.round(spineWidthMm(settings) * MM);
  if (settings.binding === 'softcover') {
    const width = 2 * PAGE_WIDTH + spine + 2 * BLEED;
    const height = PAGE_HEIGHT + 2 * BLEED;
    return {
      width,
      height,
      back: { x: BLEED, y: BLEED, width: PAGE_WIDTH, height: PAGE_HEIGHT },
      spine: { x: BLEED + PAGE_WIDTH, y: BLEED, width: spine, height: PAGE_HEIGHT },
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
    front: {
      x: wrap + boardWidth + 2 * hinge + spine,
      y: wrap,
      width: boardWidth,
      height: boardHeight,
    },
    trim: { x: wrap, y: wrap, width: caseWidth, height: boardHeight },
  };
}
