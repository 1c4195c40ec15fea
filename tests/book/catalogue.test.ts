import { describe, expect, it } from 'vitest';
import {
  ALL_ASSET_NAMES,
  CATALOGUE,
  findOption,
  isAssetName,
  type CatalogueOption,
  type CharacterSet,
} from '#book/catalogue.ts';
import {
  DEFAULT_CHARACTERS,
  characterSetToAssetNames,
  defaultCharacters,
  resolveCharacterSet,
  setGender,
  toggleAccessory,
} from '#book/character-set.ts';

const assets = (list: readonly { asset: string }[]): string[] => list.map((o) => o.asset);

describe('catalogue counts (SPEC section 3)', () => {
  it('has the child options the spec lists', () => {
    expect(CATALOGUE.child.eyes).toHaveLength(4);
    expect(CATALOGUE.child.skin).toHaveLength(6);
    expect(CATALOGUE.child.tshirt).toHaveLength(2);
    expect(CATALOGUE.child.shorts).toHaveLength(3);
    expect(CATALOGUE.child.lashes).toHaveLength(1);
    expect(assets(CATALOGUE.child.accessories)).toEqual([
      'kid_acc_freckles',
      'kid_acc_glasses_rect',
      'kid_acc_glasses_round',
      'kid_acc_hearing_aid',
    ]);
  });

  it('has 24 dad hair images and 18 mum hair images in the five colours (SPEC), then grey and white', () => {
    const spec = (o: { colour: string | null }) => o.colour !== 'GY' && o.colour !== 'WH';
    expect(CATALOGUE.dad.hair.filter(spec)).toHaveLength(24);
    expect(CATALOGUE.mum.hair.filter(spec)).toHaveLength(18);
    // issue #33: grandparents' grey and white, after the five in every style (defaults unchanged)
    expect(CATALOGUE.dad.hair).toHaveLength(33);
    expect(CATALOGUE.mum.hair).toHaveLength(26);
    expect(CATALOGUE.dad.hair[0]!.asset).toBe('dad_hair_01_BC');
    expect(CATALOGUE.mum.hair[0]!.asset).toBe('mum_hair_01_BC');
    expect(CATALOGUE.child.hair.some((o) => !spec(o))).toBe(false);
  });

  it('has 4 eyes and 6 skin tones for each parent, with the D and M variant letters', () => {
    for (const role of ['dad', 'mum'] as const) {
      expect(CATALOGUE[role].eyes).toHaveLength(4);
      expect(CATALOGUE[role].skin).toHaveLength(6);
    }
    expect(assets(CATALOGUE.dad.skin)).toEqual([
      'dad_skin_1D',
      'dad_skin_2D',
      'dad_skin_3D',
      'dad_skin_4D',
      'dad_skin_5D',
      'dad_skin_6D',
    ]);
    expect(assets(CATALOGUE.mum.skin)).toEqual([
      'mum_skin_1M',
      'mum_skin_2M',
      'mum_skin_3M',
      'mum_skin_4M',
      'mum_skin_5M',
      'mum_skin_6M',
    ]);
    expect(assets(CATALOGUE.child.skin)).toEqual([
      'kid_skin_1',
      'kid_skin_2',
      'kid_skin_3',
      'kid_skin_4',
      'kid_skin_5',
      'kid_skin_6',
    ]);
  });

  it('offers the dad glasses, mustache and beard and the mum glasses', () => {
    const worn = (list: readonly CatalogueOption[]) =>
      assets(list.filter((o) => o.exclusiveGroup !== 'clothes' && o.exclusiveGroup !== 'build'));
    expect(worn(CATALOGUE.dad.accessories)).toEqual([
      'dad_acc_glasses',
      'dad_acc_mustache',
      'dad_acc_beard',
    ]);
    expect(worn(CATALOGUE.mum.accessories)).toEqual(['mum_acc_glasses']);
  });

  it('offers each grown-up six clothes colours and three builds, one of each at a time (issue #49)', () => {
    for (const role of ['dad', 'mum'] as const) {
      const group = (name: string) =>
        assets(CATALOGUE[role].accessories.filter((o) => o.exclusiveGroup === name));
      expect(group('clothes')).toEqual(
        ['teal', 'coral', 'mustard', 'berry', 'blue', 'green'].map(
          (c) => `${role}_acc_clothes_${c}`,
        ),
      );
      expect(group('build')).toEqual(
        ['slim', 'medium', 'sturdy'].map((b) => `${role}_acc_build_${b}`),
      );
    }
    expect(CATALOGUE.child.accessories.some((o) => o.exclusiveGroup === 'clothes')).toBe(false);
  });

  it('offers child hair for boys and girls, every style in all five colours', () => {
    for (const gender of ['boy', 'girl'] as const) {
      const hair = CATALOGUE.child.hair.filter((o) => o.gender === gender);
      const styles = new Set(hair.map((o) => o.style));
      expect(styles.size).toBeGreaterThanOrEqual(3);
      for (const style of styles) {
        expect(hair.filter((o) => o.style === style).map((o) => o.colour)).toEqual([
          'BC',
          'BR',
          'BL',
          'RD',
          'LBR',
        ]);
      }
    }
  });

  it('encodes style and colour in the asset name', () => {
    for (const o of [...CATALOGUE.child.hair, ...CATALOGUE.dad.hair, ...CATALOGUE.mum.hair]) {
      expect(o.asset).toMatch(
        /^(kid_hair_(boy|girl)_\d\d_(BC|BR|BL|RD|LBR)|(dad|mum)_hair_\d\d_(BC|BR|BL|RD|LBR|GY|WH))$/,
      );
      expect(o.asset.endsWith(`_${o.style}_${o.colour}`)).toBe(true);
    }
    expect(assets(CATALOGUE.child.eyes)).toEqual([
      'kid_eyes_GY',
      'kid_eyes_BR',
      'kid_eyes_GR',
      'kid_eyes_BE',
    ]);
    expect(CATALOGUE.dad.hair.map((o) => o.asset)).toContain('dad_hair_02_BC');
    expect(CATALOGUE.mum.hair.map((o) => o.asset)).toContain('mum_hair_01_RD');
  });

  it('uses each hair colour code only from the five known ones, and grey and white for grown-ups', () => {
    const colours = new Set([...CATALOGUE.dad.hair, ...CATALOGUE.mum.hair].map((o) => o.colour));
    expect([...colours].sort()).toEqual(['BC', 'BL', 'BR', 'GY', 'LBR', 'RD', 'WH']);
  });

  it('has unique asset names with the role prefix', () => {
    expect(new Set(ALL_ASSET_NAMES).size).toBe(ALL_ASSET_NAMES.length);
    for (const name of ALL_ASSET_NAMES) {
      const option = findOption(name);
      expect(option).toBeDefined();
      const prefix = { child: 'kid_', dad: 'dad_', mum: 'mum_' }[option!.role];
      expect(name.startsWith(prefix)).toBe(true);
      expect(isAssetName(name)).toBe(true);
    }
    expect(isAssetName('kid_hair_boy_99_BC')).toBe(false);
    expect(isAssetName('mum_acc_beard')).toBe(false);
    expect(isAssetName('')).toBe(false);
  });
});

