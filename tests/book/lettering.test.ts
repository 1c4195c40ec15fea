import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import { measureText } from '#book/text/measure.ts';
import { MIN_CONDENSE, posterLettering, shirtBackLettering, signInBox } from '#book/text/sign.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import type { TextBox } from '#book/types.ts';

// Display lettering in the pictures: the banner's name line, posters, shirt backs. Drawn by
// resvg with the book's fonts and looked at: the ink stays inside the sign, the name is one line.

const fontFiles = FONT_KEYS.map((key) => fontPathInProject(key));

/** The banner's box on 19-20. */
const BANNER: TextBox = {
  x: 330,
  y: 80,
  width: 990,
  height: 270,
  align: 'center',
  size: 150,
  minSize: 75,
};
const PAGE = { width: 1650, height: 430 };

function draw(body: string): { pixels: Uint8Array; width: number; height: number } {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PAGE.width} ${PAGE.height}" width="${PAGE.width}" height="${PAGE.height}">` +
    `<rect width="${PAGE.width}" height="${PAGE.height}" fill="#ffffff"/>${body}</svg>`;
  const image = new Resvg(svg, { font: { fontFiles, loadSystemFonts: false } }).render();
  return { pixels: new Uint8Array(image.pixels), width: image.width, height: image.height };
}

/** The box around every pixel that is not white. */
function inkBox(image: ReturnType<typeof draw>) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 4;
      if (image.pixels[i]! + image.pixels[i + 1]! + image.pixels[i + 2]! < 3 * 235) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
    }
  }
  return { x0, y0, x1, y1 };
}

/** Each drawn line's words and size (the paint, not its outline copy), top to bottom. */
function paintedLines(svg: string): { text: string; size: number }[] {
  // hand lettering: each line's letters in a group named for its words
  if (svg.includes('data-words=')) {
    const seen = new Map<string, { text: string; size: number }>();
    for (const chunk of svg.split('<g data-words="').slice(1)) {
      const text = chunk.slice(0, chunk.indexOf('"'));
      const size = Number(/font-size="([^"]*)"/.exec(chunk)![1]);
      if (!seen.has(text)) seen.set(text, { text, size });
    }
    return [...seen.values()];
  }
  const groups = [
    ...svg.matchAll(
      /<g font-family="[^"]*" font-size="([^"]*)"[^>]*fill="([^"]*)"[^>]*>(.*?)<\/g>/g,
    ),
  ];
  const seen = new Map<string, { text: string; size: number; y: number }>();
  for (const [, size, , body] of groups) {
    for (const [, y, text] of body!.matchAll(/<text x="[^"]*" y="([^"]*)"[^>]*>([^<]*)<\/text>/g)) {
      seen.set(`${y}|${text}`, { text: text!, size: Number(size), y: Number(y) });
    }
  }
  return [...seen.values()].sort((a, b) => a.y - b.y).map(({ text, size }) => ({ text, size }));
}

