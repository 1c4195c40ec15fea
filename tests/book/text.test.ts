import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_KEYS, FONTS, fontPathInProject, type FontKey } from '#book/fonts.ts';
import { MAX_NAME_LENGTH } from '#book/grammar/name.ts';
import { coverTitle, storyText } from '#book/story/story-text.ts';
import { layoutText, textLayoutToSvg, wordTokens, type TextLayout } from '#book/text/layout.ts';
import { textInBox } from '#book/text/draw-text.ts';
import { measureText } from '#book/text/measure.ts';
import { BOOK_LANGUAGES, SPREAD_IDS, type TextBox } from '#book/types.ts';

const root = new URL('../..', import.meta.url);
const fontFile = (key: FontKey) => fileURLToPath(new URL(fontPathInProject(key), root));
const fontFiles = FONT_KEYS.map(fontFile);
const open = (key: FontKey) => fontkit.openSync(fontFile(key)) as fontkit.Font;

const STORY_BOX: TextBox = {
  x: 200,
  y: 150,
  width: 2000,
  height: 700,
  align: 'left',
  size: 80,
  minSize: 50,
};
const LONGEST_NAME = 'W'.repeat(MAX_NAME_LENGTH);

/** Renders an SVG body at 1 px per unit with only the book's fonts; returns RGBA pixels. */
function render(body: string, width: number, height: number) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>${body}</svg>`;
  const image = new Resvg(svg, { font: { fontFiles, loadSystemFonts: false } }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

/** Leftmost and rightmost columns with ink (any pixel clearly darker than white). */
function inkColumns(image: ReturnType<typeof render>): { left: number; right: number } | null {
  let left = Infinity;
  let right = -Infinity;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 4;
      if (image.pixels[i]! < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return Number.isFinite(left) ? { left, right } : null;
}

describe('measureText', () => {
  it('measures every story line as fontkit shapes it (advances, kerning, ligatures)', () => {
    for (const key of FONT_KEYS) {
      const font = open(key);
      const samples = BOOK_LANGUAGES.flatMap((language) => [
        ...SPREAD_IDS.flatMap((page) =>
          storyText(page, language, { name: 'Ķērsta', gender: 'girl' }),
        ),
        coverTitle(language, { name: 'Jānis', gender: 'boy' }).title,
      ]);
      samples.push('office affluent ffi fl WAVE Tō AVATAR');
      for (const sample of samples) {
        const run = font.layout(sample);
        const expected =
          (run.positions.reduce((s, p) => s + p.xAdvance, 0) * 100) / font.unitsPerEm;
        // Within 0.1 %: a kerning pair after a ligature (c-off-ee) may differ by a unit or two.
        const error = Math.abs(measureText(sample, key, 100) - expected);
        expect(error, `${key}: ${sample}`).toBeLessThanOrEqual(Math.max(0.05, expected * 0.001));
      }
    }
  });

  it('gives a character the fonts do not have a wide width, never zero', () => {
    expect(measureText('李', 'text', 100)).toBeGreaterThanOrEqual(measureText('W', 'text', 100));
    expect(measureText('李', 'display', 100)).toBeGreaterThanOrEqual(
      measureText('W', 'display', 100),
    );
  });
});

describe('layoutText', () => {
  it('wraps on word boundaries, every line within the box, no line that could have held the next word', () => {
    const paragraphs = storyText('page_27-28', 'en-gb', { name: 'Oliver', gender: 'boy' });
    const layout = layoutText(paragraphs, STORY_BOX, 'text');
    expect(layout.overflow).toBe(false);
    const words = paragraphs.join(' ').split(' ');
    expect(
      layout.lines
        .map((l) => l.text)
        .join(' ')
        .split(' '),
    ).toEqual(words);
    for (const [index, line] of layout.lines.entries()) {
      expect(line.width).toBeLessThanOrEqual(STORY_BOX.width);
      expect(line.width).toBeCloseTo(measureText(line.text, 'text', layout.size), 6);
      const next = layout.lines[index + 1];
      const sameParagraph = next && next.y - line.y < layout.lineHeight + 1;
      if (next && sameParagraph) {
        const nextWord = next.text.split(' ')[0]!;
        expect(measureText(`${line.text} ${nextWord}`, 'text', layout.size)).toBeGreaterThan(
          STORY_BOX.width,
        );
      }
    }
  });

  it('keeps the preferred size when the text fits and shrinks only as far as needed', () => {
    const short = layoutText(['Hello, Ella!'], STORY_BOX, 'text');
    expect(short.size).toBe(80);
    const long = layoutText(
      storyText('page_29-30', 'lv', { name: 'Ķērsta', gender: 'girl' }),
      STORY_BOX,
      'text',
    );
    expect(long.size).toBeLessThan(80);
    expect(long.size).toBeGreaterThanOrEqual(50);
    expect(long.overflow).toBe(false);
    // One step larger would not have fitted.
    const larger = layoutText(
      long.lines.map((l) => l.text),
      { ...STORY_BOX, size: long.size + 2, minSize: long.size + 2 },
      'text',
    );
    expect(larger.overflow || larger.lines.length > long.lines.length).toBe(true);
  });

  it('keeps every baseline inside the box, the block centred vertically', () => {
    const layout = layoutText(
      storyText('page_5-6', 'en-us', { name: 'Liam', gender: 'boy' }),
      STORY_BOX,
      'text',
    );
    const first = layout.lines[0]!;
    const last = layout.lines[layout.lines.length - 1]!;
    expect(first.y - layout.size * 0.9).toBeGreaterThanOrEqual(STORY_BOX.y);
    expect(last.y + layout.size * 0.3).toBeLessThanOrEqual(STORY_BOX.y + STORY_BOX.height);
    const above = first.y - layout.size * 0.9 - STORY_BOX.y;
    const below = STORY_BOX.y + STORY_BOX.height - (last.y + layout.size * 0.3);
    expect(Math.abs(above - below)).toBeLessThan(layout.size * 0.3);
  });

  it('reports overflow when the text cannot fit at the minimum size', () => {
    const tiny: TextBox = { ...STORY_BOX, height: 150 };
    const layout = layoutText(
      storyText('page_27-28', 'en-gb', { name: 'Oliver', gender: 'boy' }),
      tiny,
      'text',
    );
    expect(layout.size).toBe(50);
    expect(layout.overflow).toBe(true);
  });

  it('breaks a single word wider than the box rather than drawing outside it', () => {
    const narrow: TextBox = { ...STORY_BOX, width: 600 };
    const layout = layoutText([LONGEST_NAME], narrow, 'text');
    expect(layout.size).toBe(50);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.map((l) => l.text).join('')).toBe(LONGEST_NAME);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(narrow.width);
  });

  it('anchors lines at the left edge, the centre or the right edge', () => {
    for (const [align, x] of [
      ['left', 200],
      ['center', 1200],
      ['right', 2200],
    ] as const) {
      const layout = layoutText(['Tu to vari!'], { ...STORY_BOX, align }, 'text');
      expect(layout.lines[0]!.x).toBe(x);
      expect(textLayoutToSvg(layout, 'text', '#000')).toContain(
        `text-anchor="${{ left: 'start', center: 'middle', right: 'end' }[align]}"`,
      );
    }
  });

  it('balances centred lines so a title never ends with a lone word', () => {
    const subtitle = coverTitle('lv', { name: 'Līze', gender: 'girl' }).subtitle!;
    // Just too narrow for one line: plain wrapping leaves the last word alone.
    const width = measureText(subtitle, 'display', 86) - 20;
    const box: TextBox = { x: 0, y: 0, width, height: 400, align: 'center', size: 86, minSize: 86 };
    const greedyLast = layoutText([subtitle], { ...box, align: 'left' }, 'display').lines.at(-1)!;
    expect(greedyLast.text).toBe('vēlreiz');
    const layout = layoutText([subtitle], box, 'display');
    expect(layout.lines).toHaveLength(2);
    expect(layout.lines.at(-1)!.text.split(' ').length).toBeGreaterThan(1);
    const widths = layout.lines.map((l) => l.width);
    expect(Math.max(...widths) / Math.min(...widths)).toBeLessThan(1.3);
  });

  it(`fits the longest allowed name (${MAX_NAME_LENGTH} W's) on every story page in every language`, () => {
    for (const language of BOOK_LANGUAGES) {
      for (const gender of ['boy', 'girl'] as const) {
        for (const page of SPREAD_IDS) {
          const layout = layoutText(
            storyText(page, language, { name: LONGEST_NAME, gender }),
            STORY_BOX,
            'text',
          );
          expect(layout.overflow, `${language} ${page}`).toBe(false);
          expect(layout.size).toBeGreaterThanOrEqual(50);
          for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(STORY_BOX.width);
        }
      }
    }
  });
});

