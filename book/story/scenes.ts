// Scene notes for the illustrator of 'You can do it' (book/art/scenes draws from them).
// One note per page: where we are, who is in the picture (only the three personalised
// characters are listed; teammates, opponents, a coach or a crowd may be painted as
// unnamed background figures when the setting says so), and what they are doing.
// The story text for each page is in story-text.ts; the notes follow it beat by beat.

import type { Expression, PageId, Role } from '#book/types.ts';

interface SceneNote {
  /** Where the page happens: home, garden, park pitch, school, stadium, car, bedroom … */
  setting: string;
  /** What happens in the picture, in one or two sentences. */
  action: string;
  /** The personalised characters in the picture, most important first. */
  characters: Role[];
  /** Who feels what: the face each character wears on this page (missing: happy; content: a quiet closed smile, eyes open). */
  feels: Partial<Record<Role, Expression>>;
}

export const SCENE_NOTES: Record<PageId, SceneNote> = {
  cover: {
    setting: 'stadium pitch on a sunny day, goal behind, bunting and a blurred crowd',
    action:
      'The child kicks the ball towards the viewer, big smile; Dad and Mum behind them cheer with arms up.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'happy', dad: 'happy', mum: 'happy' },
  },
  'back-cover': {
    setting: "the cover's sky and pitch, two clouds, a ball resting on the grass",
    action:
      "No people; the book's title and a few sentences about the story on a card, the back of the book.",
    characters: [],
    feels: {},
  },
  dedication: {
    setting:
      'plain warm background, a small vignette: a football, a pair of boots and a paper heart',
    action:
      "No people; a quiet page for the parents' dedication text, which fills most of the page.",
    characters: [],
    feels: {},
  },
  'page_1-2': {
    setting: 'home: the living room and hallway, a football poster on the wall, morning sun',
    action:
      'The child, in the football kit, dribbles a football round the sofa; the floor lamp wobbles; the surprised cat hides behind the sofa, only its ears and eyes showing.',
    characters: ['child'],
    feels: { child: 'happy' },
  },
  'page_3-4': {
    setting: 'school playground with a small pitch; other children play football in the background',
    action:
      'The child stands at the edge of the pitch holding the ball tight, watching the others play, shoulders hunched, unsure.',
    characters: ['child'],
    feels: { child: 'worried' },
  },
  'page_5-6': {
    setting: 'home: the kitchen at dinner time, a table with three plates of spaghetti',
    action:
      'The child pushes food around the plate, looking down; Dad and Mum have put their forks down and turn to the child, smiling, warm and sure: nobody is born a footballer.',
    characters: ['child', 'mum', 'dad'],
    feels: { child: 'sad', dad: 'happy', mum: 'content' },
  },
  'page_7-8': {
    setting: 'garden shed and back garden, late afternoon',
    action:
      'Dad comes out of the shed proudly holding up an old, slightly flat football; Mum brings two buckets and a bag of cones; the child looks surprised and starts to smile.',
    characters: ['dad', 'child', 'mum'],
    feels: { dad: 'proud', child: 'surprised', mum: 'happy' },
  },
  'page_9-10': {
    setting: 'back garden: a small goal made of two buckets, washing line, flower bed',
    action:
      "Dad is the goalkeeper in a silly stance; the child kicks; the ball flies over Dad's head and the washing line into Mum's tulips; Mum laughs, head back, hands on her tummy.",
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'determined', dad: 'surprised', mum: 'laughing' },
  },
  'page_11-12': {
    setting: 'park pitch with trees, a row of orange cones on the grass',
    action:
      'Mum shows the child how to dribble around the cones, both running; the child follows her, tongue out in concentration.',
    characters: ['mum', 'child'],
    feels: { mum: 'happy', child: 'determined' },
  },
  'page_13-14': {
    setting: 'park pitch in the rain, puddles, umbrellas',
    action:
      'The child practises kicking in the rain in wellies and a raincoat, splashing a puddle; Dad holds an umbrella and gives a thumbs up; Mum claps under a second umbrella.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'determined', dad: 'proud', mum: 'happy' },
  },
  'page_15-16': {
    setting:
      'school: corridor or classroom door with a notice board poster "Big match on Saturday!"',
    action:
      'Close on the notice board: the child, in profile, face to the match poster, eyes up on its words, one hand on the tummy, excited more than nervous ("Yes!"), butterflies all around.',
    characters: ['child'],
    feels: { child: 'happy' },
  },
  'page_17-18': {
    setting: 'car: inside the family car on the way to the match, view through the windows',
    action:
      'From the dashboard: the child sits on the back seat in the team kit, Captain Bounce held on the lap, looking at Mum; Dad drives, both hands on the wheel; Mum turns round from the front seat to the child, a hand on her seat.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'worried', dad: 'happy', mum: 'happy' },
  },
  'page_19-20': {
    setting: 'stadium pitch (a small local stadium), teams in two colours, a referee',
    action:
      'The match begins: the child runs on the pitch among teammates; on the sideline, beyond the touchline, Dad and Mum hold up their homemade banner by its poles, cheering, turned to the child.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'determined', dad: 'proud', mum: 'proud' },
  },
  'page_21-22': {
    setting: 'stadium pitch, in front of the goal; scoreboard shows the other team winning',
    action:
      'Full time, seen at the big scoreboard (2-3): the missed ball lies past the far post; the child, close, stands very still; the other team and their fans celebrate, the home crowd sits quiet.',
    characters: ['child'],
    feels: { child: 'sad' },
  },
  'page_23-24': {
    setting:
      'stadium: close on the team bench (dugout) after the match, the kit bag and the ball in it, an empty stand, grey sky',
    action:
      'Close on the bench: the child sits hunched, head bowed, eyes on the ground; Dad sits beside them, turned to them, waits, his arm round their shoulders: behind their back, the hand on the far shoulder.',
    characters: ['child', 'dad'],
    feels: { child: 'sad', dad: 'worried' },
  },
  'page_25-26': {
    setting: 'stadium: the same team bench as 23-24, seen from further back, evening light',
    action:
      "Over Mum's shoulder: Mum kneels close in front of the child at eye level, the two look at each other; the child points to their tummy and throat, showing where the feeling sits; Dad stands by and listens.",
    characters: ['mum', 'child', 'dad'],
    feels: { mum: 'worried', child: 'sad', dad: 'worried' },
  },
  'page_27-28': {
    setting:
      'car: driving home at night, the car seen from the front through the windscreen, street lights along the road',
    action:
      "Dad drives home, as he drove there, both hands on the wheel, telling his story; Mum turns to the child in the back seat, who giggles between the front seats; a story bubble shows Dad at the child's age, in his own looks, on his bottom in the mud, the ball short of the goal.",
    characters: ['dad', 'child', 'mum'],
    feels: { dad: 'proud', child: 'happy', mum: 'proud' },
  },
  'page_29-30': {
    setting: 'home: the living room sofa in the evening, soft lamp light',
    action:
      'Nearer the sofa: Mum and the child sit on it breathing together, hands on tummies, eyes closed; Dad copies them on the floor cushion, eyes closed.',
    characters: ['mum', 'child', 'dad'],
    feels: { mum: 'calm', child: 'calm', dad: 'calm' },
  },
  'page_31-32': {
    setting:
      "bedtime: close on the child's bed, night, the star lamp's stars on the wall and ceiling",
    action:
      'The child is tucked into bed, eyes open, looking up at the stars glowing on the ceiling, quiet and thoughtful; Mum sits on the edge of the bed, a hand on the duvet she tucked in, and bends over to kiss the child goodnight; Dad stands by the bed, smiling down. A quiet page: everyone smiles softly.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'content', dad: 'content', mum: 'content' },
  },
  'page_33-34': {
    setting: 'back garden, early morning sun, dew on the grass, the bucket goal again',
    action:
      'The child in pyjamas and boots kicks, and Captain Bounce flies straight between the buckets; close in front, Dad in his dressing gown yawns a big yawn and stretches, his mug of tea in the other hand; Mum waves from the window.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'determined', dad: 'surprised', mum: 'happy' },
  },
  'page_35-36': {
    setting:
      'the players’ tunnel before the next match, looking out through its arch at the bright pitch, the teams lining up and the stand',
    action:
      'Close in the tunnel: the child, eyes closed and a hand on the tummy, breathes slowly, butterflies fluttering round; through the arch, small and far, Dad and Mum stand at the front rail of the stand among the fans and breathe along.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'calm', dad: 'calm', mum: 'calm' },
  },
  'page_37-38': {
    setting: 'stadium seen from the stand, mid-match action on the pitch below',
    action:
      'From the stands: the child runs with the ball at their feet past one defender towards another; Dad and Mum bounce up and down in the near stand, in a row of fans, turned to the pitch, shouting encouragement.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'determined', dad: 'proud', mum: 'proud' },
  },
  'page_39-40': {
    setting: 'stadium pitch seen low at the goal, a big sky, the goalkeeper diving',
    action:
      'The child kicks hard and the ball flies into the top corner of the net past the diving goalkeeper: GOAL!',
    characters: ['child'],
    feels: { child: 'determined' },
  },
  'page_41-42': {
    setting: 'stadium pitch after the goal, confetti or flags in the crowd',
    action:
      'Close: Mum and Dad kneel on either side of the child and wrap their arms round, faces close, the child laughing; confetti, flags and the cheering team behind.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'laughing', dad: 'proud', mum: 'proud' },
  },
  'page_43-44': {
    setting: 'home: the back garden at sunset, the bucket goal, a garden bench',
    action:
      'The three sit together on the garden bench, the child between Dad and Mum with the old football on the lap, waving to the reader; Dad and Mum smile.',
    characters: ['child', 'dad', 'mum'],
    feels: { child: 'happy', dad: 'happy', mum: 'happy' },
  },
};
