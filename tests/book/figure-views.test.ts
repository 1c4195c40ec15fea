import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { defaultCharacters } from '#book/character-set.ts';
import { drawCharacter, poseAnchors } from '#book/art/characters/draw-character.ts';
import { figureBox } from '#book/art/scenes/layout-kit.ts';
import { DAD_DX, HUG, MUM_DX, SOLO_HUG } from '#book/art/scenes/hug.ts';
import { drawHead } from '#book/art/characters/head.ts';
import { HEADS } from '#book/art/characters/head-geometry.ts';
import { CATALOGUE } from '#book/catalogue.ts';
import { BEARD_ON_DEEP_SKIN, SKIN_TONES, type SkinToneId } from '#book/art/palette.ts';
import { POSES, VIEWS, type CharacterSlot, type Pose, type Role } from '#book/types.ts';

const ROLES: Role[] = ['child', 'dad', 'mum'];

function bbox(fragment: string): { x0: number; y0: number; x1: number; y1: number } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2000 -2500 4000 3000">${fragment}</svg>`;
  const b = new Resvg(svg).getBBox()!;
  return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
}

/** The x of the pupils' centres (a circle, an ellipse, or a disc cut by the eye's edge). */
function pupilXs(svg: string): number[] {
  return [...svg.matchAll(/<(circle|ellipse|path) ([^>]*)fill="#2a1c18"\/>/g)].flatMap((m) => {
    if (m[1] !== 'path') return [Number(/cx="(-?[\d.]+)"/.exec(m[2]!)![1])];
    const d = /d="([^"]*)"/.exec(m[2]!)?.[1] ?? '';
    // a cut disc is a closed polygon of 28 points; mouths and closed eyes are not
    const xs = [...d.matchAll(/[ML](-?[\d.]+),/g)].map((p) => Number(p[1]));
    if (xs.length !== 28) return [];
    return [xs.reduce((a, b) => a + b, 0) / xs.length];
  });
}

describe('views and gaze', () => {
  const set = defaultCharacters('boy');
  set.child.accessories = ['kid_acc_glasses_round', 'kid_acc_hearing_aid', 'kid_acc_freckles'];
  set.dad.accessories = ['dad_acc_beard', 'dad_acc_glasses'];

  it.each(ROLES)('draws the %s differently in each view, marked on the figure', (role) => {
    const drawings = VIEWS.map((view) =>
      drawCharacter(role, set, 'stand', 'happy', 'day', { view }),
    );
    expect(new Set(drawings).size).toBe(VIEWS.length);
    expect(drawings[0]).not.toContain('data-view');
    expect(drawings[1]).toContain('data-view="three-quarter"');
    expect(drawings[2]).toContain('data-view="side"');
    // the default is the front view, drawn as before
    expect(drawCharacter(role, set, 'stand')).toBe(drawings[0]);
  });

  it('turns the face towards +x: the features move right, the far ear and hearing aid go', () => {
    const front = drawCharacter('child', set, 'stand', 'happy', 'day', { view: 'front' });
    const turned = drawCharacter('child', set, 'stand', 'happy', 'day', { view: 'three-quarter' });
    const side = drawCharacter('child', set, 'stand', 'happy', 'day', { view: 'side' });
    const ears = (svg: string): number => (svg.match(/cy="16" rx="[\d.]+" ry="24"/g) ?? []).length;
    expect(ears(front)).toBe(2);
    expect(ears(turned)).toBe(1);
    expect(ears(side)).toBe(1);
    const avg = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    // front: pupils either side of the centre line; turned: both to +x of where they were
    const fx = pupilXs(front);
    expect(fx).toHaveLength(2);
    expect(avg(pupilXs(turned))).toBeGreaterThan(avg(fx) + 20);
    // a profile shows one eye
    expect(pupilXs(side).length).toBe(1);
  });

  it('moves the pupils with the gaze and keeps them inside the eyes', () => {
    const look = (gaze: 'left' | 'right' | 'up' | 'down' | 'front') =>
      drawCharacter('mum', set, 'stand', 'happy', 'day', { gaze });
    const left = pupilXs(look('left'));
    const right = pupilXs(look('right'));
    expect(left).toHaveLength(2);
    for (let i = 0; i < 2; i++) expect(right[i]!).toBeGreaterThan(left[i]! + 5);
    expect(look('up')).not.toBe(look('down'));
    // a vector gaze works too, and a turned head looks the way it faces unless told
    expect(
      drawCharacter('dad', set, 'stand', 'happy', 'day', { gaze: { x: 0.5, y: -0.5 } }),
    ).not.toBe(drawCharacter('dad', set, 'stand'));
    const turned = drawCharacter('dad', set, 'stand', 'happy', 'day', { view: 'three-quarter' });
    expect(
      drawCharacter('dad', set, 'stand', 'happy', 'day', { view: 'three-quarter', gaze: 'right' }),
    ).toBe(turned);
  });

  it.each(ROLES.flatMap((role) => VIEWS.map((view) => [role, view] as const)))(
    '%s in the %s view stays inside its figureBox in every pose',
    (role, view) => {
      for (const pose of POSES) {
        const box = figureBox(role, pose, view);
        const b = bbox(drawCharacter(role, set, pose, 'happy', 'day', { view }));
        expect(b.x0, pose).toBeGreaterThanOrEqual(box.x0 - 5);
        expect(b.x1, pose).toBeLessThanOrEqual(box.x1 + 5);
        expect(b.y0, pose).toBeGreaterThanOrEqual(box.y0 - 5);
        expect(b.y1, pose).toBeLessThanOrEqual(box.y1 + 5);
      }
    },
  );
});

