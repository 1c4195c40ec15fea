// Renders spreads of the book for a few children to PNG, to look at them by eye, and a contact
// sheet of all 22 spreads per child (docs/book-contact-sheet-<child>.png).
//   node --import tsx scripts/contact-sheet.ts [--pages page_3-4,page_5-6] [--children lv-girl,us-boy]
//     [--width 1400] [--sheet]     (pages: .tmp/look/<child>/<page>.png; --sheet: the docs sheets)
// Families (issue #33): lv-two-mums, gb-grandpa, us-dad, lv-grandparents, gb-two-dads, us-mum.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { type CharacterSet } from '#book/catalogue.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import { defaultFamily, type BookFamily } from '#book/family.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { SPREAD_IDS, type BookLanguage, type Gender } from '#book/types.ts';
import { bookFontFiles } from '#server/services/rendering/font-files.ts';

interface Child {
  language: BookLanguage;
  name: string;
  gender: Gender;
  assets: string[];
  about: string;
  /** Who is in the book; missing: mum and dad. */
  family?: BookFamily;
}

function withLooks(
  family: BookFamily,
  looks: Partial<Record<number, Partial<BookFamily['grownUps'][number]>>>,
): BookFamily {
  return { ...family, grownUps: family.grownUps.map((g, i) => ({ ...g, ...looks[i] })) };
}

/** The children of the inspection in issue #12, and two more for the extremes. */
const CHILDREN: Record<string, Child> = {
  // The five test children of issue #49 (the fourth edition).
  ilze: {
    language: 'lv',
    name: 'Ilze',
    gender: 'girl',
    assets: [
      'kid_skin_6',
      'kid_hair_girl_02_BC',
      'kid_acc_glasses_rect',
      'dad_skin_6D',
      'mum_skin_6M',
      'mum_hair_03_BC',
    ],
    about: 'Latvian girl with mum and dad, darkest skin, glasses',
  },
  'oliver-two-dads': {
    language: 'en-us',
    name: 'Oliver',
    gender: 'boy',
    assets: ['kid_skin_1', 'kid_hair_boy_01_BL', 'kid_acc_hearing_aid'],
    about: 'American boy with two dads, lightest skin, hearing aid',
    family: withLooks(defaultFamily('dad-dad', 'en-us'), {
      0: {
        look: { hair: 'dad_hair_01_BL', eyes: 'dad_eyes_BE', skin: 'dad_skin_1D', accessories: [] },
      },
      1: {
        look: {
          hair: 'dad_hair_03_BC',
          eyes: 'dad_eyes_BR',
          skin: 'dad_skin_4D',
          accessories: ['dad_acc_beard'],
        },
      },
    }),
  },
  'gb-long-mum': {
    language: 'en-gb',
    name: 'Maximilian Alexander Jon',
    gender: 'boy',
    assets: ['kid_hair_boy_02_RD', 'kid_skin_2', 'kid_acc_freckles'],
    about: 'British boy, a 24-character name, one mum, freckles',
    family: withLooks(defaultFamily('mum', 'en-gb'), {
      0: {
        look: { hair: 'mum_hair_01_RD', eyes: 'mum_eyes_GR', skin: 'mum_skin_2M', accessories: [] },
      },
    }),
  },
  'janis-grandparents': {
    language: 'lv',
    name: 'Jānis',
    gender: 'boy',
    assets: ['kid_hair_boy_03_LBR', 'kid_skin_3'],
    about: 'Latvian boy with vecmāmiņa and vectētiņš',
    family: defaultFamily('grandma-grandpa', 'lv'),
  },
  'janis-two-mums': {
    language: 'lv',
    name: 'Jānis',
    gender: 'boy',
    assets: ['kid_hair_boy_01_BR', 'kid_skin_4'],
    about: 'Latvian boy with two mums (mamma and mammīte)',
    family: defaultFamily('mum-mum', 'lv'),
  },
  'lv-girl': {
    language: 'lv',
    name: 'Līze',
    gender: 'girl',
    assets: [
      'kid_hair_girl_02_RD',
      'kid_acc_glasses_round',
      'kid_acc_freckles',
      'dad_acc_beard',
      'mum_acc_glasses',
    ],
    about: 'Latvian girl, red hair, round glasses, freckles',
  },
  'us-boy': {
    language: 'en-us',
    name: 'Oliver',
    gender: 'boy',
    assets: ['kid_skin_6', 'kid_acc_hearing_aid', 'dad_skin_6D', 'mum_skin_6M', 'dad_acc_mustache'],
    about: 'American boy, hearing aid, darkest skin',
  },
  'gb-long': {
    language: 'en-gb',
    name: 'Maximilian Alexander Jon',
    gender: 'boy',
    assets: ['kid_hair_boy_01_BL', 'kid_acc_glasses_rect', 'dad_acc_glasses'],
    about: 'British boy, a 24-character name, glasses',
  },
  'lv-boy': {
    language: 'lv',
    name: 'Krišjānis',
    gender: 'boy',
    assets: ['kid_skin_1', 'kid_hair_boy_01_RD', 'kid_acc_freckles', 'dad_acc_beard'],
    about: 'Latvian boy, lightest skin, freckles',
  },
  'lv-two-mums': {
    language: 'lv',
    name: 'Anna',
    gender: 'girl',
    assets: ['kid_hair_girl_03_BR', 'kid_skin_3'],
    about: 'Latvian girl with two mums (mamma and mammīte)',
    family: withLooks(defaultFamily('mum-mum', 'lv'), {
      0: {
        look: {
          hair: 'mum_hair_01_RD',
          eyes: 'mum_eyes_GR',
          skin: 'mum_skin_2M',
          accessories: ['mum_acc_glasses'],
        },
      },
      1: {
        look: { hair: 'mum_hair_03_BC', eyes: 'mum_eyes_BR', skin: 'mum_skin_4M', accessories: [] },
      },
    }),
  },
  'gb-grandpa': {
    language: 'en-gb',
    name: 'Ella',
    gender: 'girl',
    assets: ['kid_hair_girl_01_BL'],
    about: 'British girl raised by her grandpa',
    family: defaultFamily('grandpa', 'en-gb'),
  },
  'us-dad': {
    language: 'en-us',
    name: 'Liam',
    gender: 'boy',
    assets: ['kid_skin_5', 'kid_hair_boy_03_BC'],
    about: 'American boy with his dad',
    family: withLooks(defaultFamily('dad', 'en-us'), {
      0: {
        look: {
          hair: 'dad_hair_05_BC',
          eyes: 'dad_eyes_BR',
          skin: 'dad_skin_5D',
          accessories: ['dad_acc_beard'],
        },
      },
    }),
  },
  'us-mum': {
    language: 'en-us',
    name: 'Mia',
    gender: 'girl',
    assets: ['kid_skin_2', 'kid_hair_girl_04_BR'],
    about: 'American girl with her mom',
    family: defaultFamily('mum', 'en-us'),
  },
  'lv-grandparents': {
    language: 'lv',
    name: 'Roberts',
    gender: 'boy',
    assets: ['kid_hair_boy_02_LBR'],
    about: 'Latvian boy with vecmāmiņa and vectētiņš',
    family: defaultFamily('grandma-grandpa', 'lv'),
  },
  'gb-two-dads': {
    language: 'en-gb',
    name: 'Oscar',
    gender: 'boy',
    assets: ['kid_hair_boy_04_RD'],
    about: 'British boy with two dads (Dad and Papa)',
    family: withLooks(defaultFamily('dad-dad', 'en-gb'), {
      1: {
        look: {
          hair: 'dad_hair_02_BL',
          eyes: 'dad_eyes_BE',
          skin: 'dad_skin_1D',
          accessories: ['dad_acc_glasses'],
        },
      },
    }),
  },
};

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: SPREAD_IDS.join(',') },
    children: { type: 'string', default: Object.keys(CHILDREN).join(',') },
    width: { type: 'string', default: '1400' },
    sheet: { type: 'boolean', default: false },
  },
});

