// Speed of the character art, printed as numbers (no assertions):
//   npx tsx scripts/bench-characters.ts
// renderCharacterSvg runs on every option change in the live editor and must stay well under 1 ms.

import { CATALOGUE, type CharacterSet } from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { drawCharacter, renderCharacterSvg } from '#book/art/characters/draw-character.ts';
import { POSES } from '#book/types.ts';

function sets(): CharacterSet[] {
  const out: CharacterSet[] = [];
  CATALOGUE.child.hair.forEach((hair, i) => {
    const set = defaultCharacters(hair.gender ?? 'boy');
    set.child.hair = hair.asset;
    set.child.skin = CATALOGUE.child.skin[i % 6]!.asset;
    set.child.accessories =
      i % 3 === 0 ? ['kid_acc_freckles', 'kid_acc_glasses_round', 'kid_acc_hearing_aid'] : [];
    set.dad.hair = CATALOGUE.dad.hair[i % 24]!.asset;
    set.mum.hair = CATALOGUE.mum.hair[i % 18]!.asset;
    out.push(set);
  });
  return out;
}

function time(label: string, count: number, run: (i: number) => string): void {
  for (let i = 0; i < 3000; i++) run(i + 7919); // warm up the JIT on other inputs
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) bytes += run(i).length;
  const ms = (performance.now() - t0) / count;
  console.log(
    `${label.padEnd(44)} ${(ms * 1000).toFixed(0).padStart(5)} µs/call  ${Math.round(bytes / count / 1024)} KiB`,
  );
}

const all = sets();

{
  // the very first call in a fresh process: module state and JIT cold
  const t0 = performance.now();
  renderCharacterSvg('child', defaultCharacters('girl'), { zoom: 'full' });
  console.log(
    `${'renderCharacterSvg, first call in the process'.padEnd(44)} ${((performance.now() - t0) * 1000).toFixed(0).padStart(5)} µs`,
  );
}

// 'cold': more distinct figures than the cache holds, so every call draws from scratch
const cold: CharacterSet[] = [];
for (const hair of CATALOGUE.child.hair) {
  for (const skin of CATALOGUE.child.skin) {
    for (const eyes of CATALOGUE.child.eyes) {
      const set = defaultCharacters(hair.gender ?? 'boy');
      Object.assign(set.child, { hair: hair.asset, skin: skin.asset, eyes: eyes.asset });
      cold.push(set);
    }
  }
}
time('renderCharacterSvg child, cold (new options)', 5000, (i) =>
  renderCharacterSvg('child', cold[i % cold.length]!, { zoom: 'full' }),
);
time('drawCharacter child, cold', 5000, (i) =>
  drawCharacter('child', cold[i % cold.length]!, POSES[i % POSES.length]!),
);
const roles = ['child', 'dad', 'mum'] as const;
const zooms = ['full', 'face', 'body'] as const;
time('renderCharacterSvg, repeated options (cache)', 5000, (i) =>
  renderCharacterSvg(roles[i % 3]!, all[i % all.length]!, { zoom: zooms[i % 3]! }),
);
time('drawCharacter child (any pose, repeated)', 5000, (i) =>
  drawCharacter('child', all[i % all.length]!, POSES[i % POSES.length]!),
);
time('drawCharacter dad (any pose)', 5000, (i) =>
  drawCharacter('dad', all[i % all.length]!, POSES[i % POSES.length]!),
);
time('drawCharacter mum (any pose)', 5000, (i) =>
  drawCharacter('mum', all[i % all.length]!, POSES[i % POSES.length]!),
);
