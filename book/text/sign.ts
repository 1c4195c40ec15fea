// Words painted in a picture (the parents' banner on 19-20): the child's name in big letters
// that wrap onto a second line or shrink so a long name still fits the cloth, never breaking
// a word. Pure and isomorphic; the text is escaped by textLayoutToSvg.

import { KIT } from '../art/palette.ts';
import type { TextBox } from '../types.ts';
import { fitWithoutBreakingWords } from './draw-text.ts';
import { textLayoutToSvg } from './layout.ts';

interface SignResult {
  svg: string;
  overflow: boolean;
}

/** The sign's words in its box, in the banner's red paint, tilted a little like hand-lettering. */
export function signInBox(text: string, box: TextBox): SignResult {
  const layout = fitWithoutBreakingWords(text, box, 'display');
  const cx = Math.round(box.x + box.width / 2);
  const cy = Math.round(box.y + box.height / 2);
  return {
    svg: `<g transform="rotate(-2 ${cx} ${cy})">${textLayoutToSvg(layout, 'display', KIT.tshirt1.base)}</g>`,
    overflow: layout.overflow,
  };
}