function charactersOf(child: Child): CharacterSet {
  const resolved = resolveCharacterSet(child.assets, child.gender);
  if (!resolved.ok) throw new Error(`bad assets for ${child.name}: ${JSON.stringify(resolved)}`);
  return resolved.value;
}

const fontFiles = bookFontFiles();
function png(page: string, child: Child, width: number): Buffer {
  const svg = renderPageSvg({
    page,
    language: child.language,
    child: { name: child.name, gender: child.gender },
    characters: charactersOf(child),
    family: child.family,
  });
  return Buffer.from(
    new Resvg(svg, {
      fitTo: { mode: 'width', value: width },
      font: { fontFiles, loadSystemFonts: false },
    })
      .render()
      .asPng(),
  );
}

const pages = values.pages.split(',').filter(Boolean);
const width = Number(values.width);
for (const key of values.children.split(',').filter(Boolean)) {
  const child = CHILDREN[key];
  if (!child) throw new Error(`unknown child ${key}: ${Object.keys(CHILDREN).join(', ')}`);
  if (values.sheet) {
    // 22 spreads in a grid of 3 columns, each 980 px wide.
    const cell = { width: 980, height: 600, gap: 20 };
    const columns = 3;
    const rows = Math.ceil(SPREAD_IDS.length / columns);
    const tiles = SPREAD_IDS.map((page, i) => ({
      input: png(page, child, cell.width),
      left: cell.gap + (i % columns) * (cell.width + cell.gap),
      top: cell.gap + Math.floor(i / columns) * (cell.height + cell.gap),
    }));
    const out = path.join('docs', `book-contact-sheet-${key}.png`);
    mkdirSync('docs', { recursive: true });
    await sharp({
      create: {
        width: cell.gap + columns * (cell.width + cell.gap),
        height: cell.gap + rows * (cell.height + cell.gap),
        channels: 3,
        background: '#e8e2d6',
      },
    })
      .composite(tiles)
      .png({ compressionLevel: 9, palette: true })
      .toFile(out);
    console.log(`${out}: ${child.about} (${child.name}, ${child.language})`);
    continue;
  }
  const dir = path.join('.tmp', 'look', key);
  mkdirSync(dir, { recursive: true });
  for (const page of pages) writeFileSync(path.join(dir, `${page}.png`), png(page, child, width));
  console.log(`${dir}: ${pages.length} pages (${child.about})`);
}
