// Renders spreads of the book for a few children to PNG, to look at them by eye, and a contact
// sheet of all 22 spreads per child (docs/book-contact-sheet-<child>.png).
//   node --import tsx scripts/contact-sheet.ts [--pages page_3-4,page_5-6] [--children lv-girl,us-boy]
//     [--width 1400] [--sheet]     (pages: .tmp/look/<child>/<page>.png; --sheet: the docs sheets)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { type CharacterSet } from '#book/catalogue.ts';
import { resolveCharacterSet } from '#book/character-set.ts';
import { renderPageSvg } from '#book/render-page.ts';
import { SPREAD_IDS, type BookLanguage, type Gender } from '#book/types.ts';
import { bookFontFiles } from '../server/services/rendering/font-files.ts';

interface Child {
  language: BookLanguage;
  name: string;
  gender: Gender;
  assets: string[];
  about: string;
}

/** The children of the inspection in issue #12, and two more for the extremes. */
const CHILDREN: Record<string, Child> = {
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
