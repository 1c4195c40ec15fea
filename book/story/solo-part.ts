// A book with one grown-up (issue #33): that grown-up plays both of the story's parts in the words,
// and the pictures keep one grown-up slot per page. Where the words make the one grown-up do what
// the 'dad' part does in the two-grown-up book (keep goal, drive, sit on the bench), the picture
// keeps the dad part's slot: this list, read by book/render-page.ts when the page's layout does
// not say otherwise (SpreadLayout.solo.keep). Elsewhere the mum part's slot stays.

import type { StoryPart } from '#book/family.ts';
import type { PageId } from '#book/types.ts';

export const SOLO_PART: Partial<Record<PageId, StoryPart>> = {
  // out of the shed with the ball, then the buckets and cones too
  'page_7-8': 'dad',
  // the goalkeeper: the ball sails over their head into their tulips
  'page_9-10': 'dad',
  // the umbrella that flips inside out is the dad part's
  'page_13-14': 'dad',
  // the driver
  'page_17-18': 'dad',
  // the bench talk
  'page_23-24': 'dad',
  // driving home, telling the story of the fall
  'page_27-28': 'dad',
  // out in the dressing gown with a mug
  'page_33-34': 'dad',
};
