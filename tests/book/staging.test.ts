// The camera and the staging of the fourth edition (issue #49): close and medium shots where the
// story is close, no place seen from the same view on more than four spreads, hands that touch
// what they hold (for every kind of grown-up, first or second of a kind), the same driver on the
// way to the match and home, the child in the back seat, the storyteller's own childhood in the
// bubble of 27-28.
import { describe, expect, it } from 'vitest';
import { handsOf, poseAnchors } from '#book/art/characters/draw-character.ts';
import { reachArm } from '#book/art/characters/body/skeleton.ts';
import type { Who } from '#book/art/characters/wardrobe.ts';
import { BACK_SEAT } from '#book/art/scenes/car-inside.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { shotKindOf } from '#book/art/scenes/layout-kit.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import { defaultFamily } from '#book/family.ts';
import { renderPageFigureParts, renderPageFigures } from '#book/render-page.ts';
import { SPREAD_IDS, type CharacterSlot } from '#book/types.ts';

const INTERIOR = SPREAD_IDS.slice(1, -1);

describe('a camera that moves', () => {
  it('gives every spread a camera whose shot the figures make', () => {
    for (const id of SPREAD_IDS) {
      const layout = SPREAD_LAYOUTS[id]!;
      expect(layout.shot, id).toBeDefined();
      expect(layout.shot!.kind, id).toBe(shotKindOf(layout.slots));
    }
  });

  it('films at least six of the twenty interior spreads close or medium', () => {
    expect(INTERIOR).toHaveLength(20);
    const near = INTERIOR.filter((id) => SPREAD_LAYOUTS[id]!.shot!.kind !== 'wide');
    expect(near.length, near.join(' ')).toBeGreaterThanOrEqual(6);
  });

  it('shows no place from the same view on more than four spreads', () => {
    const views = new Map<string, string[]>();
    for (const id of SPREAD_IDS) {
      const { place, view } = SPREAD_LAYOUTS[id]!.shot!;
      const key = `${place}: ${view}`;
      views.set(key, [...(views.get(key) ?? []), id]);
    }
    const crowded = [...views].filter(([, ids]) => ids.length > 4);
    expect(crowded).toEqual([]);
  });
});

/** Every grown-up who may stand in a part's slot: both kinds of its body, first or second. */
const WHO: Record<'dad' | 'mum', Who[]> = {
  dad: [
    { kind: 'dad', nth: 0 },
    { kind: 'dad', nth: 1 },
    { kind: 'grandpa', nth: 0 },
  ],
  mum: [
    { kind: 'mum', nth: 0 },
    { kind: 'mum', nth: 1 },
    { kind: 'grandma', nth: 0 },
  ],
};
const characters = resolveCharacterSet([], 'girl');
if (!characters.ok) throw new Error('bad characters');
const set = characters.value;

