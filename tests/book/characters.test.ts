import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { CATALOGUE, type CatalogueOption, type CharacterSet } from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';
import {
  drawCharacter,
  poseAnchors,
  renderCharacterSvg,
} from '#book/art/characters/draw-character.ts';
import { drawHead } from '#book/art/characters/head.ts';
import { HEADS } from '#book/art/characters/head-geometry.ts';
import { EYE_COLOURS, HAIR_COLOURS, KIT, SKIN_TONES, type SkinToneId } from '#book/art/palette.ts';
import { POSES, type Role } from '#book/types.ts';

const ROLES = ['child', 'dad', 'mum'] as const;

/** A set that uses one option (and defaults for the rest; a girl for girl hair and lashes). */
function setWith(option: CatalogueOption): CharacterSet {
  const girl = option.gender === 'girl' || option.category === 'lashes';
  const set = defaultCharacters(girl ? 'girl' : 'boy');
  const person = option.role === 'child' ? set.child : set[option.role];
  if (option.category === 'accessories') person.accessories = [option.asset];
  else (person as unknown as Record<string, string>)[option.category] = option.asset;
  return set;
}

function doc(fragment: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1200 -2000 2400 2100">${fragment}</svg>`;
}

/** Bounding box of the drawn content in figure units, as resvg sees it. */
function bbox(fragment: string): { x: number; y: number; width: number; height: number } {
  const box = new Resvg(doc(fragment)).getBBox();
  if (!box) throw new Error('nothing drawn');
  return { x: box.x, y: box.y, width: box.width, height: box.height };
}

const allOptions = ROLES.flatMap((role) => Object.values(CATALOGUE[role]).flat());

