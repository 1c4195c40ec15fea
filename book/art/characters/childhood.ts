// A grown-up as the child they were (issue #49): the 'when I was your age' bubble of 27-28 shows
// the grown-up telling the story, in their own looks, at the child's age: their skin tone, eye
// colour and hair colour (grey and white hair was brown then), a child's version of their hair
// style, their glasses; a girl for a mum or a grandma, a boy for a dad or a grandpa. Pure.

import type { ChildCharacter, ParentCharacter } from '#book/catalogue.ts';
import type { GrownUpKind } from '#book/family.ts';

/** A grown-up's hair style number -> the child's style it grew from. */
const BOY_STYLE: Record<string, string> = {
  '01': 'boy_01',
  '02': 'boy_02',
  '03': 'boy_03',
  '04': 'boy_01',
  '05': 'boy_04',
};
const GIRL_STYLE: Record<string, string> = {
  '01': 'girl_01',
  '02': 'girl_04',
  '03': 'girl_02',
  '04': 'girl_03',
};

export function childhoodOf(look: ParentCharacter, kind: GrownUpKind): ChildCharacter {
  const girl = kind === 'mum' || kind === 'grandma';
  const hair = /_hair_(\d\d)_([A-Z]+)$/.exec(look.hair);
  const colour = !hair || hair[2] === 'GY' || hair[2] === 'WH' ? 'BR' : hair[2];
  const style = (girl ? GIRL_STYLE : BOY_STYLE)[hair?.[1] ?? '01'] ?? (girl ? 'girl_01' : 'boy_01');
  return {
    gender: girl ? 'girl' : 'boy',
    hair: `kid_hair_${style}_${colour}`,
    eyes: `kid_eyes_${/_eyes_(\w+)$/.exec(look.eyes)?.[1] ?? 'BR'}`,
    skin: `kid_skin_${/_skin_(\d)/.exec(look.skin)?.[1] ?? '1'}`,
    // the school team's old kit
    tshirt: 'kid_tshirt_2',
    shorts: 'kid_shorts_1',
    lashes: girl ? 'kid_lashes_1' : null,
    accessories: look.accessories.some((a) => a.endsWith('_acc_glasses'))
      ? ['kid_acc_glasses_round']
      : [],
  };
}
