// What each spread's words say can be seen in its picture (issue #32): for every spread, the
// story's visible claims (who is there, what they do, props, weather, time, score, signs), each
// next to the part of the scene that shows it. A part is an element of the page's SVG marked
// `data-part="<name>"` (props and scenery) or a figure (`data-figure="child|dad|mum"`, drawn by the
// composer). tests/book/claims.test.ts renders every spread and checks that each claim's part is
// there. Written by the art director beside the scene notes (scenes.ts) and the text (text-*.ts).

import type { PageId } from '../types.ts';
import { EARLY_CLAIMS } from './claims-early.ts';
import { LATE_CLAIMS } from './claims-late.ts';

export interface Claim {
  /** What the words say, quoted or paraphrased from the British English text. */
  says: string;
  /** The data-part (or 'figure:<role>') that shows it. */
  part: string;
}

export const CLAIMS: Record<PageId, readonly Claim[]> = { ...EARLY_CLAIMS, ...LATE_CLAIMS };
