// Draws the shop's marketing pictures with the book's own renderer: covers and spreads with sample
// names and characters, as WebP at phone and laptop widths, and a short muted looping video made
// from rendered pages (needs ffmpeg on the PATH; Debian: apt-get install -y ffmpeg).
// Writes public/images/marketing/* and src/ui/marketing-images.ts (the list, with pixel sizes).
// Run: node --import tsx scripts/make-marketing-images.ts
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defaultCharacters, type CharacterSet } from '#book/catalogue.ts';
import { renderPageSvg } from '#book/render-page.ts';
import type { BookLanguage, Gender, PageId } from '#book/types.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import { fontsUsedBy, rasterise } from '#server/services/rendering/render-preview.ts';

const OUT_DIR = 'public/images/marketing';
const URL_DIR = '/images/marketing';
const WIDTHS = [160, 480, 640, 960] as const;
const QUALITY = 72;

interface Sample {
  name: string;
  gender: Gender;
  language: BookLanguage;
  characters: CharacterSet;
}

function withHair(set: CharacterSet, colour: string, skin?: string): CharacterSet {
  const copy = structuredClone(set);
  copy.child.hair = copy.child.hair.replace(/_[A-Z]+$/, `_${colour}`);
  if (skin) copy.child.skin = skin;
  return copy;
}

const SAMPLES = {
  anna: { name: 'Anna', gender: 'girl', language: 'en-gb', characters: withHair(defaultCharacters('girl'), 'RD') },
  janis: { name: 'Jānis', gender: 'boy', language: 'lv', characters: withHair(defaultCharacters('boy'), 'BL') },
  leo: { name: 'Leo', gender: 'boy', language: 'en-us', characters: withHair(defaultCharacters('boy'), 'BC', 'kid_skin_4') },
  mia: { name: 'Mia', gender: 'girl', language: 'en-us', characters: withHair(defaultCharacters('girl'), 'BR') },
} satisfies Record<string, Sample>;

interface Picture {
  id: string;
  sample: keyof typeof SAMPLES;
  page: PageId;
}

// Covers for the carousel, the cover designs and the gallery; spreads for the gallery and the steps.
const PICTURES: Picture[] = [
  { id: 'cover-anna', sample: 'anna', page: 'cover' },
  { id: 'cover-janis', sample: 'janis', page: 'cover' },
  { id: 'cover-leo', sample: 'leo', page: 'cover' },
  { id: 'cover-mia', sample: 'mia', page: 'cover' },
  { id: 'spread-garden', sample: 'anna', page: 'page_7-8' },
  { id: 'spread-match', sample: 'janis', page: 'page_15-16' },
  { id: 'spread-bedtime', sample: 'mia', page: 'page_29-30' },
  { id: 'spread-goal', sample: 'anna', page: 'page_39-40' },
];

// The video: pages of Anna's book, one after another.
const VIDEO_PAGES: PageId[] = ['cover', 'page_1-2', 'page_7-8', 'page_15-16', 'page_29-30', 'page_39-40', 'page_41-42'];
const VIDEO_WIDTH = 480;
const VIDEO_HEIGHT = 294; // a spread (4900 x 3000) at 480 wide
const SECONDS_PER_PAGE = 1.6;

const fonts = bookFonts();

async function draw(sample: Sample, page: PageId, width: number) {
  const svg = renderPageSvg({ page, language: sample.language, child: { name: sample.name, gender: sample.gender }, characters: sample.characters });
  const image = rasterise(svg, width, fontsUsedBy(svg, fonts));
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } }).removeAlpha();
}

mkdirSync(OUT_DIR, { recursive: true });
for (const file of readdirSync(OUT_DIR)) rmSync(path.join(OUT_DIR, file));

interface Entry {
  id: string;
  kind: 'cover' | 'spread';
  name: string;
  language: BookLanguage;
  sources: { src: string; width: number; height: number }[];
}
const entries: Entry[] = [];
for (const picture of PICTURES) {
  const sample = SAMPLES[picture.sample];
  const sources: Entry['sources'] = [];
  for (const width of WIDTHS) {
    const file = `${picture.id}-${width}.webp`;
    const info = await (await draw(sample, picture.page, width)).webp({ quality: QUALITY, effort: 6 }).toFile(path.join(OUT_DIR, file));
    sources.push({ src: `${URL_DIR}/${file}`, width: info.width, height: info.height });
  }
  entries.push({ id: picture.id, kind: picture.page === 'cover' ? 'cover' : 'spread', name: sample.name, language: sample.language, sources });
}

