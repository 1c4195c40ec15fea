import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import {
  assetProblem,
  checkCharacters,
  checkParentName,
  dedicationLines,
  dedicationProblem,
  genderLabelOf,
  genderOf,
  nameProblem,
  normalizeDedication,
  normalizeParentName,
  ONE_PAIR_OF_GLASSES,
} from '#book/personalization.ts';

describe('the dedication', () => {
  it('counts every kind of line break as one break', () => {
    for (const lineBreak of ['\r\n', '\r', '\n', '\u2028', '\u2029', '\u0085', '\v', '\f']) {
      expect(
        dedicationLines(`a${lineBreak}b${lineBreak}${lineBreak}c`),
        JSON.stringify(lineBreak),
      ).toEqual(['a', 'b', '', 'c']);
    }
    // A Windows break is one break, not two; a lone LF after a CR LF is a second one.
    expect(dedicationLines('a\r\n\nb')).toEqual(['a', '', 'b']);
    expect(normalizeDedication('a\r\nb\rc\u2028d')).toBe('a\nb\nc\nd');
  });

  it('allows 10 lines, blank ones included, and 600 characters', () => {
    const ten = Array.from({ length: 10 }, () => '').join('\r');
    expect(dedicationProblem(`x${ten}`, { required: false })).toBeNull();
    expect(dedicationProblem(`x${ten}\u2029`, { required: false })).toBe('tooManyLines');
    expect(dedicationProblem('x'.repeat(600), { required: true })).toBeNull();
    expect(dedicationProblem('x'.repeat(601), { required: true })).toBe('tooLong');
  });

  it('is required for a saved book only, and refuses control characters but tabs', () => {
    expect(dedicationProblem(' \n ', { required: false })).toBeNull();
    expect(dedicationProblem(' \n ', { required: true })).toBe('blank');
    expect(dedicationProblem('For\tMax', { required: true })).toBeNull();
    expect(dedicationProblem('For\u0000Max', { required: true })).toBe('unprintable');
    expect(dedicationProblem('For\u0007Max', { required: false })).toBe('unprintable');
  });
});

describe('names', () => {
  it('keeps every name in NFC with single spaces', () => {
    expect(normalizeParentName('  Ja\u0304nis \t  Bērziņš ')).toBe('Jānis Bērziņš');
    expect(normalizeParentName(' \n ')).toBeNull();
    expect(normalizeParentName(null)).toBeNull();
    expect(checkParentName('  Tom ')).toEqual({ ok: true, name: 'Tom' });
  });

  it('needs a name, within its length, printable', () => {
    expect(nameProblem('child', '  ')).toBe('required');
    expect(nameProblem('dad', '\u3000')).toBe('required');
    expect(nameProblem('child', 'W'.repeat(25))).toBe('tooLong');
    expect(nameProblem('child', 'R2D2')).toBe('invalid');
    expect(nameProblem('mum', 'A'.repeat(40))).toBeNull();
    expect(nameProblem('mum', 'A'.repeat(41))).toBe('tooLong');
    // Runs of spaces count as one.
    expect(nameProblem('mum', `${'A'.repeat(20)}      ${'B'.repeat(19)}`)).toBeNull();
    expect(nameProblem('dad', 'T\u0007om')).toBe('invalid');
    expect(checkParentName('T\u0007om').ok).toBe(false);
  });
});

describe('assets', () => {
  it('maps the gender both ways', () => {
    expect(genderOf('Girl')).toBe('girl');
    expect(genderOf('Boy')).toBe('boy');
    expect(genderLabelOf('girl')).toBe('Girl');
    expect(genderLabelOf('boy')).toBe('Boy');
  });

  it('fits an asset to its role, category and, for the child hair, the gender', () => {
    const girl = defaultCharacters('girl');
    expect(assetProblem(girl.child.hair, 'child', 'hair', 'girl')).toBeNull();
    expect(assetProblem(girl.child.hair, 'child', 'hair', 'boy')).toMatch(/girl's hair/);
    expect(assetProblem(girl.dad.hair, 'mum', 'hair')).toMatch(/not a mum hair option/);
    expect(assetProblem('kid_hair_nope', 'child', 'hair')).toMatch(/Unknown asset/);
  });

  it('checks three characters: places, then one pair of glasses each', () => {
    const set = defaultCharacters('boy');
    expect(checkCharacters(set, 'boy')).toEqual({ ok: true, value: set });
    const swapped = checkCharacters({ ...set, dad: set.mum, mum: set.dad }, 'boy');
    expect(swapped.ok).toBe(false);
    if (!swapped.ok)
      expect(new Set(swapped.misfits.map((m) => m.role))).toEqual(new Set(['dad', 'mum']));
    const twoGlasses = checkCharacters(
      {
        ...set,
        child: { ...set.child, accessories: ['kid_acc_glasses_rect', 'kid_acc_glasses_round'] },
      },
      'boy',
    );
    expect(twoGlasses).toEqual({
      ok: false,
      misfits: [{ role: 'child', category: 'accessories', message: ONE_PAIR_OF_GLASSES }],
    });
  });
});