describe('defaults', () => {
  it('uses the first option of each list, grey eyes for the child and brown for parents', () => {
    expect(DEFAULT_CHARACTERS).toEqual({
      child: {
        gender: 'boy',
        hair: 'kid_hair_boy_01_BC',
        eyes: 'kid_eyes_GY',
        skin: 'kid_skin_1',
        tshirt: 'kid_tshirt_1',
        shorts: 'kid_shorts_1',
        lashes: null,
        accessories: [],
      },
      dad: { hair: 'dad_hair_01_BC', eyes: 'dad_eyes_BR', skin: 'dad_skin_1D', accessories: [] },
      mum: { hair: 'mum_hair_01_BC', eyes: 'mum_eyes_BR', skin: 'mum_skin_1M', accessories: [] },
    });
    expect(CATALOGUE.dad.eyes[0]?.asset).toBe('dad_eyes_BR');
    expect(CATALOGUE.child.eyes[0]?.asset).toBe('kid_eyes_GY');
  });

  it('gives a girl lashes and a girl hair style', () => {
    const girl = defaultCharacters('girl');
    expect(girl.child.gender).toBe('girl');
    expect(girl.child.lashes).toBe('kid_lashes_1');
    expect(girl.child.hair).toBe('kid_hair_girl_01_BC');
  });

  it('returns fresh objects the caller may change', () => {
    const a = defaultCharacters('boy');
    a.child.accessories.push('kid_acc_freckles');
    expect(defaultCharacters('boy').child.accessories).toEqual([]);
    expect(DEFAULT_CHARACTERS.child.accessories).toEqual([]);
    expect(Object.isFrozen(DEFAULT_CHARACTERS.child)).toBe(true);
  });
});

