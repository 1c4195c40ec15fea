import { Resvg } from '@resvg/resvg-js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resolveCharacterSet } from '#book/character-set.ts';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import { renderPageSvg, type RenderPageInput } from '#book/render-page.ts';

// Reference pictures of a few pages, compared pixel by pixel with a tolerance (anti-aliasing and
// resvg versions move edges a little; a changed drawing moves many pixels).
// After an intended change to the art, the story or the layout, look at the new pictures and
// update them:  UPDATE_SNAPSHOTS=1 npx vitest run --project book tests/book/render-snapshots.test.ts
// A missing reference is written on the first run (and fails under CI=1).

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '__snapshots__');
const update = process.env.UPDATE_SNAPSHOTS === '1';
/** Where a differing picture is written for a look (git-ignored). */
const actualDir = path.resolve(here, '../../.tmp/snapshots');
const fontFiles = FONT_KEYS.map((key) => fontPathInProject(key));

/** A pixel differs when a channel moves by more than this (0-255). */
const CHANNEL_TOLERANCE = 40;
/** The picture differs when more than this share of its pixels differ. */
const MAX_DIFFERENT = 0.005;

function characters(assets: string[], gender: 'boy' | 'girl') {
  const result = resolveCharacterSet(assets, gender);
  if (!result.ok) throw new Error(`bad snapshot assets: ${JSON.stringify(result)}`);
  return result.value;
}

const CASES: { file: string; width: number; input: RenderPageInput }[] = [
  {
    file: 'cover-lv-girl.png',
    width: 600,
    input: {
      page: 'cover',
      language: 'lv',
      child: { name: 'Līze', gender: 'girl' },
      characters: characters(
        ['kid_acc_glasses_round', 'kid_acc_freckles', 'dad_acc_beard', 'mum_acc_glasses'],
        'girl',
      ),
    },
  },
  {
    file: 'dedication-en-gb.png',
    width: 600,
    input: {
      page: 'dedication',
      language: 'en-gb',
      child: { name: 'Oliver', gender: 'boy' },
      characters: characters([], 'boy'),
      dedication: 'Dear Oliver,\n\nYou can do it, today and always.\n\nLove, Mum & Dad',
    },
  },
  {
    file: 'spread-en-us-boy.png',
    width: 1000,
    input: {
      page: 'page_1-2',
      language: 'en-us',
      child: { name: 'Jayden', gender: 'boy' },
      characters: characters(
        ['kid_skin_5', 'kid_acc_hearing_aid', 'dad_skin_5D', 'mum_skin_4M'],
        'boy',
      ),
    },
  },
  {
    file: 'spread-lv-girl-late.png',
    width: 1000,
    input: {
      page: 'page_41-42',
      language: 'lv',
      child: { name: 'Ķērsta', gender: 'girl' },
      characters: characters(
        ['kid_skin_2', 'kid_eyes_GR', 'kid_tshirt_2', 'dad_acc_glasses', 'dad_acc_mustache'],
        'girl',
      ),
    },
  },
];

async function rgba(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('reference pictures', () => {
  for (const { file, width, input } of CASES) {
    it(`${file} looks as before`, async () => {
      const png = new Resvg(renderPageSvg(input), {
        fitTo: { mode: 'width', value: width },
        font: { fontFiles, loadSystemFonts: false },
      })
        .render()
        .asPng();
      const target = path.join(dir, file);
      if (update || !existsSync(target)) {
        expect(process.env.CI === '1' && !update, `missing reference ${file} under CI`).toBe(false);
        mkdirSync(dir, { recursive: true });
        writeFileSync(target, png);
        return;
      }
      const [actual, expected] = await Promise.all([
        rgba(png),
        rgba(await sharp(target).png().toBuffer()),
      ]);
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      let different = 0;
      for (let i = 0; i < actual.data.length; i += 4) {
        for (let c = 0; c < 4; c += 1) {
          if (Math.abs(actual.data[i + c]! - expected.data[i + c]!) > CHANNEL_TOLERANCE) {
            different += 1;
            break;
          }
        }
      }
      const share = different / (actual.width * actual.height);
      if (share > MAX_DIFFERENT) {
        mkdirSync(actualDir, { recursive: true });
        writeFileSync(path.join(actualDir, file), png);
      }
      expect(
        share,
        `${(share * 100).toFixed(2)}% of pixels differ; new picture in .tmp/snapshots/`,
      ).toBeLessThanOrEqual(MAX_DIFFERENT);
    });
  }
});