describe('poses that hold and hug', () => {
  const set = defaultCharacters('girl');
  const NEW: Pose[] = [
    'hug-kneel',
    'embrace',
    'hug-reach',
    'hold-hand',
    'sit-head-down',
    'fall-act',
    'laugh',
    'point-at',
    'read',
    'look-up',
  ];

  it('has the poses the staging needs, each with anchors', () => {
    expect(POSES).toEqual(expect.arrayContaining(NEW));
    for (const role of ROLES)
      for (const pose of NEW) {
        const a = poseAnchors(role, pose);
        for (const p of [a.neck, a.hip, a.handL, a.handR, a.footL, a.footR, a.headTop])
          expect(Number.isFinite(p.x) && Number.isFinite(p.y), `${role} ${pose}`).toBe(true);
        expect(a.headTop.y).toBeLessThan(a.neck.y);
      }
  });

  it("puts a kneeling grown-up's arms round a child standing beside them", () => {
    for (const role of ['mum', 'dad'] as const)
      for (const view of ['three-quarter'] as const) {
        const a = poseAnchors(role, 'hug-kneel', view);
        const child = poseAnchors('child', 'hug-reach');
        // the child stands where the family hug puts it (its torso 112 either side of its
        // middle): the far hand reaches past the child's middle behind its back at shoulder-
        // blade height, the near hand rests on the child's near side, and the faces are close
        const cx = role === 'mum' ? -MUM_DX : DAD_DX;
        const half = 112;
        expect(a.handR.x, `${role} ${view}`).toBeGreaterThan(cx);
        // hidden behind the child, not poking out on its far side
        expect(a.handR.x, `${role} ${view}`).toBeLessThan(cx + half);
        expect(a.handL.x, `${role} ${view}`).toBeGreaterThan(cx - half);
        expect(a.handL.x, `${role} ${view}`).toBeLessThan(cx - half / 3);
        for (const y of [a.handL.y, a.handR.y]) {
          expect(y, `${role} ${view}`).toBeGreaterThan(child.neck.y);
          expect(y, `${role} ${view}`).toBeLessThan(child.hip.y);
        }
        expect(Math.abs(a.headTop.y - child.headTop.y)).toBeLessThan(250);
      }
  });

  it('draws a hugger in two parts: the body behind the partner, the arms in front', () => {
    const dad = { ...set, dad: { ...set.dad, accessories: ['dad_acc_beard', 'dad_acc_glasses'] } };
    const whole = drawCharacter('dad', dad, 'hug-kneel');
    const body = drawCharacter('dad', dad, 'hug-kneel', 'happy', 'day', { part: 'body' });
    const arms = drawCharacter('dad', dad, 'hug-kneel', 'happy', 'day', { part: 'arms' });
    expect(arms).toContain('data-part="arms"');
    expect(arms).not.toContain('data-layer="dad_shadow"');
    expect(body.length + arms.length).toBeGreaterThan(whole.length * 0.9);
    // the near arm comes forward over the partner, to the child's near side; the far arm goes
    // round the child's back, so it is part of the body drawn behind the child
    const a = poseAnchors('dad', 'hug-kneel');
    expect(bbox(arms).x1).toBeGreaterThan(a.handL.x);
    expect(bbox(body).x1).toBeGreaterThan(a.handR.x);
    // no forearm crosses the child's chest: the arms part stops short of the child's middle
    expect(bbox(arms).x1).toBeLessThan(DAD_DX);
    // the face comes in front of the child too (cheek to cheek, in front of the child's hair),
    // with its glasses and beard; the body behind has no face
    for (const layer of [set.dad.eyes, 'dad_acc_beard', 'dad_acc_glasses']) {
      expect(arms).toContain(`data-layer="${layer}"`);
      expect(body).not.toContain(`data-layer="${layer}"`);
    }
  });

  it('shows every face of the family hug: grown-ups cheek to cheek beside the child, not behind', () => {
    // face circles on the page (face centre and half width at ear height) for each hug
    const faces = (slots: CharacterSlot[]) =>
      slots
        .filter((s) => s.part !== 'arms')
        .map((s) => {
          const a = poseAnchors(s.role, s.pose, s.view);
          const g = HEADS[s.role];
          const tilt = (a.headTilt * Math.PI) / 180;
          const up = g.neckY * g.scale;
          const x = a.neck.x + Math.sin(tilt) * up;
          const y = a.neck.y - Math.cos(tilt) * up;
          return {
            role: s.role,
            x: s.x + (s.flip ? -x : x) * s.scale,
            y: s.y + y * s.scale,
            half: g.W * g.scale * s.scale,
            chin: s.y + (y + g.C * g.scale) * s.scale,
          };
        });
    // one grown-up (SOLO_HUG) may be a mum or a dad, a grandma or a grandpa (a dad's body)
    const soloDad = SOLO_HUG.map((s) => (s.role === 'mum' ? { ...s, role: 'dad' as const } : s));
    for (const slots of [HUG, SOLO_HUG, soloDad]) {
      const all = faces(slots);
      const child = all.find((f) => f.role === 'child')!;
      const grownUps = all.filter((f) => f.role !== 'child');
      expect(grownUps.length).toBe(slots === HUG ? 2 : 1);
      for (const f of grownUps) {
        // the faces (round) touch at most at the cheeks: the grown-up's face is clear of the
        // child's, and close: cheek to cheek, not an arm's length away
        const apart = Math.hypot(f.x - child.x, f.y - child.y) / (f.half + child.half);
        expect(apart, f.role).toBeGreaterThanOrEqual(1);
        expect(apart, f.role).toBeLessThan(1.25);
        // beside the child's head, not above it
        expect(Math.abs(f.x - child.x), f.role).toBeGreaterThan(child.half);
        // at the child's height or a little above: the chin no lower than the child's
        expect(f.chin, f.role).toBeLessThan(child.chin);
        expect(f.y, f.role).toBeGreaterThan(child.y - 2 * f.half);
      }
    }
  });

  it("reaches the child's hand: a grown-up's lowered hand meets the child's raised one", () => {
    const grown = poseAnchors('mum', 'hold-hand');
    const child = poseAnchors('child', 'hold-hand');
    // the child's raised hand is within 150 units of the grown-up's lowered hand's height
    expect(Math.abs(grown.handR.y - child.handR.y)).toBeLessThan(160);
    expect(child.handR.y).toBeLessThan(poseAnchors('child', 'stand').handR.y - 150);
  });

  it("bows the sad child's head and lifts a looking-up face", () => {
    const down = poseAnchors('child', 'sit-head-down');
    const sit = poseAnchors('child', 'sit');
    expect(down.neck.y).toBeGreaterThan(sit.neck.y + 20);
    const svg = drawCharacter('child', set, 'sit-head-down', 'sad');
    expect(svg).toContain('translate(0 26)');
    expect(drawCharacter('child', set, 'look-up')).toContain('translate(0 -14)');
  });

  it('laughs with shut, smiling eyes and a wide open mouth', () => {
    const laughing = drawCharacter('mum', set, 'laugh', 'laughing');
    expect(laughing).not.toBe(drawCharacter('mum', set, 'laugh', 'happy'));
    expect(pupilXs(laughing)).toHaveLength(0);
  });
});