describe('resolveCharacterSet', () => {
  it('fills every missing category with the defaults', () => {
    expect(resolveCharacterSet([], 'boy')).toEqual({ ok: true, value: defaultCharacters('boy') });
    expect(resolveCharacterSet([], 'girl')).toEqual({ ok: true, value: defaultCharacters('girl') });
  });

  it('takes the given options and keeps the rest default', () => {
    const result = resolveCharacterSet(
      ['dad_acc_beard', 'kid_eyes_BE', 'mum_hair_04_RD', 'dad_skin_4D', 'kid_acc_freckles'],
      'boy',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.child.eyes).toBe('kid_eyes_BE');
    expect(result.value.child.accessories).toEqual(['kid_acc_freckles']);
    expect(result.value.child.hair).toBe('kid_hair_boy_01_BC');
    expect(result.value.dad).toEqual({
      hair: 'dad_hair_01_BC',
      eyes: 'dad_eyes_BR',
      skin: 'dad_skin_4D',
      accessories: ['dad_acc_beard'],
    });
    expect(result.value.mum.hair).toBe('mum_hair_04_RD');
  });

  it('round-trips through characterSetToAssetNames', () => {
    const set: CharacterSet = {
      child: {
        gender: 'girl',
        hair: 'kid_hair_girl_02_RD',
        eyes: 'kid_eyes_GR',
        skin: 'kid_skin_5',
        tshirt: 'kid_tshirt_2',
        shorts: 'kid_shorts_3',
        lashes: 'kid_lashes_1',
        accessories: ['kid_acc_freckles', 'kid_acc_glasses_round', 'kid_acc_hearing_aid'],
      },
      dad: {
        hair: 'dad_hair_05_BL',
        eyes: 'dad_eyes_BE',
        skin: 'dad_skin_6D',
        accessories: ['dad_acc_glasses', 'dad_acc_mustache', 'dad_acc_beard'],
      },
      mum: {
        hair: 'mum_hair_03_LBR',
        eyes: 'mum_eyes_GY',
        skin: 'mum_skin_2M',
        accessories: ['mum_acc_glasses'],
      },
    };
    const names = characterSetToAssetNames(set);
    expect(new Set(names).size).toBe(names.length);
    expect(resolveCharacterSet([...names].reverse(), 'girl')).toEqual({ ok: true, value: set });
  });

  it('refuses unknown names and lists them', () => {
    expect(resolveCharacterSet(['kid_eyes_GY', 'kid_eyes_PURPLE', 'mum_acc_beard'], 'boy')).toEqual(
      {
        ok: false,
        unknown: ['kid_eyes_PURPLE', 'mum_acc_beard'],
        conflicts: [],
      },
    );
  });

  it('rejects both glasses at once', () => {
    expect(resolveCharacterSet(['kid_acc_glasses_rect', 'kid_acc_glasses_round'], 'boy')).toEqual({
      ok: false,
      unknown: [],
      conflicts: ['kid_acc_glasses_rect', 'kid_acc_glasses_round'],
    });
  });

  it('rejects two options of a single-choice category', () => {
    expect(
      resolveCharacterSet(['dad_hair_01_BC', 'dad_hair_02_BR', 'kid_skin_1', 'kid_skin_2'], 'boy'),
    ).toEqual({
      ok: false,
      unknown: [],
      conflicts: ['dad_hair_01_BC', 'dad_hair_02_BR', 'kid_skin_1', 'kid_skin_2'],
    });
  });

  it('accepts the same name twice', () => {
    const result = resolveCharacterSet(['kid_skin_3', 'kid_skin_3'], 'boy');
    expect(result.ok && result.value.child.skin).toBe('kid_skin_3');
  });

  it('does not mix the same category across roles', () => {
    const result = resolveCharacterSet(['kid_eyes_BE', 'dad_eyes_GR', 'mum_eyes_GY'], 'girl');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.value.child.eyes, result.value.dad.eyes, result.value.mum.eyes]).toEqual([
      'kid_eyes_BE',
      'dad_eyes_GR',
      'mum_eyes_GY',
    ]);
  });

  it('allows girl hair only for girls and boy hair only for boys', () => {
    expect(resolveCharacterSet(['kid_hair_girl_01_BL'], 'boy')).toEqual({
      ok: false,
      unknown: [],
      conflicts: ['kid_hair_girl_01_BL'],
    });
    expect(resolveCharacterSet(['kid_hair_boy_02_BL'], 'girl')).toEqual({
      ok: false,
      unknown: [],
      conflicts: ['kid_hair_boy_02_BL'],
    });
    const girl = resolveCharacterSet(['kid_hair_girl_03_BL'], 'girl');
    expect(girl.ok && girl.value.child.hair).toBe('kid_hair_girl_03_BL');
  });

  it('drops lashes for a boy and adds them for a girl', () => {
    const boy = resolveCharacterSet(['kid_lashes_1'], 'boy');
    expect(boy.ok && boy.value.child.lashes).toBeNull();
    const girl = resolveCharacterSet(['kid_hair_girl_02_BR'], 'girl');
    expect(girl.ok && girl.value.child.lashes).toBe('kid_lashes_1');
  });
});