describe('the banner: the name in big, wobbly, hand-painted display letters', () => {
  const cases = [
    { words: 'GO, MAXIMILIAN-ALEXANDER JOE!', name: 'MAXIMILIAN-ALEXANDER JOE', above: 'GO,' },
    { words: 'GO, MAXIMILIAN ALEXANDER JON!', name: 'MAXIMILIAN ALEXANDER JON', above: 'GO,' },
    {
      words: 'AIZIET, ANNA-ŠARLOTE ĶĒNIŅA ŪDRE!',
      name: 'ANNA-ŠARLOTE ĶĒNIŅA ŪDRE',
      above: 'AIZIET,',
    },
    { words: 'AIZIET, LĪZE!', name: 'LĪZE', above: 'AIZIET,' },
    { words: 'GO, OLIVER!', name: 'OLIVER', above: 'GO,' },
  ];

  it.each(cases)(
    '$words: "$above" above, the name with its "!" below, whole words on each line',
    ({ words, name, above }) => {
      const sign = signInBox(words, BANNER, [name, 'SOMEONE ELSE']);
      expect(sign.overflow).toBe(false);
      const lines = paintedLines(sign.svg);
      expect(lines[0]!.text).toBe(above);
      // the name and its "!" on one line, or on two split between its words, never in a word
      const nameLines = lines.slice(1).map((line) => line.text);
      expect(nameLines.join(' ')).toBe(`${name}!`);
      expect(nameLines.length).toBeLessThanOrEqual(name.includes(' ') ? 2 : 1);
      // The name is the big line; the words around it clearly smaller.
      for (const line of lines.slice(1)) {
        expect(line.size).toBeGreaterThan(lines[0]!.size * 1.25);
        expect(line.size).toBeGreaterThanOrEqual(BANNER.minSize);
      }
      // Drawn, its ink (outline included) stays on the banner.
      const ink = inkBox(draw(sign.svg));
      expect(ink.x0).toBeGreaterThanOrEqual(BANNER.x - 15);
      expect(ink.x1).toBeLessThanOrEqual(BANNER.x + BANNER.width + 15);
      expect(ink.y0).toBeGreaterThanOrEqual(BANNER.y - 20);
      expect(ink.y1).toBeLessThanOrEqual(BANNER.y + BANNER.height + 20);
    },
  );

  it.each([
    ['GO, OLIVER!', 'OLIVER'],
    ['GO, MAXIMILIAN-ALEXANDER JOE!', 'MAXIMILIAN-ALEXANDER JOE'],
  ])(
    'wobbles visibly (%s): each letter turned this way and that, lifted or dropped',
    (words, name) => {
      const sign = signInBox(words, BANNER, [name]).svg;
      const letters = [
        ...sign.matchAll(/translate\(([-\d.]+) ([-\d.]+)\) rotate\((-?[\d.]+)\) scale/g),
      ];
      const turns = letters.map((m) => Number(m[3]));
      expect(turns.length).toBeGreaterThanOrEqual(9);
      // enormous wobbly letters: turned up to about 9 degrees either way, never lying over
      expect(turns.some((a) => a >= 6)).toBe(true);
      expect(turns.some((a) => a <= -6)).toBe(true);
      expect(Math.max(...turns.map(Math.abs))).toBeLessThanOrEqual(10);
      // the name's letters (the painted copy) rise and fall by a good part of their size
      const nameLine = paintedLines(sign).find((line) =>
        line.text.startsWith(name.split(/[ -]/)[0]!),
      )!;
      const group = sign.slice(sign.lastIndexOf(`<g data-words="${nameLine.text}">`));
      const ys = [...group.matchAll(/translate\([-\d.]+ ([-\d.]+)\) rotate/g)].map((m) =>
        Number(m[1]),
      );
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(nameLine.size * 0.1);
    },
  );

  it('sets a long name of several words on two lines where that sets its letters bigger (19-20)', () => {
    const box = SPREAD_LAYOUTS['page_19-20']!.signBox!;
    const long = paintedLines(
      signInBox('GO, MAXIMILIAN ALEXANDER JON!', box, ['MAXIMILIAN ALEXANDER JON']).svg,
    );
    expect(long.slice(1).map((line) => line.text)).toEqual(['MAXIMILIAN', 'ALEXANDER JON!']);
    // on one line the name would be set at most this big (condensed to the limit)
    const oneLine =
      box.width / (measureText('MAXIMILIAN ALEXANDER JON!', 'display', 1) * MIN_CONDENSE);
    expect(long[1]!.size).toBeGreaterThan(oneLine * 1.08);
  });

  it('condenses a long name before making it smaller, never below the condensing limit', () => {
    const long = signInBox('GO, MAXIMILIAN-ALEXANDER JOE!', BANNER, ['MAXIMILIAN-ALEXANDER JOE']);
    const short = signInBox('GO, OLIVER!', BANNER, ['OLIVER']);
    const scales = [...long.svg.matchAll(/scale\(([\d.]+) 1\)/g)].map((m) => Number(m[1]));
    expect(Math.min(...scales)).toBeLessThan(1);
    expect(Math.min(...scales)).toBeGreaterThanOrEqual(MIN_CONDENSE);
    expect([...short.svg.matchAll(/scale\(([\d.]+) 1\)/g)].every((m) => m[1] === '1')).toBe(true);
    // Condensed, the long name's longest line is as wide as the banner allows, no wider.
    const line = paintedLines(long.svg)[1]!;
    const width = measureText(line.text, 'display', line.size) * Math.min(...scales);
    expect(width).toBeLessThanOrEqual(BANNER.width + 0.5);
    expect(width).toBeGreaterThan(BANNER.width * 0.95);
  });
});

describe('poster lettering', () => {
  const POSTER = { x: 300, y: 40, width: 800, height: 340 };

  it.each(['BIG MATCH ON SATURDAY!', 'LIELĀ SPĒLE SESTDIEN!', 'BIG GAME ON SATURDAY!'])(
    '%s: stacked lines, each within the poster',
    (words) => {
      const sign = posterLettering([words], POSTER);
      expect(sign.overflow).toBe(false);
      const lines = paintedLines(sign.svg);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.map((line) => line.text).join(' ')).toBe(words);
      const ink = inkBox(draw(sign.svg));
      expect(ink.x0).toBeGreaterThanOrEqual(POSTER.x - 10);
      expect(ink.x1).toBeLessThanOrEqual(POSTER.x + POSTER.width + 10);
      expect(ink.y0).toBeGreaterThanOrEqual(POSTER.y - 15);
      expect(ink.y1).toBeLessThanOrEqual(POSTER.y + POSTER.height + 15);
    },
  );

  it('keeps given lines as they are', () => {
    const lines = paintedLines(posterLettering(['BIG MATCH', 'ON SATURDAY!'], POSTER).svg);
    expect(lines.map((line) => line.text)).toEqual(['BIG MATCH', 'ON SATURDAY!']);
  });
});

describe('shirt-back lettering', () => {
  const BACK = { x: 500, y: 60, width: 420, height: 330 };

  it.each([0, 40])(
    'a 24-character name over the number, one line, inside the shirt (arch %d)',
    (arch) => {
      const svg = shirtBackLettering('Maximilian-Alexander Joe', 7, BACK, { arch });
      const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(texts.join('')).toContain('7');
      if (arch === 0) expect(texts).toContain('MAXIMILIAN-ALEXANDER JOE');
      // Arched: one letter a line, each drawn twice (its outline, then its paint).
      else expect(texts.filter((t) => t !== '7').length).toBe(2 * 'MAXIMILIAN-ALEXANDERJOE'.length);
      const ink = inkBox(draw(svg));
      expect(ink.x0).toBeGreaterThanOrEqual(BACK.x - 12);
      expect(ink.x1).toBeLessThanOrEqual(BACK.x + BACK.width + 12);
      expect(ink.y0).toBeGreaterThanOrEqual(BACK.y - 15);
      expect(ink.y1).toBeLessThanOrEqual(BACK.y + BACK.height + 15);
    },
  );

  it('writes a Latvian name in Latvian capitals, escaped', () => {
    const svg = shirtBackLettering('Līze <3', 10, BACK, { locale: 'lv' });
    expect(svg).toContain('LĪZE &lt;3');
    expect(svg).not.toContain('<3');
  });
});
