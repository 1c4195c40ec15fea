// Draws the shop's marketing pictures with the book's own renderer, once per book language (lv
// covers and spreads in Latvian with Latvian names, en-US with Mom and soccer): covers and spreads
// as WebP at thumbnail, phone and laptop widths, and per language a short muted looping video of
// rendered pages (needs ffmpeg on the PATH; Debian: apt-get install -y ffmpeg).
// Also every family shape standing together (public/images/marketing/families/, the same for
// every language: the home and product pages show whom the book is for).
// Writes public/images/marketing/<language>/*, src/ui/marketing-images.json (the list, with pixel
// sizes) and src/ui/marketing-images.ts (its types and helpers). The output is committed: CI and `npm start` do not need ffmpeg.
// Run: node --import tsx scripts/make-marketing-images.ts
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FAMILY_SHAPES } from '#book/family.ts';
import { BOOK_LANGUAGES, type BookLanguage, type PageId } from '#book/types.ts';
import { drawPage, encodeVideo, familyPortrait, samplesFor, videoFrame } from './marketing/draw.ts';

const OUT_DIR = 'public/images/marketing';
const URL_DIR = '/images/marketing';
const WIDTHS = [160, 400, 640, 800] as const;
const QUALITY = 70;

/** Spreads for the gallery and the home page, each drawn with one of the four sample children. */
const SPREADS = [
  { id: 'spread-garden', look: 0, page: 'page_7-8' },
  { id: 'spread-match', look: 1, page: 'page_15-16' },
  { id: 'spread-bedtime', look: 3, page: 'page_29-30' },
  { id: 'spread-goal', look: 0, page: 'page_39-40' },
] as const satisfies readonly { id: string; look: number; page: PageId }[];

const VIDEO_PAGES: PageId[] = [
  'cover',
  'page_1-2',
  'page_7-8',
  'page_15-16',
  'page_29-30',
  'page_39-40',
  'page_41-42',
];
const VIDEO_SIZE = { width: 480, height: 294 }; // a spread (4900 x 3000) at 480 wide

interface Entry {
  id: string;
  kind: 'cover' | 'spread' | 'family';
  name: string;
  sources: { src: string; width: number; height: number }[];
}

rmSync(OUT_DIR, { recursive: true, force: true });
const sets: Record<
  string,
  {
    covers: Entry[];
    spreads: Record<string, Entry>;
    families: Record<string, Entry>;
    video: Record<string, string | number>;
  }
> = {};

// The families, drawn once for every language.
const FAMILY_WIDTHS = [180, 360] as const;
const families: Record<string, Entry> = {};
mkdirSync(path.join(OUT_DIR, 'families'), { recursive: true });
for (const [index, shape] of FAMILY_SHAPES.entries()) {
  const sources: Entry['sources'] = [];
  for (const width of FAMILY_WIDTHS) {
    const file = `${shape}-${width}.webp`;
    const info = await familyPortrait(shape, index, width)
      .webp({ quality: 80, effort: 6, alphaQuality: 90 })
      .toFile(path.join(OUT_DIR, 'families', file));
    sources.push({ src: `${URL_DIR}/families/${file}`, width: info.width, height: info.height });
  }
  families[shape] = { id: `family-${shape}`, kind: 'family', name: shape, sources };
}

for (const language of BOOK_LANGUAGES as readonly BookLanguage[]) {
  const dir = path.join(OUT_DIR, language);
  mkdirSync(dir, { recursive: true });
  const samples = samplesFor(language);
  const draw = async (id: string, sampleIndex: number, page: PageId): Promise<Entry> => {
    const sample = samples[sampleIndex]!;
    const sources: Entry['sources'] = [];
    for (const width of WIDTHS) {
      const file = `${id}-${width}.webp`;
      const info = await drawPage(sample, page, width)
        .webp({ quality: QUALITY, effort: 6 })
        .toFile(path.join(dir, file));
      sources.push({
        src: `${URL_DIR}/${language}/${file}`,
        width: info.width,
        height: info.height,
      });
    }
    return { id, kind: page === 'cover' ? 'cover' : 'spread', name: sample.name, sources };
  };
  const covers: Entry[] = [];
  for (const [index, sample] of samples.entries())
    covers.push(
      await draw(
        `cover-${sample.name
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}`,
        index,
        'cover',
      ),
    );
  const spreads: Record<string, Entry> = {};
  for (const spread of SPREADS)
    spreads[spread.id] = await draw(spread.id, spread.look, spread.page);

  const framesDir = mkdtempSync(path.join(tmpdir(), 'storymade-video-'));
  const frames: string[] = [];
  for (const [i, page] of VIDEO_PAGES.entries()) {
    const file = path.join(framesDir, `frame-${String(i).padStart(2, '0')}.png`);
    await videoFrame(samples[0]!, page, VIDEO_SIZE, file);
    frames.push(file);
  }
  await sharp(frames[0])
    .webp({ quality: QUALITY })
    .toFile(path.join(dir, 'book-pages-poster.webp'));
  const video = encodeVideo(frames, 1.6, path.join(dir, 'book-pages'));
  rmSync(framesDir, { recursive: true });
  sets[language] = {
    covers,
    spreads,
    families,
    video: {
      webm: `${URL_DIR}/${language}/${video.webm}`,
      mp4: `${URL_DIR}/${language}/${video.mp4}`,
      poster: `${URL_DIR}/${language}/book-pages-poster.webp`,
      name: samples[0]!.name,
      ...VIDEO_SIZE,
    },
  };
}