describe('surfaces: beards, light and every outfit on every body', () => {
  it('keeps the beard a shape of its own: skin between it and the hair at the temples', () => {
    for (const option of CATALOGUE.dad.hair) {
      const head = drawHead('dad', {
        hair: option.asset,
        eyes: CATALOGUE.dad.eyes[0]!.asset,
        skin: 'dad_skin_6D',
        lashes: null,
        accessories: ['dad_acc_beard'],
      });
      const beard = head.front.match(/data-layer="dad_acc_beard"><path d="([^"]*)"/)![1]!;
      const beardTop = Math.min(
        ...[...beard.matchAll(/-?[\d.]+,(-?[\d.]+)/g)].map((m) => Number(m[1])),
      );
      // the hair's front layer ends at the sides above the ear's middle; the beard starts below it
      const g = HEADS.dad;
      expect(beardTop, option.asset).toBeGreaterThan(g.E + 5);
      const hair =
        head.front.match(new RegExp(`data-layer="${option.asset}"><path d="([^"]*)"`))?.[1] ?? '';
      const sideYs = [...hair.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)]
        .filter((m) => Math.abs(Number(m[1])) > g.W - 20)
        .map((m) => Number(m[2]));
      if (sideYs.length) expect(Math.max(...sideYs), option.asset).toBeLessThan(beardTop - 10);
    }
  });

  it('deepens a brown beard on the deepest skin so it does not melt into the face', () => {
    const set = defaultCharacters('boy');
    set.dad.hair = 'dad_hair_01_BR';
    set.dad.accessories = ['dad_acc_beard'];
    set.dad.skin = 'dad_skin_6D';
    expect(drawCharacter('dad', set, 'stand')).toContain(`fill="${BEARD_ON_DEEP_SKIN.BR}"`);
    set.dad.skin = 'dad_skin_1D';
    expect(drawCharacter('dad', set, 'stand')).not.toContain(`fill="${BEARD_ON_DEEP_SKIN.BR}"`);
  });

  it('lights limbs from the top left: a shade band in the skin shadow on every arm', () => {
    const set = defaultCharacters('girl');
    const svg = drawCharacter('child', set, 'stand');
    const shadow = SKIN_TONES[Number(set.child.skin.match(/\d/)![0]) as SkinToneId].shadow;
    expect(svg.split(`stroke="${shadow}" stroke-opacity="0.75"`).length - 1).toBeGreaterThanOrEqual(
      4,
    );
    expect(svg).not.toMatch(/\bid=|filter=|Gradient/);
  });

  it.each(['mum', 'dad'] as const)('draws the %s in every outfit and every pose', (role) => {
    const set = defaultCharacters('girl');
    for (const outfit of ['day', 'pyjamas', 'gown'] as const)
      for (const pose of POSES) {
        const svg = drawCharacter(role, set, pose, 'happy', outfit);
        if (outfit !== 'day')
          expect(svg, `${pose} ${outfit}`).toContain(`data-layer="${role}_${outfit}"`);
        const b = bbox(svg);
        // on the ground, the right height, nothing below the floor
        expect(b.y1, `${pose} ${outfit}`).toBeLessThan(60);
        expect(b.y0, `${pose} ${outfit}`).toBeLessThan(-900);
      }
  });
});