describe('characterSetToAssetNames', () => {
  it('lists every chosen option of the default boy, without lashes', () => {
    expect(characterSetToAssetNames(defaultCharacters('boy'))).toEqual([
      'kid_hair_boy_01_BC',
      'kid_eyes_GY',
      'kid_skin_1',
      'kid_tshirt_1',
      'kid_shorts_1',
      'dad_hair_01_BC',
      'dad_eyes_BR',
      'dad_skin_1D',
      'mum_hair_01_BC',
      'mum_eyes_BR',
      'mum_skin_1M',
    ]);
    expect(characterSetToAssetNames(defaultCharacters('girl'))).toContain('kid_lashes_1');
  });
});

describe('toggleAccessory', () => {
  it('switches accessories on and off independently', () => {
    let list = toggleAccessory('child', [], 'kid_acc_hearing_aid');
    expect(list).toEqual(['kid_acc_hearing_aid']);
    list = toggleAccessory('child', list, 'kid_acc_freckles');
    expect(list).toEqual(['kid_acc_freckles', 'kid_acc_hearing_aid']);
    list = toggleAccessory('child', list, 'kid_acc_hearing_aid');
    expect(list).toEqual(['kid_acc_freckles']);
  });

  it('keeps only one pair of glasses', () => {
    let list = toggleAccessory('child', ['kid_acc_freckles'], 'kid_acc_glasses_rect');
    expect(list).toEqual(['kid_acc_freckles', 'kid_acc_glasses_rect']);
    list = toggleAccessory('child', list, 'kid_acc_glasses_round');
    expect(list).toEqual(['kid_acc_freckles', 'kid_acc_glasses_round']);
    list = toggleAccessory('child', list, 'kid_acc_glasses_round');
    expect(list).toEqual(['kid_acc_freckles']);
  });

  it('lets the dad wear glasses, mustache and beard together', () => {
    let list: string[] = [];
    for (const a of ['dad_acc_beard', 'dad_acc_glasses', 'dad_acc_mustache'])
      list = toggleAccessory('dad', list, a);
    expect(list).toEqual(['dad_acc_glasses', 'dad_acc_mustache', 'dad_acc_beard']);
  });

  it('does not change the list it was given', () => {
    const current = ['kid_acc_glasses_rect'];
    toggleAccessory('child', current, 'kid_acc_glasses_round');
    expect(current).toEqual(['kid_acc_glasses_rect']);
  });

  it('throws for an option that is not an accessory of that role', () => {
    expect(() => toggleAccessory('mum', [], 'dad_acc_beard')).toThrow(RangeError);
    expect(() => toggleAccessory('child', [], 'kid_eyes_GY')).toThrow(RangeError);
  });
});

