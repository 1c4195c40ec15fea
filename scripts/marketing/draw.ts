// Shared by the marketing scripts: sample children per book language, drawing a page with the
// book's renderer (resvg + sharp, the same path as the preview images) and encoding a short video
// from still frames with ffmpeg (cross-fades between the frames).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import sharp from 'sharp';
import { type CharacterSet } from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { drawCharacter } from '#book/art/characters/draw-character.ts';
import { defaultFamily, type FamilyShape } from '#book/family.ts';
import { secondLook } from '#machines/purchase-family.ts';
import { renderPageArt, svgDocument, pageViewBox } from '#book/render-page.ts';
import type { BookLanguage, Gender, PageId } from '#book/types.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import { fontsUsedBy, rasterise } from '#server/services/rendering/render-preview.ts';

export interface Sample {
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

/** Four looks (girl red hair, boy blond, boy black hair darker skin, girl brown hair). */
const LOOKS = [
  { gender: 'girl', characters: () => withHair(defaultCharacters('girl'), 'RD') },
  { gender: 'boy', characters: () => withHair(defaultCharacters('boy'), 'BL') },
  { gender: 'boy', characters: () => withHair(defaultCharacters('boy'), 'BC', 'kid_skin_4') },
  { gender: 'girl', characters: () => withHair(defaultCharacters('girl'), 'BR') },
] as const;

/** Sample names that read naturally in each book language, one per look. */
const NAMES: Record<BookLanguage, readonly [string, string, string, string]> = {
  lv: ['Elza', 'Jānis', 'Roberts', 'Marta'],
  'en-gb': ['Anna', 'Oliver', 'Leo', 'Mia'],
  'en-us': ['Ava', 'Noah', 'Leo', 'Mia'],
};

/** The four sample children of a book language, in the order of LOOKS. */
export function samplesFor(language: BookLanguage): Sample[] {
  return LOOKS.map((look, index) => ({
    name: NAMES[language][index] ?? 'Anna',
    gender: look.gender,
    language,
    characters: look.characters(),
  }));
}

const fonts = bookFonts();

/** Removes the words (and the panels behind them) from page art: pictures for captioned video. */
function withoutText(body: string): string {
  return body.replace(/<text\b[^>]*>[^<]*<\/text>/g, '').replace(/<rect [^>]*rx="70"[^>]*\/>/g, '');
}

/** A page drawn at `width` pixels, as a sharp pipeline of RGB pixels. */
export function drawPage(
  sample: Sample,
  page: PageId,
  width: number,
  options: { text?: boolean } = {},
) {
  const art = renderPageArt({
    page,
    language: sample.language,
    child: { name: sample.name, gender: sample.gender },
    characters: sample.characters,
  });
  const svg = svgDocument(
    options.text === false ? withoutText(art.body) : art.body,
    pageViewBox(art.width, false),
  );
  const image = rasterise(svg, width, fontsUsedBy(svg, fonts));
  return sharp(image.pixels, {
    raw: { width: image.width, height: image.height, channels: 4 },
  }).removeAlpha();
}

/** A frame of the video: the page centred on a canvas of the spread's shape. */
export async function videoFrame(
  sample: Sample,
  page: PageId,
  size: { width: number; height: number },
  file: string,
  options: { text?: boolean } = {},
) {
  const pageWidth =
    page === 'cover' || page === 'dedication'
      ? Math.round((size.height * 2450) / 3000)
      : size.width;
  const png = await drawPage(sample, page, pageWidth, options).png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  await sharp({
    create: { width: size.width, height: size.height, channels: 3, background: '#fff3df' },
  })
    .composite([
      {
        input: png,
        left: Math.round((size.width - width) / 2),
        top: Math.round((size.height - height) / 2),
      },
    ])
    .png()
    .toFile(file);
}

/**
 * Encodes frames (PNG files, in order) into WebM (VP9) and MP4 (H.264), each frame shown
 * `secondsEach`, cross-fading into the next. Needs ffmpeg on the PATH (Debian: apt-get install ffmpeg).
 */
export function encodeVideo(frames: string[], secondsEach: number, outWithoutExtension: string) {
  const fade = 0.4;
  const inputs = frames.flatMap((frame) => [
    '-loop',
    '1',
    '-t',
    String(secondsEach + fade),
    '-i',
    frame,
  ]);
  const filters: string[] = [];
  let last = '[0:v]';
  for (let i = 1; i < frames.length; i++) {
    const label = `[v${i}]`;
    filters.push(
      `${last}[${i}:v]xfade=transition=fade:duration=${fade}:offset=${(i * secondsEach).toFixed(2)}${label}`,
    );
    last = label;
  }
  filters.push(`${last}format=yuv420p[out]`);
  const common = [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[out]',
    '-an',
    '-r',
    '10',
  ];
  execFileSync('ffmpeg', [
    ...common,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '52',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '3',
    `${outWithoutExtension}.webm`,
  ]);
  execFileSync('ffmpeg', [
    ...common,
    '-c:v',
    'libx264',
    '-crf',
    '34',
    '-preset',
    'slow',
    '-movflags',
    '+faststart',
    `${outWithoutExtension}.mp4`,
  ]);
  return {
    webm: `${path.basename(outWithoutExtension)}.webm`,
    mp4: `${path.basename(outWithoutExtension)}.mp4`,
  };
}

/**
 * A family of a shape standing together (issue #49: the home and product pages show every family
 * the book is made for): its grown-ups, each in the body and clothes of who they are (a second
 * mum or dad in their own, grandparents in cardigans), around a child, on a soft round floor.
 * The looks vary from shape to shape so the families are not one family re-cast.
 */
export function familyPortrait(shape: FamilyShape, index: number, width: number) {
  const family = defaultFamily(shape, 'en-gb');
  const skins = [2, 5, 1, 4, 6, 3, 2, 4];
  const hairs = ['BR', 'BC', 'BL', 'RD', 'BC', 'LBR', 'RD', 'BR'];
  const tone = skins[index % skins.length]!;
  const kidTone = skins[(index + 3) % skins.length]!;
  const gender: Gender = index % 2 ? 'girl' : 'boy';
  const set = defaultCharacters(gender);
  set.child.skin = `kid_skin_${kidTone}`;
  set.child.hair = set.child.hair.replace(/_[A-Z]+$/, `_${hairs[index % hairs.length]}`);
  let nth: Record<string, number> = {};
  const people = family.grownUps.map((g, i) => {
    const body = g.kind === 'mum' || g.kind === 'grandma' ? 'mum' : 'dad';
    const second = nth[g.kind] ?? 0;
    nth = { ...nth, [g.kind]: second + 1 };
    const look = { ...(second ? secondLook(g.kind) : g.look) };
    look.skin = `${body}_skin_${i ? (tone + 2) % 6 || 6 : tone}${body === 'dad' ? 'D' : 'M'}`;
    return { body, look, who: { kind: g.kind, nth: second as 0 | 1 } };
  });
  const xs = people.length === 2 ? [-560, 560] : [-420];
  let body = `<ellipse cx="0" cy="20" rx="1150" ry="120" fill="#f3e7d3"/>`;
  people.forEach((p, i) => {
    const cast = { ...set, [p.body]: p.look };
    const flip = xs[i]! > 0;
    body += `<g transform="translate(${xs[i]} 0) scale(${flip ? -1 : 1} 1)">${drawCharacter(p.body as 'dad' | 'mum', cast, 'stand', 'happy', 'day', { view: 'three-quarter', who: p.who })}</g>`;
  });
  const kidX = people.length === 2 ? 0 : 360;
  body += `<g transform="translate(${kidX} 0)">${drawCharacter('child', set, 'wave', 'happy')}</g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1200 -1850 2400 1950">${body}</svg>`;
  const image = rasterise(svg, width, []);
  return sharp(Buffer.from(image.pixels), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });
}
