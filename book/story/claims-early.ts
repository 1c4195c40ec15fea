// Claims of the cover and spreads 1-2 to 17-18 (book/story/claims.ts): what the words say can be
// seen, next to the part of the picture that shows it (book/art/scenes/spreads-early.ts marks the
// parts). Read against the British, American and Latvian texts: they claim the same things.
import type { PageId } from '../types.ts';
import type { Claim } from './claims.ts';

export const EARLY_CLAIMS: Record<PageId, readonly Claim[]> = {
  cover: [
    { says: 'the child kicks the ball (the title: You Can Do It)', part: 'figure:child' },
    { says: 'the ball flying off the kick', part: 'ball' },
    { says: 'Dad cheers', part: 'figure:dad' },
    { says: 'Mum cheers', part: 'figure:mum' },
  ],
  'page_1-2': [
    { says: '{name} loved football … in the morning', part: 'figure:child' },
    { says: 'in the morning (sunlight through the window)', part: 'morning' },
    { says: 'Thump, thump, thump! The ball went …', part: 'ball' },
    { says: '… round the sofa …', part: 'sofa' },
    { says: '… under the table …', part: 'table' },
    { says: '… past the very surprised cat. The cat hid.', part: 'cat-hides' },
    { says: 'The lamp wobbled.', part: 'lamp-wobbles' },
  ],
  'page_3-4': [
    { says: 'at school, when the big game began (the others play)', part: 'others-play' },
    { says: '{name} stayed at the edge of the pitch …', part: 'figure:child' },
    { says: '… hugging the ball tight', part: 'ball-held' },
  ],
  'page_5-6': [
    { says: 'That evening (dusk at the window)', part: 'evening' },
    {
      says: '{name} twirled the same strand of spaghetti round and round {his|her} fork',
      part: 'spaghetti-twirled',
    },
    { says: '‘I can’t play football,’ {he|she} said', part: 'figure:child' },
    { says: 'Dad put down his fork (his plate half eaten)', part: 'dinner-dad' },
    { says: 'Mum put down hers (her plate half eaten)', part: 'dinner-mum' },
    { says: 'Dad speaks: ‘Everyone learns by practising’', part: 'figure:dad' },
    { says: 'Mum speaks: ‘Nobody is born a footballer’', part: 'figure:mum' },
    { says: 'at the dinner table', part: 'table' },
  ],
  'page_7-8': [
    { says: 'Dad marched out of the shed …', part: 'shed' },
    { says: 'Dad, proudly', part: 'figure:dad' },
    {
      says: '… holding a football. It was old. It was a little bit flat. (Captain Bounce)',
      part: 'captain-bounce',
    },
    { says: 'Mum came out with two buckets …', part: 'buckets' },
    { says: '… and a bag of cones', part: 'cone-bag' },
    { says: '‘{name}, welcome to the Garden Football Academy!’', part: 'figure:child' },
  ],
  'page_9-10': [
    { says: 'Dad crouched between the buckets like a real goalkeeper', part: 'figure:dad' },
    { says: 'the buckets (the goal)', part: 'bucket-goal' },
    { says: '{name} ran up, swung {his|her} leg and… WHOOSH!', part: 'figure:child' },
    { says: 'The ball sailed over Dad’s head …', part: 'ball-flight' },
    { says: '… over the washing line …', part: 'washing-line' },
    { says: '… and straight into Mum’s tulips', part: 'tulips' },
    { says: 'the ball lands in the tulips (petals fly)', part: 'tulips-hit' },
    { says: '‘Well,’ laughed Mum', part: 'figure:mum' },
  ],
  'page_11-12': [
    { says: 'At the park, Mum set out a wiggly line of orange cones', part: 'cones-standing' },
    { says: 'Mum: ‘Little touches’', part: 'figure:mum' },
    {
      says: '{name} knocked over the first cone, and the second, and the fifth',
      part: 'cones-knocked-over',
    },
    { says: 'cone number six? {name} wriggled round it', part: 'figure:child' },
    { says: 'the ball at {his|her} feet, like a puppy on a lead', part: 'ball' },
  ],
  'page_13-14': [
    { says: 'They practised when it rained so hard …', part: 'rain' },
    { says: '… that Dad’s umbrella flipped inside out', part: 'umbrella-inside-out' },
    { says: 'Dad is there', part: 'figure:dad' },
    { says: '‘Look at that!’ cheered Mum', part: 'figure:mum' },
    { says: 'Mum under her umbrella', part: 'umbrella' },
    { says: '{name.poss} kicks got a tiny bit straighter', part: 'figure:child' },
    { says: 'the kicked ball', part: 'ball' },
  ],
  'page_15-16': [
    {
      says: 'on the school noticeboard, {name} saw a poster: BIG MATCH ON SATURDAY! (the words on the poster)',
      part: 'poster',
    },
    {
      says: '{His|Her} tummy did a little flip … ‘Yes!’ (a hand on the tummy, not tearful)',
      part: 'figure:child',
    },
    { says: 'a hundred butterflies were playing football inside {him|her}', part: 'butterflies' },
  ],
  'page_17-18': [
    { says: '{name} sat in the back of the car in {his|her} brand-new kit', part: 'figure:child' },
    { says: 'On Saturday, on the way (the road runs away behind the car)', part: 'road-behind' },
    { says: '… holding Captain Bounce for luck (on the lap)', part: 'captain-bounce' },
    { says: '‘How are you feeling?’ asked Mum (turned round to the back)', part: 'figure:mum' },
    { says: '‘Wobbly is normal before something big,’ said Dad (driving)', part: 'figure:dad' },
    { says: 'Dad drives', part: 'steering-wheel' },
  ],
};
