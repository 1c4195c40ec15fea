// Contact sheets of the character art, written as PNGs to .tmp/ for looking at by eye.
//   npx tsx scripts/character-sheet.ts            all sheets
//   npx tsx scripts/character-sheet.ts poses      one sheet
// Sheets: poses (every role in every pose), hair-child, hair-dad, hair-mum (every hair option),
// options (skin tones, eyes, clothes, accessories), editor (renderCharacterSvg zooms), people
// (issue #49: every kind of grown-up, first and second of a kind, in a few poses and views, and
// every clothes colour and build).

import { mkdirSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { CATALOGUE, type CharacterSet } from '#book/catalogue.ts';
import { defaultCharacters, toggleAccessory } from '#book/character-set.ts';
import { drawCharacter, renderCharacterSvg } from '#book/art/characters/draw-character.ts';
import type { Who } from '#book/art/characters/wardrobe.ts';
import { POSES, type Pose, type Role, type View } from '#book/types.ts';

const OUT = '.tmp';
mkdirSync(OUT, { recursive: true });

function png(name: string, svg: string, width: number): void {
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    background: '#f4efe6',
  }).render();
  writeFileSync(`${OUT}/${name}.png`, image.asPng());
  console.log(`${OUT}/${name}.png`);
}

interface Cell {
  role: Role;
  set: CharacterSet;
  pose?: (typeof POSES)[number];
  label?: string;
  who?: Who;
  view?: View;
}

