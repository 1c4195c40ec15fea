import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/catalogue.ts';
import { BLEED, PAGE_HEIGHT, PAGE_WIDTH, SPREAD_IDS } from '#book/types.ts';
import {
  PRINT_PAGE_COUNT,
  PT_PER_UNIT,
  printPagePlan,
  renderCoverPdf,
} from '../../server/services/print/book-pdf.ts';
import { renderPrintFiles } from '../../server/services/print/print-files.ts';

// The print PDFs as a printer receives them. Structure is read from the PDF itself (pdfkit
// writes plain, uncompressed object dictionaries); fonts and text are checked with poppler's
// pdffonts/pdftotext when installed (apt-get install poppler-utils).

const hasPoppler = spawnSync('pdffonts', ['-v']).error === undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-print-'));
const interiorFile = path.join(dir, 'interior.pdf');
const coverFile = path.join(dir, 'cover.pdf');
let interior: Buffer;
let cover: Buffer;

const child = { name: 'Ķērsta', gender: 'girl' as const };
const dedication = 'Mīļā Ķērsta,\ntu vari visu!\n\nMamma & tētis <3';

beforeAll(async () => {
  const input = {
    language: 'lv' as const,
    child,
    characters: defaultCharacters('girl'),
    dedication,
  };
  // Made as the server makes them: in a print worker thread.
  ({ interior, cover } = await renderPrintFiles(input));
  writeFileSync(interiorFile, interior);
  writeFileSync(coverFile, cover);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pageDictionaries(pdf: Buffer): string[] {
  return pdf.toString('latin1').match(/<<[^<>]*\/Type \/Page\b(?!s)[^<>]*>>/g) ?? [];
}

function box(dictionary: string, name: string): number[] {
  const match = new RegExp(`/${name} \\[([^\\]]*)\\]`).exec(dictionary);
  return match ? match[1]!.trim().split(/\s+/).map(Number) : [];
}

const mediaWidth = (PAGE_WIDTH + 2 * BLEED) * PT_PER_UNIT; // 24.5 cm + 2 x 3 mm = 711.5 pt
const mediaHeight = (PAGE_HEIGHT + 2 * BLEED) * PT_PER_UNIT; // 30 cm + 2 x 3 mm = 867.4 pt
const bleed = BLEED * PT_PER_UNIT; // 3 mm = 8.5 pt

describe('print plan', () => {
  it('starts with the dedication on a right-hand page, keeps every spread facing, ends on a left page', () => {
    const plan = printPagePlan();
    expect(plan).toHaveLength(PRINT_PAGE_COUNT);
    expect(PRINT_PAGE_COUNT % 2).toBe(0);
    expect(plan[0]).toMatchObject({ number: 1, page: 'dedication', kind: 'dedication' });
    SPREAD_IDS.forEach((spread, i) => {
      // Spread i is printed on pages 2i+2 (left, even) and 2i+3 (right, odd): a real facing pair.
      expect(plan[2 * i + 1]).toMatchObject({
        number: 2 * i + 2,
        page: spread,
        kind: 'left',
        trimX: 0,
      });
      expect(plan[2 * i + 2]).toMatchObject({
        number: 2 * i + 3,
        page: spread,
        kind: 'right',
        trimX: PAGE_WIDTH,
      });
    });
    expect(plan.at(-1)).toMatchObject({ number: PRINT_PAGE_COUNT, kind: 'closing' });
  });
});

describe('interior PDF', () => {
  it('is a PDF with one page per planned page', () => {
    expect(interior.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageDictionaries(interior)).toHaveLength(PRINT_PAGE_COUNT);
  });

  it('has 24.5 x 30 cm pages plus 3 mm bleed: MediaBox with bleed, TrimBox the page', () => {
    for (const page of pageDictionaries(interior)) {
      const media = box(page, 'MediaBox');
      const trim = box(page, 'TrimBox');
      expect(media[2]).toBeCloseTo(mediaWidth, 1);
      expect(media[3]).toBeCloseTo(mediaHeight, 1);
      expect(trim[0]).toBeCloseTo(bleed, 1);
      expect(trim[1]).toBeCloseTo(bleed, 1);
      // Trim size in mm.
      expect(((trim[2]! - trim[0]!) / 72) * 25.4).toBeCloseTo(245, 1);
      expect(((trim[3]! - trim[1]!) / 72) * 25.4).toBeCloseTo(300, 1);
    }
  });

  it('draws vector art, not pictures: no raster images in the file', () => {
    expect(interior.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it.skipIf(!hasPoppler)('embeds every font (pdffonts)', () => {
    const rows = execFileSync('pdffonts', [interiorFile])
      .toString()
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      // name type encoding emb sub uni: every font embedded.
      expect(row.split(/\s+/).slice(-5)[0], row).toBe('yes');
    }
    expect(rows.join('\n')).toMatch(/Andika/);
  });

  it.skipIf(!hasPoppler)(
    'prints the dedication with its Latvian letters and markup as text (pdftotext)',
    () => {
      const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', interiorFile, '-']).toString();
      expect(first).toContain('Mīļā Ķērsta,');
      expect(first).toContain('Mamma & tētis <3');
      const story = execFileSync('pdftotext', [
        '-f',
        '2',
        '-l',
        String(PRINT_PAGE_COUNT),
        interiorFile,
        '-',
      ]).toString();
      expect(story).toMatch(/Ķērst/);
    },
  );
});

describe('cover PDF', () => {
  it('is the same file made in the print worker or in this thread', async () => {
    const again = await renderCoverPdf({
      language: 'lv',
      child,
      characters: defaultCharacters('girl'),
      dedication,
    });
    // pdfkit stamps the creation date; everything else is equal.
    const strip = (pdf: Buffer) =>
      pdf
        .toString('latin1')
        .replace(/\/CreationDate \([^)]*\)/, '')
        .replace(/\/ID \[[^\]]*\]/, '');
    expect(strip(again).length).toBe(strip(cover).length);
  });

  it('is one page of 24.5 x 30 cm plus bleed with the child name on it', () => {
    const pages = pageDictionaries(cover);
    expect(pages).toHaveLength(1);
    expect(box(pages[0]!, 'MediaBox')[2]).toBeCloseTo(mediaWidth, 1);
    expect(box(pages[0]!, 'TrimBox')[0]).toBeCloseTo(bleed, 1);
    if (hasPoppler) {
      expect(execFileSync('pdftotext', [coverFile, '-']).toString()).toContain('Ķērsta');
      const fonts = execFileSync('pdffonts', [coverFile]).toString();
      expect(fonts).toMatch(/Baloo/);
    }
  });
});

if (!hasPoppler) {
  console.warn(
    'print.test: poppler-utils (pdffonts, pdftotext) not installed: font and text checks skipped',
  );
}