describe('setGender', () => {
  it('turns a boy into a girl with lashes and a girl hair of the same colour', () => {
    const boy = {
      ...defaultCharacters('boy').child,
      hair: 'kid_hair_boy_03_RD',
      accessories: ['kid_acc_freckles'],
    };
    const girl = setGender(boy, 'girl');
    expect(girl).toEqual({
      ...boy,
      gender: 'girl',
      hair: 'kid_hair_girl_03_RD',
      lashes: 'kid_lashes_1',
    });
  });

  it('turns a girl into a boy without lashes and a boy hair of the same colour', () => {
    const girl = {
      ...defaultCharacters('girl').child,
      hair: 'kid_hair_girl_02_LBR',
      eyes: 'kid_eyes_BE',
    };
    const boy = setGender(girl, 'boy');
    expect(boy).toEqual({ ...girl, gender: 'boy', hair: 'kid_hair_boy_02_LBR', lashes: null });
  });

  it('keeps everything when the gender does not change', () => {
    const girl = defaultCharacters('girl').child;
    expect(setGender(girl, 'girl')).toEqual(girl);
  });

  it('always yields a set resolveCharacterSet accepts', () => {
    for (const hair of CATALOGUE.child.hair) {
      const from = hair.gender === 'boy' ? 'boy' : 'girl';
      const to = from === 'boy' ? 'girl' : 'boy';
      const child = setGender({ ...defaultCharacters(from).child, hair: hair.asset }, to);
      expect(findOption(child.hair)?.colour).toBe(hair.colour);
      const set = { ...defaultCharacters(to), child };
      expect(resolveCharacterSet(characterSetToAssetNames(set), to)).toEqual({
        ok: true,
        value: set,
      });
    }
  });
});

describe("a grown-up's clothes colour and build travel with the accessories (issue #49)", () => {
  it('keeps one clothes colour and one build: choosing another switches the first off', () => {
    let list = toggleAccessory('dad', ['dad_acc_beard'], 'dad_acc_clothes_berry');
    list = toggleAccessory('dad', list, 'dad_acc_build_slim');
    list = toggleAccessory('dad', list, 'dad_acc_clothes_blue');
    expect(list).toEqual(['dad_acc_beard', 'dad_acc_clothes_blue', 'dad_acc_build_slim']);
  });

  it('refuses two clothes colours for one person and round-trips a chosen one', () => {
    const twice = resolveCharacterSet(['mum_acc_clothes_teal', 'mum_acc_clothes_coral'], 'girl');
    expect(twice.ok).toBe(false);
    if (!twice.ok)
      expect(twice.conflicts).toEqual(['mum_acc_clothes_teal', 'mum_acc_clothes_coral']);
    const once = resolveCharacterSet(['mum_acc_clothes_green', 'mum_acc_build_sturdy'], 'girl');
    expect(once.ok && once.value.mum.accessories).toEqual([
      'mum_acc_clothes_green',
      'mum_acc_build_sturdy',
    ]);
    if (once.ok)
      expect(resolveCharacterSet(characterSetToAssetNames(once.value), 'girl')).toEqual(once);
  });
});
