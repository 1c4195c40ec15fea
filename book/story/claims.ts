// What each spread's words say can be seen in its picture (issue #32): for every page, the
// story's visible claims (who is there, what they do, props, weather, time, score, signs), each
// next to the part of the scene that shows it. A part is an element of the page's SVG marked
// `data-part="<name>"` (props and scenery, book/art/scenes/layouts.ts and the scene files it
// uses) or a figure (`data-figure="child|dad|mum"`, drawn by the composer), in a pose, with a
// face, holding something (issue #49).
// tests/book/claims.test.ts renders every page and checks that each claim's part is there.
// Written by the art director beside the scene notes (scenes.ts) and the text (text-*.ts), read
// against the British, American and Latvian texts: they claim the same things.

import type { PageId } from '#book/types.ts';

export interface Claim {
  /** What the words say, quoted or paraphrased from the British English text. */
  says: string;
  /**
   * The data-part that shows it, or a figure: 'figure:<role>', 'figure:<role>:<pose or
   * expression>' (the figure drawn in that pose or with that face: 'figure:mum:kiss'), or
   * 'figure:<role>:holds=<part>' (the figure's hands reach and touch that part: the banner, the
   * steering wheel).
   */
  part: string;
}

export const CLAIMS: Record<PageId, readonly Claim[]> = {
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
    { says: 'Dad’s hand rests by the fork he put down', part: 'figure:dad:holds=dinner-dad' },
    { says: 'Mum’s hand rests by the fork she put down', part: 'figure:mum:holds=dinner-mum' },
    { says: 'Dad speaks, encouraging: ‘Everyone learns by practising’', part: 'figure:dad:happy' },
    { says: 'Mum speaks, encouraging: ‘Nobody is born a footballer’', part: 'figure:mum:content' },
    {
      says: '{name} twirled the spaghetti round {his|her} fork (the hand on the fork)',
      part: 'figure:child:holds=spaghetti-twirled',
    },
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
    { says: 'the back seat of the car', part: 'back-seat' },
    { says: 'On Saturday, on the way (the road runs away behind the car)', part: 'road-behind' },
    { says: '… holding Captain Bounce for luck (on the lap)', part: 'captain-bounce' },
    {
      says: '… holding Captain Bounce (both hands on it)',
      part: 'figure:child:holds=captain-bounce',
    },
    { says: '‘How are you feeling?’ asked Mum (turned round to the back)', part: 'figure:mum' },
    { says: '‘Wobbly is normal before something big,’ said Dad (driving)', part: 'figure:dad' },
    { says: 'Dad drives', part: 'steering-wheel' },
    { says: 'Dad’s hands on the wheel', part: 'figure:dad:holds=steering-wheel' },
  ],
  'page_19-20': [
    { says: 'The match began: the child runs up the pitch', part: 'figure:child' },
    { says: 'the ball at the child’s feet', part: 'ball' },
    { says: 'teammates, opponents and the referee on the pitch', part: 'players' },
    { says: 'Mum and Dad on the sideline cheer', part: 'figure:mum' },
    { says: 'Dad cheers even louder', part: 'figure:dad' },
    { says: 'a banner that said GO, {NAME}!', part: 'banner' },
    {
      says: 'Mum and Dad waved the banner (their hands on its poles)',
      part: 'figure:mum:holds=banner',
    },
    { says: 'Dad holds his end of the banner', part: 'figure:dad:holds=banner' },
    { says: 'the crowd cheers at kick-off', part: 'crowd-cheer' },
    { says: 'some people covered their ears', part: 'covered-ears' },
  ],
  'page_21-22': [
    { says: 'the ball flew wide of the post: it lies past the goal', part: 'ball-wide' },
    { says: 'there was the goal', part: 'goal' },
    { says: 'they had lost, three goals to two', part: 'scoreboard-2-3' },
    { says: 'the other team scored and celebrates', part: 'players' },
    { says: 'the home crowd is quiet, only the away fans cheer', part: 'crowd-split' },
    { says: 'the child stood very, very still', part: 'figure:child' },
  ],
  'page_23-24': [
    { says: 'the child sat on the bench with the head down', part: 'figure:child' },
    { says: 'the bench', part: 'bench' },
    { says: 'Dad sat beside the child and waited', part: 'figure:dad' },
    {
      says: 'Dad sat beside the child, an arm round the child’s shoulders (the hand on the far one)',
      part: 'figure:dad:holds=shoulder',
    },
    { says: 'the kit bag and the ball after the match', part: 'kit-bag' },
  ],
  'page_25-26': [
    { says: 'Mum knelt down in front of the child', part: 'figure:mum' },
    { says: 'the child pointed', part: 'figure:child' },
    { says: 'the same bench, further back', part: 'bench' },
  ],
  'page_27-28': [
    { says: 'on the way home: the family car on the road', part: 'car' },
    { says: 'evening: the street lights are on', part: 'street-lights' },
    { says: 'the moon is up', part: 'moon' },
    {
      says: 'Dad told a story (driving home, as he drove there)',
      part: 'figure:dad:holds=steering-wheel',
    },
    {
      says: '‘When I was your age’: Dad as a child slipped in the mud and landed on his bottom; the ball did not reach the goal',
      part: 'dads-story',
    },
    { says: 'the child giggled, in the back seat', part: 'figure:child' },
  ],
  'page_29-30': [
    { says: 'at home', part: 'living-room' },
    { says: 'Mum shows the trick: hand on the tummy', part: 'figure:mum' },
    { says: 'the child breathes like a balloon', part: 'figure:child' },
    { says: 'even Dad joined in', part: 'figure:dad' },
  ],
  'page_31-32': [
    {
      says: 'at bedtime the child watched the stars glowing on the ceiling',
      part: 'ceiling-stars',
    },
    {
      says: 'the child watched the stars on the ceiling (the face lifted, the eyes up)',
      part: 'figure:child:sit-look-up',
    },
    { says: 'the child in bed, in pyjamas', part: 'figure:child' },
    { says: 'they tucked the child in', part: 'duvet' },
    { says: '… and kissed {him|her} goodnight', part: 'figure:mum:kiss' },
    { says: 'Mum says: especially because you missed', part: 'figure:mum' },
    { says: 'Dad says: every miss teaches your feet something new', part: 'figure:dad' },
  ],
  'page_33-34': [
    { says: 'the next morning, in the garden', part: 'garden-morning' },
    { says: 'still in pyjamas and football boots', part: 'figure:child' },
    { says: 'Dad in his dressing gown', part: 'figure:dad' },
    { says: '‘Shooting practice?’ he yawned', part: 'figure:dad:yawning' },
    { says: 'clutching a mug of tea', part: 'mug' },
    { says: 'clutching a mug of tea (in his hand)', part: 'figure:dad:holds=mug' },
    {
      says: 'Kick! Captain Bounce flew straight between the buckets',
      part: 'ball-between-buckets',
    },
    { says: 'the child kicked', part: 'figure:child:kick' },
  ],
  'page_35-36': [
    { says: 'the butterflies came too', part: 'butterflies' },
    { says: 'the next match: the players’ tunnel onto the pitch', part: 'tunnel' },
    { says: 'a hand on the tummy, breathing slow and deep', part: 'figure:child' },
    { says: 'in the stands, Mum breathed too', part: 'figure:mum' },
    { says: 'in the stands, Dad breathed too', part: 'figure:dad' },
    { says: 'the teams line up', part: 'players' },
  ],
  'page_37-38': [
    { says: 'the ball came to the child: little touches', part: 'ball' },
    { says: 'the child dribbles', part: 'figure:child' },
    { says: 'past one player, past another', part: 'players' },
    { says: 'Mum shouts GO and bounces', part: 'figure:mum' },
    { says: 'Dad shouts GO and bounces', part: 'figure:dad' },
    { says: 'bouncing up and down like two kangaroos', part: 'bounce' },
    { says: 'in the stand', part: 'stand' },
  ],
  'page_39-40': [
    { says: 'there was the goal', part: 'goal' },
    { says: 'the child kicked', part: 'figure:child' },
    { says: 'past the diving goalkeeper', part: 'players' },
    { says: 'into the top corner of the net', part: 'ball-top-corner' },
  ],
  'page_41-42': [
    { says: 'the child threw the arms up to the sky', part: 'figure:child' },
    { says: 'the team cheered', part: 'players' },
    { says: 'the crowd cheered', part: 'crowd-cheer' },
    { says: 'Mum in the family hug', part: 'figure:mum' },
    { says: 'Dad in the family hug', part: 'figure:dad' },
    { says: 'a celebration: confetti', part: 'confetti' },
  ],
  'page_43-44': [
    { says: 'that evening, in the garden', part: 'garden-sunset' },
    { says: 'the three of them sat', part: 'garden-bench' },
    { says: 'with old Captain Bounce', part: 'old-football' },
    { says: 'the child', part: 'figure:child' },
    { says: 'Mum', part: 'figure:mum' },
    { says: 'Dad', part: 'figure:dad' },
  ],
};