describe('textLayoutToSvg drawn by resvg', () => {
  const layoutOf = (text: string, align: TextBox['align'], font: FontKey = 'text'): TextLayout =>
    layoutText(
      [text],
      { x: 100, y: 20, width: 1800, height: 160, align, size: 80, minSize: 80 },
      font,
    );

  it('uses the book fonts by family, weight and xml:space', () => {
    const svg = textLayoutToSvg(layoutOf('Jānis', 'left'), 'display', '#123456');
    expect(svg).toContain(`font-family="&apos;${FONTS.display.family}&apos;, sans-serif"`);
    expect(svg).toContain(`font-weight="${FONTS.display.weight}"`);
    expect(svg).toContain('xml:space="preserve"');
    expect(svg).toContain('fill="#123456"');
  });

  it('draws markup in a name as text: escaped in the SVG, letters on the page', () => {
    const name = '<b>&amp;</b>';
    const layout = layoutOf(`Go, ${name}!`, 'left');
    const svg = textLayoutToSvg(layout, 'text', '#000');
    expect(svg).toContain('Go, &lt;b&gt;&amp;amp;&lt;/b&gt;!');
    expect(svg).not.toContain('<b>');
    const ink = inkColumns(render(svg, 2000, 200));
    expect(ink).not.toBeNull();
    // The whole string, angle brackets and all, is drawn as wide as it measures.
    expect(ink!.right - 100).toBeGreaterThan(layout.lines[0]!.width * 0.95);
  });

  for (const key of FONT_KEYS) {
    it(`${key}: resvg draws a line exactly as wide as measured, at every anchor`, () => {
      const text = 'Ķērsta kicked… AVATAR office ĀŽŪĻ Wall';
      for (const align of ['left', 'center', 'right'] as const) {
        const layout = layoutOf(text, align, key);
        const line = layout.lines[0]!;
        expect(layout.lines).toHaveLength(1);
        const ink = inkColumns(render(textLayoutToSvg(layout, key, '#000'), 2000, 200));
        expect(ink, align).not.toBeNull();
        const start =
          align === 'left'
            ? line.x
            : align === 'right'
              ? line.x - line.width
              : line.x - line.width / 2;
        // Ink starts and ends within a side bearing (a few % of the size) of the measured advance.
        expect(Math.abs(ink!.left - start), `${align} left`).toBeLessThan(layout.size * 0.12);
        expect(Math.abs(ink!.right - (start + line.width)), `${align} right`).toBeLessThan(
          layout.size * 0.12,
        );
      }
    });
  }

  it('is a complete, parseable document with the story of every page', () => {
    const svg = SPREAD_IDS.map((page) =>
      textLayoutToSvg(
        layoutText(storyText(page, 'lv', { name: 'Jānis', gender: 'boy' }), STORY_BOX, 'text'),
        'text',
        '#222',
      ),
    ).join('');
    expect(() => render(svg, 2400, 1000)).not.toThrow();
    expect(readFileSync(fontFile('text')).byteLength).toBeGreaterThan(10_000);
  });
});

