// Claims of spreads 19-20 to 43-44 (book/story/claims.ts): what the words say can be seen, next to
// the part of the picture that shows it (data-part in book/art/scenes/spreads-late.ts and the
// scene files it uses, or a figure). Read against the British, American and Latvian texts.
import type { PageId } from '../types.ts';
import type { Claim } from './claims.ts';

export const LATE_CLAIMS: Record<PageId, readonly Claim[]> = {
  'page_19-20': [
    { says: 'The match began: the child runs up the pitch', part: 'figure:child' },
    { says: 'the ball at the child’s feet', part: 'ball' },
    { says: 'teammates, opponents and the referee on the pitch', part: 'players' },
    { says: 'Mum and Dad on the sideline cheer', part: 'figure:mum' },
    { says: 'Dad cheers even louder', part: 'figure:dad' },
    { says: 'a banner that said GO, {NAME}!', part: 'banner' },
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
    { says: 'Dad told a story, acting out his fall', part: 'figure:dad' },
    {
      says: 'he slipped in the mud and landed on his bottom; the ball did not reach the goal',
      part: 'dads-story',
    },
    { says: 'the child giggled', part: 'figure:child' },
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
      part: 'bedroom-stars',
    },
    { says: 'the child in bed, in pyjamas', part: 'figure:child' },
    { says: 'they tucked the child in', part: 'duvet' },
    { says: 'Mum says: especially because you missed', part: 'figure:mum' },
    { says: 'Dad says: every miss teaches your feet something new', part: 'figure:dad' },
  ],
  'page_33-34': [
    { says: 'the next morning, in the garden', part: 'garden-morning' },
    { says: 'still in pyjamas and football boots', part: 'figure:child' },
    { says: 'Dad in his dressing gown', part: 'figure:dad' },
    { says: 'clutching a mug of tea', part: 'mug' },
    { says: 'Captain Bounce, the ball', part: 'ball' },
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
