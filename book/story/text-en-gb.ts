// 'You Can Do It' in British English. Placeholders: see template.ts.
// House style: single quotes ‘…’ for speech, typographic apostrophe ’, spaced en dash –.

import type { StoryLanguageText } from './template.ts';

export const EN_GB: StoryLanguageText = {
  bookTitle: 'You Can Do It',
  coverTitle: 'You Can Do It, {name}!',
  coverSubtitle: 'A football story about feelings and trying again',
  // The banner on 19-20 says what the story says it says.
  signs: {
    'page_15-16': 'BIG MATCH ON SATURDAY! EVERYONE WELCOME!',
    'page_19-20': 'GO, {NAME}!',
  },
  solo: {
    'page_5-6': {
      2: '{Mum} put down {mum:his|her} fork. ‘Nobody is born a footballer,’ {mum:he|she} said. ‘Everyone learns by practising. And I know exactly where to start.’',
    },
    'page_7-8': {
      1: '‘Meet Captain Bounce,’ said {Dad} proudly, and fetched two buckets and a bag of cones too. ‘{name}, welcome to the Garden Football Academy!’',
    },
    'page_9-10': {
      1: 'The ball sailed over {Dad.poss} head, over the washing line and straight into {dad:his|her} tulips.',
    },
    'page_19-20': {
      1: 'On the sideline, {Mum} waved a banner that said GO, {NAME}! in enormous wobbly letters, and cheered so loudly that some people covered their ears.',
    },
    'page_29-30': {
      1: 'In… and out. In… and out. {Mum} breathed along, eyes shut. The stone in {name.poss} tummy grew lighter and lighter.',
    },
    'page_31-32': {
      1: '‘Especially because you missed,’ said {Mum}. ‘Every miss teaches your feet something new.’',
      2: '{Mum} tucked {him|her} in and kissed {him|her} goodnight. ‘You can do it, {name}.’',
    },
    'page_37-38': {
      1: 'Past one player. Past another! ‘GO, {NAME}!’ shouted {Mum}, bouncing up and down like a kangaroo.',
    },
  },
  spreads: {
    'page_1-2': [
      '{name} loved football. {He|She} loved it in the morning, {he|she} loved it after school, and {he|she} loved it most of all when {he|she} was supposed to be brushing {his|her} teeth.',
      'Thump, thump, thump! The ball went round the sofa, under the table and past the very surprised cat. The lamp wobbled. The cat hid.',
    ],
    'page_3-4': [
      'But at school, when the big game began, {name} stayed at the edge of the pitch, hugging the ball tight.',
      '‘What if I miss?’ {he|she} whispered. ‘What if everyone laughs? I’m just not good enough.’',
      'The little voice of doubt was very small. But it was very, very loud.',
    ],
    'page_5-6': [
      'That evening, {name} twirled the same strand of spaghetti round and round {his|her} fork.',
      '‘I can’t play football,’ {he|she} said at last. ‘Not properly. Not like the others.’',
      '{Dad} put down {dad:his|her} fork. {Mum} put down {mum:his|hers}. ‘Nobody is born a footballer,’ said {Mum}. ‘Everyone learns by practising,’ said {Dad}. ‘And we know exactly where to start.’',
    ],
    'page_7-8': [
      'The next afternoon, {Dad} marched out of the shed holding a football. It was old. It was a little bit flat. It smelled a little bit of shed.',
      '‘Meet Captain Bounce,’ said {Dad} proudly. {Mum} came out with two buckets and a bag of cones. ‘{name}, welcome to the Garden Football Academy!’',
    ],
    'page_9-10': [
      '{Dad} crouched between the buckets like a real goalkeeper. {name} ran up, swung {his|her} leg and… WHOOSH!',
      'The ball sailed over {Dad.poss} head, over the washing line and straight into {Mum.poss} tulips.',
      '‘Well,’ laughed {Mum}, ‘that was a very strong kick. Now let’s teach it where to go.’',
    ],
    'page_11-12': [
      'At the park, {Mum} set out a wiggly line of orange cones. ‘Little touches,’ {mum:he|she} said, ‘as if the ball were a puppy on a lead.’',
      'Tap, tap, left. Tap, tap, right. {name} knocked over the first cone, and the second, and the fifth.',
      'But cone number six? {name} wriggled round it like a real footballer.',
    ],
    'page_13-14': [
      'They practised on sunny days and windy days. They practised when it rained so hard that {Dad.poss} umbrella flipped inside out.',
      'Every day, {name.poss} kicks got a tiny bit straighter and {his|her} feet got a tiny bit quicker.',
      '‘Look at that!’ cheered {Mum}. ‘Practice makes progress!’',
    ],
    'page_15-16': [
      'Then, on the school noticeboard, {name} saw a poster: BIG MATCH ON SATURDAY! EVERYONE WELCOME!',
      '{His|Her} heart did a little skip. {His|Her} tummy did a little flip. ‘I want to play,’ thought {name}. ‘I think. Maybe. Yes!’',
      'It felt as if a hundred butterflies were playing football inside {him|her}.',
    ],
    'page_17-18': [
      'On Saturday, {name} sat in the back of the car in {his|her} brand-new kit, holding Captain Bounce for luck.',
      '‘How are you feeling?’ asked {Mum}. ‘Wobbly,’ said {name}. ‘My knees feel like jelly.’',
      '‘Wobbly is normal before something big,’ said {Dad}. ‘It means it matters to you.’',
    ],
    'page_19-20': [
      'The whistle blew. The match began! {name} ran and ran, up the pitch and back again, cheeks pink and heart thumping.',
      'On the sideline, {Both} waved a banner that said GO, {NAME}! in enormous wobbly letters. {Mum} cheered. {Dad} cheered even louder. Some people covered their ears.',
    ],
    'page_21-22': [
      'Near the end, the ball rolled straight to {name}. There was the goal. There was the chance.',
      '{name} kicked… and the ball flew wide of the post. A moment later, the other team scored.',
      'The final whistle blew. They had lost, three goals to two. {name} stood very, very still.',
    ],
    'page_23-24': [
      '{name} sat on the bench with {his|her} head down. {Dad} sat beside {him|her} and waited.',
      '‘What are you feeling?’ {dad:he|she} asked softly. {name} thought for a while. ‘Sad,’ {he|she} said. ‘And cross. And a bit embarrassed.’',
      '‘That’s a lot of feelings,’ said {Dad}. ‘Well done for finding their names.’',
    ],
    'page_25-26': [
      '{Mum} knelt down in front of {him|her}. ‘Where do you feel those feelings in your body?’',
      '{name} pointed. ‘My throat is tight. My tummy feels heavy, like a stone. And my cheeks are hot.’',
      '{Mum} nodded. ‘Feelings live in our bodies too. When we notice them, they get easier to carry.’',
    ],
    'page_27-28': [
      'On the way home, {Dad} told a story. ‘When I was your age, I took a penalty in the school cup final. I slipped in the mud and landed on my bottom. The ball didn’t even reach the goal!’',
      '{name} giggled. ‘Were you sad?’ ‘Very,’ said {Dad}. ‘So I talked to my mum about it. Just like we’re talking now.’',
    ],
    'page_29-30': [
      'At home, {Mum} showed {name} a trick for big feelings. ‘Hand on your tummy. Breathe in slowly through your nose and fill your tummy like a balloon. Now breathe out slowly, as if you’re blowing out birthday candles.’',
      'In… and out. In… and out. Even {Dad} joined in, eyes shut. The stone in {name.poss} tummy grew lighter and lighter.',
    ],
    'page_31-32': [
      'At bedtime, {name} watched the stars glowing on the ceiling. ‘I still want to play,’ {he|she} said quietly. ‘Even though I missed?’',
      '‘Especially because you missed,’ said {Mum}. ‘Every miss teaches your feet something new,’ said {Dad}.',
      'They tucked {him|her} in and kissed {him|her} goodnight. ‘You can do it, {name}.’',
    ],
    'page_33-34': [
      'The next morning, {name} was in the garden before breakfast, still in {his|her} pyjamas and football boots.',
      '{Dad} shuffled out in {dad:his|her} dressing gown, clutching a mug of tea. ‘Shooting practice?’ {dad:he|she} yawned. ‘Breathing practice,’ said {name}. ‘Then shooting.’',
      'Breathe in. Breathe out. Kick! Captain Bounce flew straight between the buckets.',
    ],
    'page_35-36': [
      'A week later came the next match, and the butterflies came too. {name} noticed them fluttering in {his|her} tummy.',
      '‘Hello, nervous,’ {he|she} whispered. ‘You can come along, but I’m the one playing.’',
      '{He|She} put a hand on {his|her} tummy and breathed, slow and deep. In the stands, {Both} breathed too.',
    ],
    'page_37-38': [
      'The ball came to {name}. Little touches, like a puppy on a lead. Tap, tap, left. Tap, tap, right.',
      'Past one player. Past another! ‘GO, {NAME}!’ shouted {Both}, bouncing up and down like two kangaroos.',
    ],
    'page_39-40': [
      'There was the goal. There was the chance. The little voice of doubt began, ‘What if…’',
      'But {name} took one big balloon breath – and kicked.',
      'The ball flew high and fast, past the diving goalkeeper and into the top corner of the net. GOAL!',
    ],
    'page_41-42': [
      '{name} threw {his|her} arms up to the sky. The team cheered. The crowd cheered. {Both} cheered loudest of all.',
      'Then came the biggest, squishiest family hug in football history.',
      '‘I did it!’ shouted {name}. ‘You did,’ laughed {Mum}. ‘Because you kept on trying.’',
    ],
    'page_43-44': [
      'That evening, {allOfUs} sat in the garden with old Captain Bounce. {name} knew that some days {he|she} would score and some days {he|she} would miss, and that both were all right.',
      'Feelings can be named, noticed, talked about and breathed through. And whatever comes next, {name}, you can do it.',
    ],
  },
};