describe('names are never broken across lines', () => {
  // 24 characters each: a hyphen, spaces, Latvian letters.
  const NAMES = [
    'Maximilian-Alexander Joe',
    'Maximilian Alexander Jon',
    'Anna-Šarlote Ķēniņa Ūdre',
    'Jānis Pēteris Ķirsis-Ozo',
  ];

  it('has 24-character names to test with', () => {
    for (const name of NAMES) expect([...name]).toHaveLength(24);
  });

  it('takes a name of several words, with quotes and punctuation around it, as one token', () => {
    expect(
      wordTokens('‘Maximilian Alexander Jon, welcome!’', ['Maximilian Alexander Jon']),
    ).toEqual(['‘Maximilian Alexander Jon,', 'welcome!’']);
    expect(wordTokens('to Anna-Šarlote Ķēniņa Ūdre’s ball', ['Anna-Šarlote Ķēniņa Ūdre'])).toEqual([
      'to',
      'Anna-Šarlote Ķēniņa Ūdre’s',
      'ball',
    ]);
    // Only the whole phrase is kept: the same words elsewhere are free.
    expect(wordTokens('Anna met Ķēniņa Ūdre', ['Anna-Šarlote Ķēniņa Ūdre'])).toEqual([
      'Anna',
      'met',
      'Ķēniņa',
      'Ūdre',
    ]);
    expect(wordTokens('Jonas Maximilian Alexander', ['Maximilian Alexander Jon'])).toEqual([
      'Jonas',
      'Maximilian',
      'Alexander',
    ]);
  });

  it.each(NAMES)('sets "%s" whole on one line wherever the wrap falls', (name) => {
    const box: TextBox = { ...STORY_BOX, width: 1200, align: 'center', size: 70, minSize: 60 };
    // The name moves along the sentence, so that the line ends fall at every part of it.
    for (let words = 0; words < 14; words += 1) {
      const before = 'We went out to play ball in the park today'.split(' ').slice(0, words % 10);
      const paragraph = `${'Then '.repeat(Math.floor(words / 10))}${before.join(' ')} ‘${name},’ said Mum, and off ${name} ran.`;
      const layout = layoutText([paragraph], box, 'text', [name]);
      expect(layout.overflow).toBe(false);
      const lines = layout.lines.map((line) => line.text);
      const whole = lines.join(' ');
      expect(whole.split(name)).toHaveLength(3);
      for (const line of lines) {
        // Each line holds the name whole or none of its parts split off.
        const parts = name.split(' ');
        const first = parts[0]!;
        const last = parts.at(-1)!;
        if (line.includes(first)) expect(line).toContain(name);
        if (line.includes(last)) expect(line).toContain(name);
      }
      for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(box.width + 0.01);
    }
  });

  it('without the name to keep, the same paragraph would break inside it (the test can fail)', () => {
    const name = NAMES[1]!;
    const box: TextBox = { ...STORY_BOX, width: 1200, align: 'left', size: 70, minSize: 60 };
    const broken = [...Array(10).keys()].some((words) => {
      const before = 'We went out to play ball in the park today'.split(' ').slice(0, words);
      const layout = layoutText([`${before.join(' ')} ${name} ran.`], box, 'text');
      return !layout.lines.some((line) => line.text.includes(name));
    });
    expect(broken).toBe(true);
  });

  it('never breaks at the hyphen of a name, even in a narrow box', () => {
    const name = 'Maximilian-Alexander Joe';
    const box: TextBox = { ...STORY_BOX, width: 1000, align: 'left', size: 60, minSize: 50 };
    const result = textInBox([`A goal for ${name}!`], box, 'text', false, [name]);
    expect(result.overflow).toBe(false);
    const texts = [...result.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
    expect(texts.some((text) => text.includes(name))).toBe(true);
    expect(texts.every((text) => !text.trimEnd().endsWith('-'))).toBe(true);
  });
});
