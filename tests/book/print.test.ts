import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { BLEED, PAGE_HEIGHT, PAGE_WIDTH, SPREAD_IDS, SPREAD_WIDTH } from '#book/types.ts';
import {
  coverSettingsOf,
  endpaperSpreads,
  INTERIOR_SPREADS,
  PRINT_PAGE_COUNT,
  PT_PER_UNIT,
  printPageCount,
  printPagePlan,
  renderCoverPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';
import { coverLayout, spineWidthMm } from '#server/services/fulfilment/print/cover-geometry.ts';
import {
  renderPrintFiles,
  type PrintFiles,
} from '#server/services/fulfilment/print/print-thread.ts';

// The print PDFs as a printer receives them: interior (42 pages), endpapers, cover wrap. Page
// boxes and the output intent are read from the PDF itself (pdfkit writes plain object
// dictionaries); fonts and text with poppler's pdffonts/pdftotext (apt-get install
// poppler-utils; .ci/run installs it).

const hasPoppler = spawnSync('pdffonts', ['-v']).error === undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-print-'));
const fileOf = (name: 'interior' | 'endpapers' | 'cover') => path.join(dir, `${name}.pdf`);
let files: PrintFiles;

const child = { name: 'Ķērsta', gender: 'girl' as const };
const dedication = 'Mīļā Ķērsta,\ntu vari visu!\n\nMamma & tētis <3';
const input: BookPdfInput = {
  language: 'lv',
  child,
  characters: defaultCharacters('girl'),
  dedication,
  editionNumber: 7,
};

beforeAll(async () => {
  // Made as the server makes them: in a print worker thread.
  files = await renderPrintFiles(input);
  for (const name of ['interior', 'endpapers', 'cover'] as const) {
    writeFileSync(fileOf(name), bytesOf(name));
  }
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One of the hardcover's files (it has all three). */
function bytesOf(name: 'interior' | 'endpapers' | 'cover'): Buffer {
  const bytes = files[name];
  if (!bytes) throw new Error(`a hardcover has its ${name}`);
  return bytes;
}

function pageDictionaries(pdf: Buffer): string[] {
  return pdf.toString('latin1').match(/<<[^<>]*\/Type \/Page\b(?!s)[^<>]*>>/g) ?? [];
}

function box(dictionary: string, name: string): number[] {
  const match = new RegExp(`/${name} \\[([^\\]]*)\\]`).exec(dictionary);
  return match ? match[1]!.trim().split(/\s+/).map(Number) : [];
}

const mm = (pt: number) => (pt / 72) * 25.4;
const pt = (units: number) => units * PT_PER_UNIT;
const text = (file: string, first?: number, last?: number) =>
  execFileSync('pdftotext', [
    ...(first ? ['-f', String(first), '-l', String(last ?? first)] : []),
    file,
    '-',
  ]).toString();

describe('proof (issue #43)', () => {
  it('comes with the files from the worker: every page matches the preview, every sentence printed', () => {
    const { proof } = files;
    expect(proof.ok).toBe(true);
    expect(proof.error).toBeUndefined();
    // 42 interior pages, 2 endpapers, the wrap: each measured against the preview.
    expect(proof.pages.map((page) => page.file)).toEqual([
      ...Array<string>(42).fill('interior'),
      'endpapers',
      'endpapers',
      'cover',
    ]);
    expect(proof.failedPages).toEqual([]);
    expect(proof.worst!.differencePercent).toBeLessThanOrEqual(proof.thresholdPercent);
    expect(proof.sentences).toBeGreaterThan(150);
    expect(proof.missingSentences).toEqual([]);
  });
});

describe('print plan', () => {
  it('has 42 pages: the dedication on a right-hand page, 20 facing spreads, the colophon last', () => {
    const plan = printPagePlan();
    expect(PRINT_PAGE_COUNT).toBe(42);
    expect(plan).toHaveLength(42);
    expect(plan[0]).toMatchObject({ number: 1, page: 'dedication', kind: 'dedication' });
    expect(INTERIOR_SPREADS).toEqual(SPREAD_IDS.slice(1, -1));
    expect(INTERIOR_SPREADS[0]).toBe('page_3-4');
    expect(INTERIOR_SPREADS.at(-1)).toBe('page_41-42');
    INTERIOR_SPREADS.forEach((spread, i) => {
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
    expect(plan.at(-1)).toMatchObject({ number: 42, page: 'colophon', kind: 'colophon' });
  });

  it('prints every spread of a softcover in its block: 46 pages, no endpapers (every word printed)', () => {
    const plan = printPagePlan('softcover');
    expect(printPageCount('softcover')).toBe(46);
    expect(endpaperSpreads('softcover')).toEqual([]);
    expect(endpaperSpreads('hardcover')).toEqual(['page_1-2', 'page_43-44']);
    expect(plan[0]).toMatchObject({ number: 1, page: 'dedication', kind: 'dedication' });
    SPREAD_IDS.forEach((spread, i) => {
      expect(plan[2 * i + 1]).toMatchObject({ number: 2 * i + 2, page: spread, kind: 'left' });
      expect(plan[2 * i + 2]).toMatchObject({ number: 2 * i + 3, page: spread, kind: 'right' });
    });
    expect(plan.at(-1)).toMatchObject({ number: 46, page: 'colophon', kind: 'colophon' });
  });

  it('makes the spine from the page count and the paper: thicker paper, wider spine', () => {
    const thin = coverSettingsOf({ ...input, cover: { paperThicknessMm: 0.1 } });
    const thick = coverSettingsOf({ ...input, cover: { paperThicknessMm: 0.2 } });
    expect(spineWidthMm(thick) - spineWidthMm(thin)).toBeCloseTo(21 * 0.1, 5);
    const soft = coverSettingsOf({
      ...input,
      cover: { binding: 'softcover', paperThicknessMm: 0.14 },
    });
    // A softcover's block is 46 pages, 23 leaves.
    expect(spineWidthMm(soft)).toBeCloseTo(23 * 0.14, 1);
  });
});

describe.each(['interior', 'endpapers', 'cover'] as const)('%s PDF', (name) => {
  it('has the PDF/X-4 structure: output intent with an ICC profile, PDF/X-4 metadata, Trapped', () => {
    const pdf = bytesOf(name).toString('latin1');
    expect(pdf.startsWith('%PDF-1.6')).toBe(true);
    expect(pdf).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(pdf).toMatch(/\/S \/GTS_PDFX/);
    expect(pdf).toMatch(/\/DestOutputProfile \d+ 0 R/);
    expect(pdf).toContain('<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>');
    expect(pdf).toMatch(/\/Trapped \d+ 0 R/);
    expect(pdf).toMatch(/\d+ 0 obj\s*\/False\s*endobj/);
  });

  it('sets TrimBox and BleedBox on every page, the bleed box being the whole sheet', () => {
    const pages = pageDictionaries(bytesOf(name));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const media = box(page, 'MediaBox');
      box(page, 'BleedBox').forEach((value, i) => expect(value).toBeCloseTo(media[i]!, 2));
      expect(box(page, 'TrimBox')).toHaveLength(4);
    }
  });

  it('draws vector art and live text with every font embedded, never raster pictures', () => {
    expect(bytesOf(name).toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    if (!hasPoppler) return;
    const rows = execFileSync('pdffonts', [fileOf(name)])
      .toString()
      .split('\n')
      .slice(2)
      .filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    // name type encoding emb sub uni: every font embedded.
    for (const row of rows) expect(row.split(/\s+/).slice(-5)[0], row).toBe('yes');
  });
});

describe('interior PDF', () => {
  it('is 42 pages of 24.5 x 30 cm plus 3 mm bleed: MediaBox with bleed, TrimBox the page', () => {
    const pages = pageDictionaries(files.interior);
    expect(pages).toHaveLength(42);
    for (const page of pages) {
      const media = box(page, 'MediaBox');
      const trim = box(page, 'TrimBox');
      expect(media[2]).toBeCloseTo(pt(PAGE_WIDTH + 2 * BLEED), 1);
      expect(media[3]).toBeCloseTo(pt(PAGE_HEIGHT + 2 * BLEED), 1);
      expect(trim[0]).toBeCloseTo(pt(BLEED), 1);
      expect(trim[1]).toBeCloseTo(pt(BLEED), 1);
      expect(mm(trim[2]! - trim[0]!)).toBeCloseTo(245, 1);
      expect(mm(trim[3]! - trim[1]!)).toBeCloseTo(300, 1);
    }
  });

  it.skipIf(!hasPoppler)('prints the dedication first and the colophon last, as live text', () => {
    const first = text(fileOf('interior'), 1);
    expect(first).toContain('Mīļā Ķērsta,');
    expect(first).toContain('Mamma & tētis <3');
    expect(text(fileOf('interior'), 2, 41)).toMatch(/Ķērst/);
    const last = text(fileOf('interior'), 42);
    expect(last).toContain('Ķērstai');
    expect(last).toContain('Pirmais izdevums');
    expect(last).toContain('Nr. 7 no 100');
  });
});

describe('endpapers PDF', () => {
  it('is the first and last story spreads, each one page of 49 x 30 cm plus bleed', () => {
    const pages = pageDictionaries(bytesOf('endpapers'));
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(box(page, 'MediaBox')[2]).toBeCloseTo(pt(SPREAD_WIDTH + 2 * BLEED), 1);
      const trim = box(page, 'TrimBox');
      expect(mm(trim[2]! - trim[0]!)).toBeCloseTo(490, 1);
      expect(mm(trim[3]! - trim[1]!)).toBeCloseTo(300, 1);
    }
    if (hasPoppler) expect(text(fileOf('endpapers'))).toMatch(/Ķērsta/);
  });
});

describe('cover wrap PDF', () => {
  it('is one page: back, spine and front boards with hinges, plus the turn-in wrap (hardcover)', () => {
    const layout = coverLayout(coverSettingsOf(input));
    const pages = pageDictionaries(files.cover);
    expect(pages).toHaveLength(1);
    const media = box(pages[0]!, 'MediaBox');
    const trim = box(pages[0]!, 'TrimBox');
    // Boards 248 x 306 mm, hinges 2 x 8 mm, the spine from 21 leaves of 0.14 mm and two boards.
    const spine = 21 * 0.14 + 2 * 2.5 + 1;
    expect(mm(trim[2]! - trim[0]!)).toBeCloseTo(2 * 248 + 2 * 8 + spine, 0);
    expect(mm(trim[3]! - trim[1]!)).toBeCloseTo(306, 1);
    expect(mm(trim[0]!)).toBeCloseTo(15, 1);
    expect(mm(media[2]!)).toBeCloseTo(mm(trim[2]!) + 15, 1);
    expect(media[2]).toBeCloseTo(pt(layout.width), 1);
  });

  it('is the trim plus 3 mm bleed for a softcover, and the same in a thread or in the worker', async () => {
    const soft = await renderCoverPdf({ ...input, cover: { binding: 'softcover' } });
    const [page] = pageDictionaries(soft);
    const trim = box(page!, 'TrimBox');
    expect(mm(trim[2]! - trim[0]!)).toBeCloseTo(2 * 245 + 23 * 0.14, 1);
    expect(mm(trim[0]!)).toBeCloseTo(3, 1);
    const hard = await renderCoverPdf(input);
    // The dates and the InstanceID (new each time a file is made) differ; everything else is equal.
    const strip = (pdf: Buffer) =>
      pdf
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/g, '')
        .replace(/<xmp:(Create|Modify|Metadata)Date>[^<]*</g, '')
        .replace(/<xmpMM:InstanceID>[^<]*</, '')
        .replace(/\/ID \[[^\]]*\]/, '');
    expect(strip(hard).length).toBe(strip(files.cover).length);
  });

  it.skipIf(!hasPoppler)('carries the child name on the front and the spine, live', () => {
    const words = text(fileOf('cover'));
    expect(words).toContain('Ķērsta');
    expect(words).toContain('Tu to vari');
  });
});

if (!hasPoppler) {
  console.warn(
    'print.test: poppler-utils (pdffonts, pdftotext) not installed: font and text checks skipped',
  );
}