// Video frames: the cover sits centred on a spread-sized canvas.
const frames = mkdtempSync(path.join(tmpdir(), 'storymade-video-'));
for (const [i, page] of VIDEO_PAGES.entries()) {
  const frame = await draw(SAMPLES.anna, page, page === 'cover' ? Math.round((VIDEO_HEIGHT * 2450) / 3000) : VIDEO_WIDTH);
  const png = await frame.png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  await sharp({ create: { width: VIDEO_WIDTH, height: VIDEO_HEIGHT, channels: 3, background: '#fff3df' } })
    .composite([{ input: png, left: Math.round((VIDEO_WIDTH - width) / 2), top: Math.round((VIDEO_HEIGHT - height) / 2) }])
    .png()
    .toFile(path.join(frames, `frame-${String(i).padStart(2, '0')}.png`));
  if (i === 0) {
    await sharp(path.join(frames, 'frame-00.png')).webp({ quality: QUALITY }).toFile(path.join(OUT_DIR, 'book-pages-poster.webp'));
  }
}
const fade = 0.4;
const inputs = VIDEO_PAGES.flatMap((_, i) => ['-loop', '1', '-t', String(SECONDS_PER_PAGE + fade), '-i', path.join(frames, `frame-${String(i).padStart(2, '0')}.png`)]);
// Cross-fade each page into the next.
const filters: string[] = [];
let last = '[0:v]';
for (let i = 1; i < VIDEO_PAGES.length; i++) {
  const label = `[v${i}]`;
  filters.push(`${last}[${i}:v]xfade=transition=fade:duration=${fade}:offset=${(i * SECONDS_PER_PAGE).toFixed(2)}${label}`);
  last = label;
}
filters.push(`${last}format=yuv420p[out]`);
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-an', '-r', '12',
  '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '50', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2', path.join(OUT_DIR, 'book-pages.webm')]);
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', ...inputs, '-filter_complex', filters.join(';'), '-map', '[out]', '-an', '-r', '12',
  '-c:v', 'libx264', '-crf', '33', '-preset', 'slow', '-movflags', '+faststart', path.join(OUT_DIR, 'book-pages.mp4')]);
rmSync(frames, { recursive: true });

const video = {
  webm: `${URL_DIR}/book-pages.webm`,
  mp4: `${URL_DIR}/book-pages.mp4`,
  poster: `${URL_DIR}/book-pages-poster.webp`,
  width: VIDEO_WIDTH,
  height: VIDEO_HEIGHT,
};

writeFileSync(
  'src/ui/marketing-images.ts',
  `// Generated by scripts/make-marketing-images.ts: do not edit by hand.
// Pictures drawn by the book's renderer with sample names, at phone and laptop widths.

export interface MarketingSource {
  src: string;
  width: number;
  height: number;
}

export interface MarketingImage {
  id: string;
  kind: 'cover' | 'spread';
  /** The sample child's name in the picture. */
  name: string;
  /** The book language the picture's text is in. */
  language: 'lv' | 'en-gb' | 'en-us';
  /** Narrowest first. */
  sources: readonly MarketingSource[];
}

export const MARKETING_IMAGES = ${JSON.stringify(Object.fromEntries(entries.map((e) => [e.id, e])), null, 2)} as const satisfies Record<string, MarketingImage>;

export type MarketingImageId = keyof typeof MARKETING_IMAGES;

/** The looping video of rendered pages (muted), with its poster frame. */
export const MARKETING_VIDEO = ${JSON.stringify(video, null, 2)} as const;

/** srcset for an image: every width it was drawn at. */
export function srcSet(image: MarketingImage): string {
  return image.sources.map((source) => \`\${source.src} \${source.width}w\`).join(', ');
}
`,
);

let total = 0;
for (const file of readdirSync(OUT_DIR)) {
  const size = statSync(path.join(OUT_DIR, file)).size;
  total += size;
  console.log(`${file.padEnd(34)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
}
console.log(`${'total'.padEnd(34)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