describe('hands that reach and touch what they hold', () => {
  const reaching = SPREAD_IDS.flatMap((id) => {
    const layout = SPREAD_LAYOUTS[id]!;
    return [...layout.slots, ...(layout.solo?.slots ?? [])]
      .filter((slot) => slot.reach)
      .map((slot) => [id, slot] as const);
  });

  it('has hands to hold things with: the wheel, the banner, a fork, a mug, the duvet', () => {
    const held = new Set(reaching.map(([, slot]) => slot.holds));
    for (const part of ['steering-wheel', 'banner', 'dinner-dad', 'mug', 'duvet'])
      expect(held, part).toContain(part);
  });

  it('bends an arm reaching down close in front (a wheel) out to the side, never across the chest', () => {
    // a driver's hands on the wheel just below and a little outside the shoulders (27-28 drew
    // the arms crossed in an X: each elbow on the other side of the chest)
    for (const side of [-1, 1] as const) {
      const shoulder = { x: side * 110, y: -700 };
      const target = { x: side * 150, y: -480 };
      const { elbow, hand } = reachArm(shoulder, target, 190, 190, side);
      expect(Math.hypot(hand.x - target.x, hand.y - target.y)).toBeLessThan(1);
      expect(side * (elbow.x - shoulder.x)).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(reaching.map(([id, slot], i) => [`${id} ${slot.role} ${i}`, slot] as const))(
    '%s: each reaching hand lands on its target, for every build of grown-up',
    (_name, slot: CharacterSlot) => {
      const people = slot.role === 'child' ? [undefined] : WHO[slot.role];
      const sx = slot.flip ? -slot.scale : slot.scale;
      const toFigure = (p: { x: number; y: number }) => ({
        x: (p.x - slot.x) / sx,
        y: (p.y - slot.y) / slot.scale,
      });
      const reach = {
        ...(slot.reach!.L ? { L: toFigure(slot.reach!.L) } : {}),
        ...(slot.reach!.R ? { R: toFigure(slot.reach!.R) } : {}),
      };
      for (const who of people) {
        const hands = handsOf(slot.role, set, slot.pose, {
          ...(slot.view ? { view: slot.view } : {}),
          ...(who ? { who } : {}),
          reach,
        });
        for (const side of ['L', 'R'] as const) {
          const target = reach[side];
          if (!target) continue;
          const miss = Math.hypot(hands[side].x - target.x, hands[side].y - target.y);
          // within a hand's size: the hand is on it
          expect(
            miss * slot.scale,
            `${who?.kind ?? 'child'} ${who?.nth ?? ''} ${side}`,
          ).toBeLessThan(20);
        }
      }
    },
  );
});

describe("23-24: an arm round the child's shoulders", () => {
  const layout = SPREAD_LAYOUTS['page_23-24']!;
  const kid = layout.slots.find((slot) => slot.role === 'child')!;
  const grownUp = layout.slots.find((slot) => slot.role === 'dad' && slot.part === 'body')!;
  const neck = poseAnchors('child', kid.pose).neck;
  const kidNeck = { x: kid.x + neck.x * kid.scale, y: kid.y + neck.y * kid.scale };

  it('puts the hand on the far shoulder, the arm round behind the child, for every build', () => {
    const sx = grownUp.flip ? -grownUp.scale : grownUp.scale;
    const target = grownUp.reach!.R!;
    const reach = {
      R: { x: (target.x - grownUp.x) / sx, y: (target.y - grownUp.y) / grownUp.scale },
    };
    // the grown-up sits on one side of the child; the hand rests on the child's other shoulder
    const side = Math.sign(grownUp.x - kidNeck.x);
    for (const build of ['slim', 'medium', 'sturdy']) {
      for (const who of WHO.dad) {
        const looks = resolveCharacterSet([`dad_acc_build_${build}`], 'girl');
        if (!looks.ok) throw new Error('bad characters');
        const hand = handsOf('dad', looks.value, grownUp.pose, {
          ...(grownUp.view ? { view: grownUp.view } : {}),
          who,
          reach,
        }).R;
        const onPage = { x: grownUp.x + hand.x * sx, y: grownUp.y + hand.y * grownUp.scale };
        const label = `${build} ${who.kind} ${who.nth}`;
        expect(Math.hypot(onPage.x - target.x, onPage.y - target.y), label).toBeLessThan(20);
        // past the child's middle, on the far shoulder: a shoulder's width from the neck
        expect(side * (kidNeck.x - onPage.x), label).toBeGreaterThan(100 * kid.scale);
        expect(Math.abs(onPage.y - kidNeck.y), label).toBeLessThan(120 * kid.scale);
      }
    }
  });

  it('draws that arm behind the child and only its hand in front', () => {
    const parts = renderPageFigureParts({ page: 'page_23-24', characters: set });
    const [, body = '', child = '', arms = ''] = parts.parts;
    expect(child).toContain('data-figure="child"');
    expect(body).toContain('data-figure="dad"');
    expect(arms).toContain('data-part="arms"');
    // the sleeve of the arm round the child is in the body, drawn before the child: the part in
    // front holds one sleeve (the other arm, on the knee) and two hands
    const sleeves = (svg: string) => svg.split('data-layer="dad_top"').length - 1;
    const hands = (svg: string) => svg.split('<circle').length - 1;
    expect(sleeves(arms)).toBe(1);
    expect(sleeves(body)).toBeGreaterThanOrEqual(2);
    expect(hands(arms)).toBeGreaterThanOrEqual(2);
  });
});

describe('31-32: the child looks up at the stars on the ceiling', () => {
  it('lifts the face and turns the eyes up: each pupil high in its eye', () => {
    const figures = renderPageFigures({ page: 'page_31-32', characters: set }).figures;
    const child = figures.slice(figures.indexOf('<g data-figure="child"'));
    const num = (tag: string, name: string) =>
      Number(new RegExp(`${name}="([-0-9.]+)"`).exec(tag)![1]);
    // the eyes: warm-white ovals, each followed by its iris and then its pupil (a disc, cut by
    // the eye's edge when it reaches it)
    const eyes = [
      ...child.matchAll(/<ellipse [^>]*fill="#fffaf2"[^>]*\/>(<(?:circle|path) [^>]*\/>){2}/g),
    ];
    expect(eyes.length).toBeGreaterThanOrEqual(2);
    for (const [eye] of eyes.slice(0, 2)) {
      const oval = eye.slice(0, eye.indexOf('/>'));
      const pupil = eye.slice(eye.lastIndexOf('<'));
      const cy = num(oval, 'cy');
      const ry = num(oval, 'ry');
      const ys = pupil.startsWith('<circle')
        ? [num(pupil, 'cy')]
        : [...pupil.matchAll(/[ML][-0-9.]+,([-0-9.]+)/g)].map((m) => Number(m[1]));
      const centre = ys.reduce((a, b) => a + b, 0) / ys.length;
      expect((cy - centre) / ry, 'the pupil sits high in the eye').toBeGreaterThan(0.3);
    }
    const kid = SPREAD_LAYOUTS['page_31-32']!.slots.find((slot) => slot.role === 'child')!;
    expect(kid.pose).toBe('sit-look-up');
  });
});

describe('the car, there and back', () => {
  const driver = (id: string, solo = false) => {
    const layout = SPREAD_LAYOUTS[id]!;
    const slots = solo ? (layout.solo?.slots ?? layout.slots) : layout.slots;
    return slots.filter((s) => s.holds === 'steering-wheel').map((s) => s.role);
  };

  it('has the same grown-up drive to the match and home, also in a book with one grown-up', () => {
    expect(driver('page_17-18')).toEqual(['dad']);
    expect(driver('page_27-28')).toEqual(['dad']);
    expect(SPREAD_LAYOUTS['page_17-18']!.solo?.keep).toBe('dad');
    expect(SPREAD_LAYOUTS['page_27-28']!.solo?.keep).toBe('dad');
  });

  it('sits the child on the back seat, behind and smaller than the grown-ups in front', () => {
    for (const id of ['page_17-18', 'page_27-28']) {
      const slots = SPREAD_LAYOUTS[id]!.slots;
      const child = slots.find((s) => s.role === 'child')!;
      const front = slots.filter((s) => s.role !== 'child');
      expect(child.pose, id).toBe('sit');
      // further away: smaller against the grown-ups than a child beside them (0.68 of their height)
      for (const g of front) expect(child.scale / g.scale, id).toBeLessThan(0.78);
      // higher up the page than the grown-ups' seats, between them
      for (const g of front) expect(child.y, id).toBeLessThan(g.y);
    }
    const inCar = SPREAD_LAYOUTS['page_17-18']!.slots.find((s) => s.role === 'child')!;
    // its hips on the back seat's cushion
    const hip = poseAnchors('child', 'sit').hip.y;
    expect(inCar.y + hip * inCar.scale + 28 * inCar.scale).toBeCloseTo(BACK_SEAT.cushion, -1);
  });

  it("shows in the bubble the grown-up who tells the story, as a child, in that grown-up's looks", () => {
    const story = (family: ReturnType<typeof defaultFamily> | undefined, assets: string[]) => {
      const resolved = resolveCharacterSet(assets, 'boy');
      if (!resolved.ok) throw new Error('bad assets');
      const { foreground } = renderPageFigures({
        page: 'page_27-28',
        characters: resolved.value,
        family,
      });
      const at = foreground.indexOf('data-part="dads-story"');
      expect(at).toBeGreaterThan(-1);
      return foreground.slice(at);
    };
    // a dad with the deepest skin and black hair: a boy with the deepest skin and black hair
    const dark = story(undefined, ['dad_skin_6D', 'dad_hair_02_BC', 'dad_acc_glasses']);
    expect(dark).toContain('data-layer="kid_skin_6"');
    expect(dark).toMatch(/data-layer="kid_hair_boy_0\d_BC"/);
    expect(dark).toContain('data-layer="kid_acc_glasses_round"');
    // two mums: the second mum tells it (the story's dad part): a girl with her red hair
    const mums = defaultFamily('mum-mum', 'en-gb');
    mums.grownUps[1]!.look = {
      ...mums.grownUps[1]!.look,
      hair: 'mum_hair_01_RD',
      skin: 'mum_skin_4M',
    };
    const second = story(mums, []);
    expect(second).toMatch(/data-layer="kid_hair_girl_0\d_RD"/);
    expect(second).toContain('data-layer="kid_skin_4"');
    // a grandpa's white hair was brown when he was a boy
    const grandpa = story(defaultFamily('grandpa', 'lv'), []);
    expect(grandpa).toMatch(/data-layer="kid_hair_boy_0\d_BR"/);
  });
});