/** A grid of figures; face=true crops to the heads. */
function grid(name: string, cells: Cell[], cols: number, face: boolean, width = 2400): void {
  const cw = face ? 700 : 1500;
  const ch = face ? 760 : 2000;
  const rows = Math.ceil(cells.length / cols);
  let body = '';
  cells.forEach((c, i) => {
    const x = (i % cols) * cw + cw / 2;
    const y = Math.floor(i / cols) * ch;
    if (face) {
      const inner = renderCharacterSvg(c.role, c.set, { zoom: 'face' }).replace(
        /width="[^"]*" height="[^"]*"/,
        `x="${x - cw / 2}" y="${y}" width="${cw}" height="${ch - 60}"`,
      );
      body += inner;
    } else {
      const scale = c.role === 'child' ? 1.25 : 1;
      const look = { ...(c.who ? { who: c.who } : {}), ...(c.view ? { view: c.view } : {}) };
      body += `<g transform="translate(${x} ${y + ch - 120}) scale(${scale})">${drawCharacter(c.role, c.set, c.pose ?? 'stand', 'happy', 'day', look)}</g>`;
    }
    if (c.label)
      body += `<text x="${x}" y="${y + ch - 20}" font-size="${face ? 44 : 60}" text-anchor="middle" font-family="sans-serif" fill="#3a2620">${c.label}</text>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${cols * cw} ${rows * ch}">${body}</svg>`;
  png(name, svg, width);
}

const boy = defaultCharacters('boy');
const girl = defaultCharacters('girl');

const sheets: Record<string, () => void> = {
  poses: () => {
    const cells: Cell[] = [];
    for (const role of ['child', 'dad', 'mum'] as const) {
      for (const pose of POSES)
        cells.push({
          role,
          set: role === 'child' && pose.length % 2 ? girl : boy,
          pose,
          label: `${role} ${pose}`,
        });
    }
    grid('poses', cells, 6, false);
  },
  'hair-child': () => {
    const cells: Cell[] = CATALOGUE.child.hair.map((o) => {
      const set = o.gender === 'girl' ? defaultCharacters('girl') : defaultCharacters('boy');
      set.child.hair = o.asset;
      return { role: 'child' as const, set, label: o.asset.replace('kid_hair_', '') };
    });
    grid('hair-child', cells, 10, true);
  },
  'hair-dad': () => {
    const cells: Cell[] = CATALOGUE.dad.hair.map((o) => {
      const set = defaultCharacters('boy');
      set.dad.hair = o.asset;
      return { role: 'dad' as const, set, label: o.asset.replace('dad_hair_', '') };
    });
    grid('hair-dad', cells, 8, true);
  },
  'hair-mum': () => {
    const cells: Cell[] = CATALOGUE.mum.hair.map((o) => {
      const set = defaultCharacters('boy');
      set.mum.hair = o.asset;
      return { role: 'mum' as const, set, label: o.asset.replace('mum_hair_', '') };
    });
    grid('hair-mum', cells, 6, true);
  },
  options: () => {
    const cells: Cell[] = [];
    const tones = [1, 2, 3, 4, 5, 6];
    const eyes = ['GY', 'BR', 'GR', 'BE'];
    tones.forEach((t, i) => {
      const set = defaultCharacters(i % 2 ? 'girl' : 'boy');
      set.child.skin = `kid_skin_${t}`;
      set.child.eyes = `kid_eyes_${eyes[i % 4]}`;
      if (i % 2)
        set.child.hair = `kid_hair_girl_0${(i % 4) + 1}_${['BR', 'BL', 'RD', 'LBR'][i % 4]}`;
      else set.child.hair = `kid_hair_boy_0${(i % 4) + 1}_${['BR', 'BL', 'RD', 'LBR'][i % 4]}`;
      cells.push({ role: 'child', set, label: `skin ${t}` });
    });
    const accs: [string, Role][] = [
      ['kid_acc_freckles', 'child'],
      ['kid_acc_glasses_rect', 'child'],
      ['kid_acc_glasses_round', 'child'],
      ['kid_acc_hearing_aid', 'child'],
      ['dad_acc_glasses', 'dad'],
      ['dad_acc_mustache', 'dad'],
      ['dad_acc_beard', 'dad'],
      ['mum_acc_glasses', 'mum'],
    ];
    accs.forEach(([a, role], i) => {
      const set = defaultCharacters(i % 2 ? 'girl' : 'boy');
      const person = role === 'child' ? set.child : set[role];
      person.accessories = toggleAccessory(role, [], a);
      person.skin =
        role === 'child'
          ? `kid_skin_${(i % 6) + 1}`
          : `${role}_skin_${(i % 6) + 1}${role === 'dad' ? 'D' : 'M'}`;
      cells.push({ role, set, label: a });
    });
    // everything at once
    const all = defaultCharacters('girl');
    all.child.accessories = ['kid_acc_freckles', 'kid_acc_glasses_round', 'kid_acc_hearing_aid'];
    all.child.hair = 'kid_hair_girl_03_RD';
    cells.push({ role: 'child', set: all, label: 'all child' });
    const dadAll = defaultCharacters('boy');
    dadAll.dad.accessories = ['dad_acc_glasses', 'dad_acc_mustache', 'dad_acc_beard'];
    dadAll.dad.hair = 'dad_hair_03_RD';
    dadAll.dad.skin = 'dad_skin_5D';
    cells.push({ role: 'dad', set: dadAll, label: 'all dad' });
    grid('options', cells, 8, true);
    const clothes: Cell[] = [];
    for (const t of ['kid_tshirt_1', 'kid_tshirt_2']) {
      for (const s of ['kid_shorts_1', 'kid_shorts_2', 'kid_shorts_3']) {
        const set = defaultCharacters('boy');
        set.child.tshirt = t;
        set.child.shorts = s;
        clothes.push({ role: 'child', set, label: `${t.slice(4)} ${s.slice(4)}` });
      }
    }
    grid('clothes', clothes, 6, false);
  },
  people: () => {
    const cells: Cell[] = [];
    const whos: [Who, 'dad' | 'mum'][] = [
      [{ kind: 'dad', nth: 0 }, 'dad'],
      [{ kind: 'dad', nth: 1 }, 'dad'],
      [{ kind: 'mum', nth: 0 }, 'mum'],
      [{ kind: 'mum', nth: 1 }, 'mum'],
      [{ kind: 'grandpa', nth: 0 }, 'dad'],
      [{ kind: 'grandma', nth: 0 }, 'mum'],
    ];
    const poses: [Pose, View][] = [
      ['stand', 'front'],
      ['stand', 'three-quarter'],
      ['sit', 'front'],
      ['cheer', 'front'],
      ['kneel', 'three-quarter'],
      ['run', 'three-quarter'],
    ];
    for (const [who, role] of whos) {
      const set = defaultCharacters('boy');
      if (who.kind === 'grandpa') set.dad.hair = 'dad_hair_04_WH';
      if (who.kind === 'grandma') set.mum.hair = 'mum_hair_02_GY';
      if (who.nth === 1) set[role].hair = role === 'dad' ? 'dad_hair_02_BR' : 'mum_hair_03_RD';
      for (const [pose, view] of poses)
        cells.push({ role, set, pose, view, who, label: `${who.kind} ${who.nth + 1} ${pose}` });
    }
    grid('people', cells, 6, false, 2400);
    const options: Cell[] = [];
    for (const role of ['dad', 'mum'] as const) {
      for (const o of CATALOGUE[role].accessories.filter((a) => a.exclusiveGroup !== 'glasses')) {
        if (!o.exclusiveGroup) continue;
        const set = defaultCharacters('boy');
        set[role].accessories = [o.asset];
        options.push({ role, set, label: o.asset.replace(`${role}_acc_`, '') });
      }
    }
    grid('people-options', options, 9, false, 2400);
  },
  editor: () => {
    let x = 0;
    let body = '';
    const set = defaultCharacters('girl');
    set.child.accessories = ['kid_acc_glasses_rect'];
    for (const role of ['child', 'dad', 'mum'] as const) {
      for (const zoom of ['full', 'face', 'body'] as const) {
        body += renderCharacterSvg(role, set, { zoom }).replace(
          /width="[^"]*" height="[^"]*"/,
          `x="${x}" y="0" width="600" height="800"`,
        );
        body += `<rect x="${x}" y="0" width="600" height="800" fill="none" stroke="#999"/>`;
        x += 620;
      }
    }
    png(
      'editor',
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${x} 800">${body}</svg>`,
      2400,
    );
  },
};

const wanted = process.argv.slice(2);
for (const [name, run] of Object.entries(sheets)) {
  if (wanted.length === 0 || wanted.includes(name)) run();
}
