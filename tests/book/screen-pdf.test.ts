import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { PAGE_HEIGHT, PAGE_WIDTH, SPREAD_IDS, SPREAD_WIDTH } from '#book/types.ts';
import { PT_PER_UNIT } from '#server/services/fulfilment/print/book-pdf.ts';
import { screenPagePlan, type ScreenPdf } from '#server/services/fulfilment/print/screen-pdf.ts';
import { renderScreenPdfInThread } from '#server/services/fulfilment/print/screen-thread.ts';

// The digital edition's screen PDF (#36 item 2) as the print-files job makes it (in its worker
// thread): RGB, the story's spreads as landscape pages, a few MB, the child's name in its Title.
// Page sizes and metadata are read with poppler's pdfinfo (apt-get install poppler-utils).

const hasPoppler = spawnSync('pdfinfo', ['-v']).error === undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-screen-'));
const file = path.join(dir, 'screen.pdf');
let pdf: ScreenPdf;

beforeAll(async () => {
  pdf = await renderScreenPdfInThread({
    language: 'lv',
    child: { name: 'Ķērsta', gender: 'girl' },
    characters: defaultCharacters('girl'),
    dedication: 'Mīļā Ķērsta,\ntu vari visu!',
    bookKey: 'item:screen-test',
  });
  writeFileSync(file, pdf.bytes);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mm = (pt: number) => Math.round((pt / 72) * 25.4);

describe('the screen PDF', () => {
  it('has the cover and dedication, every spread as one page, and the closing page', () => {
    expect(pdf.pageCount).toBe(SPREAD_IDS.length + 3);
    expect(screenPagePlan().map((page) => page.page)).toEqual([
      'cover',
      'dedication',
      ...SPREAD_IDS,
      'colophon',
    ]);
  });

  it('is a few MB and RGB only (no CMYK anywhere, the sRGB output intent)', () => {
    expect(pdf.bytes.length).toBeGreaterThan(300_000);
    expect(pdf.bytes.length).toBeLessThan(5_000_000);
    const text = pdf.bytes.toString('latin1');
    expect(text).not.toMatch(/DeviceCMYK/);
    expect(text).toMatch(/sRGB IEC61966-2\.1/);
  });

  it.skipIf(!hasPoppler)('names the book and the child in its Title, pages as spreads', () => {
    const info = spawnSync('pdfinfo', ['-f', '1', '-l', '25', file], { encoding: 'utf8' }).stdout;
    expect(info).toMatch(/^Title:\s+Tu to vari – Ķērsta$/m);
    const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
      (match) => [mm(Number(match[1])), mm(Number(match[2]))],
    );
    const single = [mm(PAGE_WIDTH * PT_PER_UNIT), mm(PAGE_HEIGHT * PT_PER_UNIT)];
    const spread = [mm(SPREAD_WIDTH * PT_PER_UNIT), mm(PAGE_HEIGHT * PT_PER_UNIT)];
    expect(single).toEqual([245, 300]);
    expect(sizes).toEqual([single, single, ...SPREAD_IDS.map(() => spread), single]);
  });

  it.skipIf(!hasPoppler)('draws the story: the child’s name is live text on the cover', () => {
    const words = spawnSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], {
      encoding: 'utf8',
    }).stdout;
    expect(words).toContain('Ķērsta');
  });
});
