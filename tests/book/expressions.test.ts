import { describe, expect, it } from 'vitest';
import { drawCharacter } from '#book/art/characters/draw-character.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { type CharacterSet } from '#book/catalogue.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import { renderPageArt } from '#book/render-page.ts';
import { SCENE_NOTES } from '#book/story/scenes.ts';
import { EXPRESSIONS, POSES, SPREAD_IDS, type Role } from '#book/types.ts';

// Faces that feel: every spread's scene note says who feels what, and the picture follows it for
// every option set; every expression is its own face; the accessories stay on every face.

function set(assets: string[], gender: 'boy' | 'girl'): CharacterSet {
  const resolved = resolveCharacterSet(assets, gender);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved));
  return resolved.value;
}

const SETS: CharacterSet[] = [
  set(
    [
      'kid_hair_girl_02_RD',
      'kid_acc_glasses_round',
      'kid_acc_freckles',
      'dad_acc_beard',
      'dad_acc_glasses',
      'mum_acc_glasses',
    ],
    'girl',
  ),
  set(
    ['kid_skin_6', 'kid_acc_hearing_aid', 'dad_skin_6D', 'mum_skin_6M', 'dad_acc_mustache'],
    'boy',
  ),
];

const ROLES: Role[] = ['child', 'dad', 'mum'];

describe('expressions', () => {
  it('has the faces and gestures the story needs', () => {
    expect(EXPRESSIONS).toEqual(
      expect.arrayContaining([
        'happy',
        'sad',
        'worried',
        'determined',
        'calm',
        'proud',
        'surprised',
      ]),
    );
    expect(POSES).toEqual(expect.arrayContaining(['tummy', 'hug', 'point', 'crouch', 'kneel']));
  });

  it.each(ROLES)('draws seven different faces for the %s, each keeping every accessory', (role) => {
    for (const characters of SETS) {
      const faces = EXPRESSIONS.map((e) => drawCharacter(role, characters, 'stand', e));
      expect(new Set(faces).size).toBe(EXPRESSIONS.length);
      const person =
        role === 'child' ? characters.child : role === 'dad' ? characters.dad : characters.mum;
      for (const face of faces) {
        for (const accessory of person.accessories)
          expect(face).toContain(`data-layer="${accessory}"`);
      }
    }
  });

  it('gives every spread a feeling for each of the family in the picture', () => {
    for (const page of SPREAD_IDS) {
      const roles = SPREAD_LAYOUTS[page]!.slots.map((slot) => slot.role);
      for (const role of roles)
        expect(SCENE_NOTES[page]!.feels[role], `${role} on ${page}`).toBeDefined();
    }
  });

  it('draws each of the family with the face its scene note says, for every option set', () => {
    for (const characters of SETS) {
      for (const page of SPREAD_IDS) {
        const body = renderPageArt({
          page,
          language: 'en-gb',
          child: { name: 'Ann', gender: 'girl' },
          characters,
        }).body;
        const drawn = [
          ...body.matchAll(/data-character="(\w+)" data-pose="[\w-]+" data-expression="(\w+)"/g),
        ].map((m) => `${m[1]}:${m[2]}`);
        const expected = SPREAD_LAYOUTS[page]!.slots.map(
          (slot) => `${slot.role}:${SCENE_NOTES[page]!.feels[slot.role]}`,
        );
        expect(drawn, page).toEqual(expected);
      }
    }
  });

  it('shows the sad and worried pages of the issue without a smile', () => {
    for (const page of [
      'page_3-4',
      'page_5-6',
      'page_17-18',
      'page_21-22',
      'page_23-24',
      'page_25-26',
    ]) {
      expect(['sad', 'worried'], page).toContain(SCENE_NOTES[page]!.feels.child);
    }
    expect(SCENE_NOTES['page_35-36']!.feels.child).toBe('calm');
    expect(SPREAD_LAYOUTS['page_35-36']!.slots.find((s) => s.role === 'child')!.pose).toBe('tummy');
    expect(SPREAD_LAYOUTS['page_25-26']!.slots.find((s) => s.role === 'mum')!.pose).toBe('kneel');
    expect(SPREAD_LAYOUTS['page_9-10']!.slots.find((s) => s.role === 'dad')!.pose).toBe('crouch');
    expect(SPREAD_LAYOUTS['page_41-42']!.slots.filter((s) => s.pose === 'hug')).toHaveLength(2);
  });
});