writeFileSync('src/ui/marketing-images.json', `${JSON.stringify(sets, null, 2)}\n`);
writeFileSync(
  'src/ui/marketing-images.ts',
  `// Generated by scripts/make-marketing-images.ts: do not edit by hand.
// Pictures drawn by the book's renderer with sample names, per book language, at thumbnail, phone
// and laptop widths.

import type { FamilyShape } from '#book/family.ts';
import type { BookLanguage } from '#book/languages.ts';
import SETS_DATA from './marketing-images.json';

export interface MarketingSource {
  src: string;
  width: number;
  height: number;
}

export interface MarketingImage {
  id: string;
  kind: 'cover' | 'spread' | 'family';
  /** The sample child's name in the picture (a family: its shape). */
  name: string;
  /** Narrowest first. */
  sources: readonly MarketingSource[];
}

/** A book language (book/languages.ts). */
export type MarketingLanguage = BookLanguage;
export type SpreadId = ${SPREADS.map((s) => `'${s.id}'`).join(' | ')};

export interface MarketingSet {
  /** Four covers with four sample children. */
  covers: readonly MarketingImage[];
  spreads: Readonly<Record<SpreadId, MarketingImage>>;
  /** Every family shape the book is made for, standing together (the same in every language). */
  families: Readonly<Record<FamilyShape, MarketingImage>>;
  /** The looping video of rendered pages (muted), with its poster frame. */
  video: { webm: string; mp4: string; poster: string; name: string; width: number; height: number };
}

// The data is JSON (marketing-images.json, written with this file): its strings are widened, so it is
// given its type here.
const SETS = SETS_DATA as Record<MarketingLanguage, MarketingSet>;

/** The pictures in a language ('lv', 'en-GB', 'en-us' …); British English for another. */
export function marketingSet(language: string): MarketingSet {
  const key = language.toLowerCase();
  return key === 'lv' || key === 'en-us' ? SETS[key] : SETS['en-gb'];
}

/** srcset for an image: every width it was drawn at. */
export function srcSet(image: MarketingImage): string {
  return image.sources.map((source) => \`\${source.src} \${source.width}w\`).join(', ');
}

/** The \`sizes\` of the home page's cover carousel (22rem wide on phones, 480 px beside the hero). */
export const CAROUSEL_SIZES = '(max-width: 768px) min(22rem, 100vw), 480px';

/**
 * The \`sizes\` of the product gallery's pictures. The stage is the page's width less its margins
 * on phones (600 px beside the details on wider screens) at 4900:3000; a cover (24.5 x 30 cm)
 * fills its height, so it is half as wide as the stage: a phone takes the 400 px file, not the
 * 800 px one (24 KB instead of 56 KB for the first picture of the page).
 */
export const GALLERY_SIZES = {
  cover: '(max-width: 768px) calc(50vw - 1rem), 300px',
  spread: '(max-width: 768px) calc(100vw - 2rem), 600px',
} as const;
`,
);

let total = 0;
for (const language of [...BOOK_LANGUAGES, 'families']) {
  for (const file of readdirSync(path.join(OUT_DIR, language))) {
    const size = statSync(path.join(OUT_DIR, language, file)).size;
    total += size;
    console.log(`${language}/${file}`.padEnd(40), `${(size / 1024).toFixed(1).padStart(7)} KB`);
  }
}
console.log('total'.padEnd(40), `${(total / 1024).toFixed(1).padStart(7)} KB`);
