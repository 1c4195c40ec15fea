import { describe, expect, it } from 'vitest';
import { solvePose, SKELETONS } from '#book/art/characters/body.ts';
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
          // the family's figures (not the storyteller as a child in 27-28's bubble)
          ...body.matchAll(
            /data-figure="\w+"[^>]*><g data-character="(\w+)" data-pose="[\w-]+" data-expression="(\w+)"/g,
          ),
        ].map((m) => `${m[1]}:${m[2]}`);
        // a hugger's arms drawn in front of the partner (part 'arms') are not a second figure
        const expected = SPREAD_LAYOUTS[page]!.slots.filter((slot) => slot.part !== 'arms').map(
          (slot) => `${slot.role}:${slot.expression ?? SCENE_NOTES[page]!.feels[slot.role]}`,
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
    // 41-42: Mum and Dad kneel and wrap their arms round the child (body behind, arms in front)
    const huggers = SPREAD_LAYOUTS['page_41-42']!.slots.filter((s) => s.pose === 'hug-kneel');
    expect(
      huggers
        .filter((s) => s.part === 'body')
        .map((s) => s.role)
        .sort(),
    ).toEqual(['dad', 'mum']);
    expect(
      huggers
        .filter((s) => s.part === 'arms')
        .map((s) => s.role)
        .sort(),
    ).toEqual(['dad', 'mum']);
  });

  it('follows the text where the family sit, kneel and say goodnight', () => {
    // 43-44 'the three of them sat in the garden'; 23-24 Dad sits beside the child
    expect(SPREAD_LAYOUTS['page_43-44']!.slots.map((s) => s.pose.startsWith('sit'))).toEqual([
      true,
      true,
      true,
    ]);
    // 23-24: 'sat on the bench with the head down', Dad sitting beside, his arm round
    const bench = SPREAD_LAYOUTS['page_23-24']!.slots;
    expect(bench.find((s) => s.role === 'child')!.pose).toBe('sit-head-down');
    expect(bench.filter((s) => s.role === 'dad').map((s) => s.pose)).toEqual(['sit', 'sit']);
    expect(bench.find((s) => s.role === 'dad' && s.part === 'arms')!.holds).toBe('shoulder');
    // 31-32: a quiet bedtime, the child watching the stars (eyes open), no wide grins
    expect(Object.values(SCENE_NOTES['page_31-32']!.feels)).toEqual([
      'content',
      'content',
      'content',
    ]);
    expect(SCENE_NOTES['page_31-32']!.action).not.toMatch(/happy|calm/);
    // 1-2: the text says nothing of pyjamas or a sock
    expect(SCENE_NOTES['page_1-2']!.action).not.toMatch(/pyjama|sock/);
  });

  it('kneels on one knee: a knee and a shoe on the ground, the hips low', () => {
    for (const role of ['mum', 'dad'] as const)
      for (const pose of ['kneel', 'hug-kneel'] as const) {
        const sk = SKELETONS[role];
        const kneel = solvePose(role, pose, 'three-quarter');
        const stand = solvePose(role, 'stand');
        // the front shoe stands on the ground; the back knee rests on it a little further back
        // (so a little higher in the picture)
        const backKnee = kneel.kneeL.y + sk.leg / 2;
        expect(Math.abs(kneel.footR.y), `${role} ${pose}`).toBeLessThan(25);
        expect(backKnee, `${role} ${pose}`).toBeLessThan(0);
        expect(backKnee, `${role} ${pose}`).toBeGreaterThan(-40);
        expect(-kneel.hip.y, `${role} ${pose}`).toBeLessThan(-stand.hip.y * 0.6);
      }
  });

  it('kneels compactly: the back shin goes into depth, no leg stretched out to the side', () => {
    for (const role of ['mum', 'dad'] as const)
      for (const pose of ['kneel', 'hug-kneel'] as const) {
        const sk = SKELETONS[role];
        const k = solvePose(role, pose, 'three-quarter');
        const at = `${role} ${pose}`;
        // the back knee is under the hip, the back shin short (foreshortened) and it rises
        // behind the knee instead of lying flat along the ground (the splits, a lunge)
        expect(Math.abs(k.kneeL.x - k.hipL.x), at).toBeLessThan(sk.thigh * 0.15);
        const shin = Math.hypot(k.ankleL.x - k.kneeL.x, k.ankleL.y - k.kneeL.y);
        expect(shin, at).toBeLessThan(sk.shin * 0.5);
        expect(k.ankleL.y, at).toBeLessThan(k.kneeL.y - shin * 0.3);
        // the front foot is planted forward with its knee up: the knee at about hip height, the
        // shin down to the foot, the thigh foreshortened (coming towards the viewer)
        expect(Math.abs(k.kneeR.y - k.hip.y), at).toBeLessThan(sk.thigh * 0.2);
        expect(k.kneeR.x - k.hipR.x, at).toBeLessThan(sk.thigh * 0.75);
        expect(Math.abs(k.ankleR.x - k.kneeR.x), at).toBeLessThan(sk.shin * 0.1);
        // the whole leg silhouette is hardly wider than the shoulders and the reach of a thigh
        const xs = [k.kneeL.x, k.ankleL.x, k.kneeR.x, k.ankleR.x];
        expect(Math.max(...xs) - Math.min(...xs), at).toBeLessThan(sk.thigh * 1.25);
      }
  });

  it('puts no ground shadow under the dangling feet of a seated figure', () => {
    const [characters] = SETS;
    for (const role of ROLES) {
      expect(drawCharacter(role, characters!, 'stand')).toContain('_shadow"');
      for (const pose of POSES.filter((p) => p.startsWith('sit')))
        expect(drawCharacter(role, characters!, pose), `${role} ${pose}`).not.toContain('_shadow"');
    }
  });
});