describe('drawCharacter: every option in every pose', () => {
  it.each(allOptions.map((o) => [o.asset, o] as const))(
    '%s is drawn as its own layer in all poses and renders',
    (asset, option) => {
      const set = setWith(option);
      for (const pose of POSES) {
        const svg = drawCharacter(option.role, set, pose);
        expect(svg).toContain(`data-layer="${asset}"`);
        expect(svg.startsWith('<g')).toBe(true);
        expect(svg.endsWith('</g>')).toBe(true);
        expect(svg).not.toMatch(/\sid="/);
        const image = new Resvg(doc(svg), { fitTo: { mode: 'width', value: 40 } }).render();
        expect(image.width).toBe(40);
      }
    },
  );

  it('draws every chosen layer of a fully accessorised family in every pose', () => {
    const set = defaultCharacters('girl');
    set.child.accessories = ['kid_acc_freckles', 'kid_acc_glasses_round', 'kid_acc_hearing_aid'];
    set.dad.accessories = ['dad_acc_glasses', 'dad_acc_mustache', 'dad_acc_beard'];
    set.mum.accessories = ['mum_acc_glasses'];
    for (const role of ROLES) {
      const person = role === 'child' ? set.child : set[role];
      const expected = [person.hair, person.eyes, person.skin, ...person.accessories];
      if (role === 'child') expected.push(set.child.tshirt, set.child.shorts, 'kid_lashes_1');
      for (const pose of POSES) {
        const svg = drawCharacter(role, set, pose);
        for (const asset of expected)
          expect(svg, `${role} ${pose} ${asset}`).toContain(`data-layer="${asset}"`);
      }
    }
  });

  it('draws nothing of options that were not chosen', () => {
    const svg = drawCharacter('child', defaultCharacters('boy'), 'stand');
    expect(svg).not.toContain('kid_lashes_1');
    expect(svg).not.toContain('kid_acc_');
    expect(drawCharacter('mum', defaultCharacters('boy'), 'stand')).not.toContain(
      'mum_acc_glasses',
    );
  });
});

describe('what the options look like', () => {
  it('paints the chosen skin tone, eye colour and hair colour', () => {
    for (const tone of [1, 2, 3, 4, 5, 6] as const satisfies readonly SkinToneId[]) {
      const set = defaultCharacters('boy');
      set.child.skin = `kid_skin_${tone}`;
      set.dad.skin = `dad_skin_${tone}D`;
      expect(drawCharacter('child', set, 'stand')).toContain(SKIN_TONES[tone].base);
      expect(drawCharacter('dad', set, 'run')).toContain(SKIN_TONES[tone].base);
    }
    for (const code of ['GY', 'BR', 'GR', 'BE'] as const) {
      const set = defaultCharacters('girl');
      set.mum.eyes = `mum_eyes_${code}`;
      expect(drawCharacter('mum', set, 'wave')).toContain(EYE_COLOURS[code]);
    }
    for (const code of ['BC', 'BR', 'BL', 'RD', 'LBR'] as const) {
      const set = defaultCharacters('girl');
      set.child.hair = `kid_hair_girl_02_${code}`;
      expect(drawCharacter('child', set, 'kick')).toContain(HAIR_COLOURS[code].base);
    }
  });

  it('dresses the child in the chosen T-shirt and shorts', () => {
    const set = defaultCharacters('boy');
    set.child.tshirt = 'kid_tshirt_2';
    set.child.shorts = 'kid_shorts_3';
    const svg = drawCharacter('child', set, 'run');
    expect(svg).toContain(KIT.tshirt2.base);
    expect(svg).toContain(KIT.shorts3.base);
    expect(svg).not.toContain(KIT.tshirt1.base);
  });

  it('gives every option a different picture within its category', () => {
    for (const role of ROLES) {
      for (const list of Object.values(CATALOGUE[role])) {
        const pictures = new Set(
          list.map((o) =>
            drawCharacter(role, setWith(o), 'stand').replace(/data-layer="[^"]*"/g, ''),
          ),
        );
        expect(pictures.size, `${role} ${list[0]?.category}`).toBe(list.length);
      }
    }
  });
});

describe('figure geometry', () => {
  const expectedHeight: Record<Role, [number, number]> = {
    child: [1050, 1250],
    dad: [1600, 1800],
    mum: [1500, 1750],
  };

  it.each(ROLES)('%s stands on y = 0 at the expected height in the standing pose', (role) => {
    const box = bbox(drawCharacter(role, defaultCharacters('boy'), 'stand'));
    const bottom = box.y + box.height;
    expect(bottom).toBeGreaterThanOrEqual(0);
    expect(bottom).toBeLessThan(60);
    const [min, max] = expectedHeight[role];
    expect(-box.y).toBeGreaterThan(min);
    expect(-box.y).toBeLessThan(max);
    // centred on the origin
    expect(Math.abs(box.x + box.width / 2)).toBeLessThan(60);
  });

  it.each(ROLES)('%s keeps the feet on the ground and the head attached in every pose', (role) => {
    const set = defaultCharacters('boy');
    const headTransforms = new Set<string>();
    for (const pose of POSES) {
      const svg = drawCharacter(role, set, pose);
      const box = bbox(svg);
      expect(box.y + box.height, pose).toBeLessThan(60);
      expect(-box.y, pose).toBeGreaterThan(expectedHeight[role][0] * 0.7);
      const anchors = poseAnchors(role, pose);
      // the lowest foot stands on the ground line (a kneeling figure rests on its knees: its
      // drawing still ends at the ground)
      if (pose.includes('kneel')) expect(box.y + box.height, pose).toBeGreaterThan(-20);
      else expect(Math.max(anchors.footL.y, anchors.footR.y)).toBeCloseTo(0, 0);
      // the head group sits exactly on the pose's neck point (sunk between the shoulders for a
      // bowed head), at the same scale in every pose, tipped only where the pose says so
      const transform = svg.match(
        /<g transform="(translate\([^"]*\)(?: rotate\([^"]*\))? scale\([^"]*\) translate\([^"]*\))">/,
      )?.[1];
      expect(transform, pose).toContain(
        `translate(${Math.round(anchors.neck.x * 10) / 10} ${Math.round(anchors.neck.y * 10) / 10})`,
      );
      if (anchors.headTilt) expect(transform, pose).toContain(`rotate(${anchors.headTilt})`);
      headTransforms.add(transform!.replace(/^translate\([^)]*\)( rotate\([^)]*\))?/, ''));
    }
    expect(headTransforms.size).toBe(1);
  });

  it.each(ROLES)('keeps every %s hair style inside the hair reach the anchors promise', (role) => {
    const g = HEADS[role];
    const margin = 6; // half an outline, in head units
    for (const option of CATALOGUE[role].hair) {
      const head = drawHead(role, {
        hair: option.asset,
        eyes: CATALOGUE[role].eyes[0]!.asset,
        skin: CATALOGUE[role].skin[0]!.asset,
        lashes: null,
        accessories: [],
      });
      const box = new Resvg(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-400 -400 800 800">${head.back}${head.front}</svg>`,
      ).getBBox()!;
      expect(box.y, option.asset).toBeGreaterThanOrEqual(g.hairTop - margin);
      expect(Math.max(-box.x, box.x + box.width), option.asset).toBeLessThanOrEqual(
        g.hairHalfWidth + margin,
      );
    }
    const anchors = poseAnchors(role, 'stand');
    expect(anchors.hairTop.y).toBeLessThan(anchors.headTop.y);
    expect(anchors.hairHalfWidth).toBeGreaterThanOrEqual(anchors.headRadius * 0.6);
  });

  it('draws the head the same way in every pose', () => {
    const set = defaultCharacters('girl');
    set.child.accessories = ['kid_acc_glasses_rect', 'kid_acc_hearing_aid'];
    // poses that bow or lift the face move its features (pitch) and choose a gaze: the rest
    // share one head drawing
    const plain = POSES.filter(
      (pose) =>
        !['sit-head-down', 'laugh', 'point-at', 'read', 'look-up', 'sit-look-up', 'kiss'].includes(
          pose,
        ),
    );
    const heads = new Set(
      plain.map((pose) => {
        const svg = drawCharacter('child', set, pose);
        // the last group of the figure is the head front, placed by its transform
        const head = svg.slice(svg.lastIndexOf('<g transform="translate('));
        return head.replace(/^<g transform="translate\([^)]*\)( rotate\([^)]*\))?/, '');
      }),
    );
    expect(heads.size).toBe(1);
  });
});

describe('renderCharacterSvg', () => {
  it.each(ROLES)('frames the %s as a standalone SVG for each zoom', (role) => {
    const set = defaultCharacters('girl');
    const views: Record<string, [number, number, number, number]> = {};
    for (const zoom of ['full', 'face', 'body'] as const) {
      const svg = renderCharacterSvg(role, set, { zoom });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`data-layer="${role === 'child' ? set.child.hair : set[role].hair}"`);
      const viewBox =
        svg
          .match(/viewBox="([^"]+)"/)?.[1]
          ?.split(' ')
          .map(Number) ?? [];
      expect(viewBox).toHaveLength(4);
      views[zoom] = viewBox as [number, number, number, number];
      const image = new Resvg(svg, { fitTo: { mode: 'width', value: 60 } }).render();
      expect(image.width).toBe(60);
    }
    const [fx, fy, fw, fh] = views.full!;
    const [, faceY, faceW, faceH] = views.face!;
    const [, bodyY, , bodyH] = views.body!;
    // full shows the whole figure: from above the head down to the feet
    const box = bbox(drawCharacter(role, set, 'stand'));
    expect(fy).toBeLessThanOrEqual(box.y);
    expect(fy + fh).toBeGreaterThanOrEqual(0);
    expect(fx).toBeLessThanOrEqual(box.x);
    expect(fx + fw).toBeGreaterThanOrEqual(box.x + box.width);
    // the face is a close-up of the top; the body view starts below the face and reaches the feet
    expect(faceH).toBeLessThan(fh * 0.65);
    expect(faceW).toBeLessThanOrEqual(fw * 1.05);
    expect(faceY + faceH).toBeLessThan(bodyY + bodyH / 2);
    expect(bodyY).toBeGreaterThan(fy);
    expect(bodyY + bodyH).toBeGreaterThanOrEqual(0);
  });
});
