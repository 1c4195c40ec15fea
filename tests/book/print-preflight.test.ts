import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import {
  coverSettingsOf,
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';
import { coverLayout, spineWidthMm } from '#server/services/fulfilment/print/cover-geometry.ts';
import { documentIdOf } from '#server/services/fulfilment/print/pdf-identity.ts';
import {
  nameOf,
  PdfFile,
  PdfName,
  PdfRef,
  PdfString,
  textOf,
  type PdfDict,
  type PdfValue,
} from './pdf-objects.ts';

// The checks a PDF/X-4 preflight makes, on the print files as the printer receives them. No
// PDF/X preflight installs from npm or Debian (veraPDF checks PDF/A and PDF/UA; Acrobat and
// pdfToolbox are not free), so this reads each file object by object (pdf-objects.ts) and checks
// what ISO 15930-7 asks: version, output intent with its ICC profile, XMP and Info, page boxes,
// embedded fonts with subset names, no encryption, no transfer functions, transparency as allowed,
// device colours that match the RGB output intent, a document /ID. `qpdf --check` (Debian's qpdf)
// adds the structural check of every object and stream when it is installed.

const hasQpdf = spawnSync('qpdf', ['--version']).error === undefined;
const hasPoppler = spawnSync('pdftoppm', ['-v']).error === undefined;
const dir = mkdtempSync(path.join(os.tmpdir(), 'storymade-preflight-'));

const book = (
  name: string,
  gender: 'girl' | 'boy',
  extra: Partial<BookPdfInput> = {},
): BookPdfInput => ({
  language: gender === 'girl' ? 'lv' : 'en-us',
  child: { name, gender },
  characters: defaultCharacters(gender),
  dedication: gender === 'girl' ? 'Mīļā Ķērsta,\ntu vari visu!' : 'Dear Zachary,\nyou can do it!',
  bookKey: `test-item-${name}`,
  ...extra,
});
const kersta = book('Ķērsta', 'girl', { editionNumber: 7, title: 'SM-1001 Ķērsta & <Co>' });
const zach = book('Zachary-Quinn', 'boy');

type Files = Record<'interior' | 'endpapers' | 'hardcover' | 'softcover', Buffer>;
let files: Files;
let zachFiles: Pick<Files, 'interior' | 'endpapers' | 'hardcover'>;

beforeAll(async () => {
  files = {
    interior: await renderInteriorPdf(kersta),
    endpapers: await renderEndpapersPdf(kersta),
    hardcover: await renderCoverPdf(kersta),
    softcover: await renderCoverPdf({ ...kersta, cover: { binding: 'softcover' } }),
  };
  zachFiles = {
    interior: await renderInteriorPdf(zach),
    endpapers: await renderEndpapersPdf(zach),
    hardcover: await renderCoverPdf(zach),
  };
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hex = (value: PdfValue) => (value instanceof PdfString ? value.bytes.toString('hex') : '');
const numbers = (value: PdfValue): number[] => (value as PdfValue[]).map(Number);
/** A PDF date "D:YYYYMMDDHHmmSS…" as an ISO instant. */
function pdfDate(value: string | undefined): string {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?$/.exec(
    value ?? '',
  );
  expect(m, `PDF date ${value}`).not.toBeNull();
  const zone =
    !m![7] || m![7] === 'Z' ? 'Z' : m![7].replace(/'/g, '').replace(/(\d{2})(\d{2})$/, '$1:$2');
  return new Date(`${m![1]}-${m![2]}-${m![3]}T${m![4]}:${m![5]}:${m![6]}${zone}`).toISOString();
}

/** One XMP property's value (a simple element, or the x-default of an rdf:Alt). */
function xmp(packet: string, property: string): string | undefined {
  const element = new RegExp(`<${property}>([\\s\\S]*?)</${property}>`).exec(packet)?.[1];
  if (element === undefined) return undefined;
  const alt = /<rdf:li xml:lang="x-default">([\s\S]*?)<\/rdf:li>/.exec(element)?.[1];
  return (alt ?? element)
    .trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * What a page draws: its own resources and content, and those of every form XObject it shows
 * (a spread is drawn once as a form and shown on its two pages), each form once.
 */
function drawn(
  pdf: PdfFile,
  page: PdfDict,
  seen = new Set<number>(),
): { resources: PdfDict; content: Buffer }[] {
  const contents = pdf.resolve(page.get('Contents'));
  const streams = Array.isArray(contents) ? contents : [page.get('Contents')!];
  const resources = pdf.dict(page.get('Resources') ?? new Map());
  const out: { resources: PdfDict; content: Buffer }[] = [
    { resources, content: Buffer.concat(streams.map((stream) => pdf.streamOf(stream))) },
  ];
  const xobjects = pdf.dict(resources.get('XObject') ?? new Map());
  for (const ref of xobjects.values()) {
    if (!(ref instanceof PdfRef) || seen.has(ref.num)) continue;
    seen.add(ref.num);
    const form = pdf.dict(ref);
    if (nameOf(pdf.resolve(form.get('Subtype'))) !== 'Form') continue;
    out.push(...drawn(pdf, new Map([...form, ['Contents', ref]]), seen));
  }
  return out;
}

/** The subset font names (BaseFont) of every font the pages use. */
function fontNames(pdf: PdfFile): string[] {
  const names = new Set<string>();
  for (const page of pdf.pages()) {
    for (const { resources } of drawn(pdf, page)) {
      const fonts = pdf.dict(resources.get('Font') ?? new Map());
      for (const font of fonts.values())
        names.add(nameOf(pdf.resolve(pdf.dict(font).get('BaseFont')))!);
    }
  }
  return [...names].sort();
}

const ICC_RGB = 'RGB ';
const BLEND_MODES = new Set([
  'Normal',
  'Compatible',
  'Multiply',
  'Screen',
  'Overlay',
  'Darken',
  'Lighten',
  'ColorDodge',
  'ColorBurn',
  'HardLight',
  'SoftLight',
  'Difference',
  'Exclusion',
  'Hue',
  'Saturation',
  'Color',
  'Luminosity',
]);

describe.each(['interior', 'endpapers', 'hardcover', 'softcover'] as const)(
  'PDF/X-4 preflight: %s',
  (name) => {
    const open = () => new PdfFile(files[name]);

    it('is PDF 1.6 with a valid cross-reference table, no encryption and a document /ID', () => {
      const pdf = open();
      expect(pdf.header).toMatch(/^%PDF-1\.[6-7]$/);
      // Every object the xref table lists starts where it says ("n 0 obj"), and its stream ends in
      // "endstream" after /Length bytes.
      expect(pdf.offsets.size).toBeGreaterThan(10);
      for (const num of pdf.offsets.keys()) pdf.object(num);
      expect(pdf.trailer.has('Encrypt')).toBe(false);
      const id = pdf.trailer.get('ID') as PdfValue[];
      expect(id).toHaveLength(2);
      for (const part of id) expect((part as PdfString).bytes).toHaveLength(16);
      expect(nameOf(pdf.resolve(pdf.root.get('Type')))).toBe('Catalog');
    });

    it.skipIf(!hasQpdf)('passes qpdf --check (every object and stream readable)', () => {
      const file = path.join(dir, `${name}.pdf`);
      writeFileSync(file, files[name]);
      const check = spawnSync('qpdf', ['--check', file]);
      expect(check.status, check.stdout.toString() + check.stderr.toString()).toBe(0);
      expect(check.stdout.toString()).toContain('No syntax or stream encoding errors found');
      expect(check.stdout.toString()).toContain('File is not encrypted');
    });

    it('has a GTS_PDFX output intent with an embedded RGB ICC profile (sRGB), matching the RGB art', () => {
      const pdf = open();
      const intents = pdf.resolve(pdf.root.get('OutputIntents')) as PdfValue[];
      const pdfx = intents
        .map((intent) => pdf.dict(intent))
        .filter((intent) => nameOf(pdf.resolve(intent.get('S'))) === 'GTS_PDFX');
      expect(pdfx).toHaveLength(1);
      const intent = pdfx[0]!;
      expect(textOf(pdf.resolve(intent.get('OutputConditionIdentifier')))).toBe(
        'sRGB IEC61966-2.1',
      );
      const profileRef = intent.get('DestOutputProfile');
      expect(profileRef).toBeInstanceOf(PdfRef);
      expect(pdf.resolve(pdf.dict(profileRef).get('N'))).toBe(3);
      const icc = pdf.streamOf(profileRef);
      expect(icc.readUInt32BE(0)).toBe(icc.length); // the profile's own size field
      expect(icc.toString('latin1', 36, 40)).toBe('acsp');
      expect(icc.toString('latin1', 16, 20)).toBe(ICC_RGB);
    });

    it('carries the Info dictionary and the XMP packet of PDF/X-4, consistent with each other and the /ID', () => {
      const pdf = open();
      const info = pdf.dict(pdf.trailer.get('Info'));
      const get = (key: string) => pdf.resolve(info.get(key));
      expect(textOf(get('GTS_PDFXVersion'))).toBe('PDF/X-4');
      expect(nameOf(get('Trapped'))).toBe('False');
      const title = textOf(get('Title'))!;
      expect(title.length).toBeGreaterThan(3);
      const created = pdfDate(textOf(get('CreationDate')));
      const modified = pdfDate(textOf(get('ModDate')));
      expect(modified >= created).toBe(true);

      const metadata = pdf.root.get('Metadata');
      const meta = pdf.dict(metadata);
      expect(nameOf(pdf.resolve(meta.get('Type')))).toBe('Metadata');
      expect(nameOf(pdf.resolve(meta.get('Subtype')))).toBe('XML');
      const packet = pdf.streamOf(metadata).toString('utf8');
      expect(packet).toMatch(/^<\?xpacket begin=/);
      expect(packet).toMatch(/<\?xpacket end="w"\?>$/);
      expect(xmp(packet, 'pdfxid:GTS_PDFXVersion')).toBe('PDF/X-4');
      expect(xmp(packet, 'pdf:Trapped')).toBe('False');
      expect(xmp(packet, 'xmpMM:RenditionClass')).toBe('default');
      expect(xmp(packet, 'xmpMM:VersionID')).toMatch(/^\S+$/);
      expect(xmp(packet, 'dc:title')).toBe(title);
      expect(xmp(packet, 'pdf:Producer')).toBe(textOf(get('Producer')));
      expect(new Date(xmp(packet, 'xmp:CreateDate')!).toISOString()).toBe(created);
      expect(new Date(xmp(packet, 'xmp:ModifyDate')!).toISOString()).toBe(modified);
      expect(new Date(xmp(packet, 'xmp:MetadataDate')!).getTime()).toBeGreaterThanOrEqual(
        new Date(modified).getTime(),
      );
      // The trailer's /ID is [DocumentID InstanceID], the XMP's uuids.
      const [first, second] = pdf.trailer.get('ID') as PdfValue[];
      const documentId = xmp(packet, 'xmpMM:DocumentID')!;
      const instanceId = xmp(packet, 'xmpMM:InstanceID')!;
      expect(documentId).toMatch(
        /^uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      expect(instanceId).toMatch(/^uuid:[0-9a-f-]{36}$/);
      expect(documentId).not.toBe(instanceId);
      expect(documentId.slice(5).replace(/-/g, '')).toBe(hex(first!));
      expect(instanceId.slice(5).replace(/-/g, '')).toBe(hex(second!));
    });

    it('gives every page a TrimBox inside its BleedBox inside its MediaBox, and no ArtBox', () => {
      const pdf = open();
      const pages = pdf.pages();
      expect(pages.length).toBe(name === 'interior' ? 42 : name === 'endpapers' ? 2 : 1);
      for (const page of pages) {
        const media = numbers(pdf.resolve(page.get('MediaBox')));
        const bleed = numbers(pdf.resolve(page.get('BleedBox')));
        const trim = numbers(pdf.resolve(page.get('TrimBox')));
        expect(page.has('ArtBox')).toBe(false);
        const inside = (inner: number[], outer: number[]) =>
          inner[0]! >= outer[0]! - 0.01 &&
          inner[1]! >= outer[1]! - 0.01 &&
          inner[2]! <= outer[2]! + 0.01 &&
          inner[3]! <= outer[3]! + 0.01;
        expect(inside(bleed, media), `${bleed} in ${media}`).toBe(true);
        expect(inside(trim, bleed), `${trim} in ${bleed}`).toBe(true);
        // At least 3 mm of bleed on every side.
        const mm3 = (3 / 25.4) * 72 - 0.01;
        expect(trim[0]! - bleed[0]!).toBeGreaterThanOrEqual(mm3);
        expect(trim[1]! - bleed[1]!).toBeGreaterThanOrEqual(mm3);
        expect(bleed[2]! - trim[2]!).toBeGreaterThanOrEqual(mm3);
        expect(bleed[3]! - trim[3]!).toBeGreaterThanOrEqual(mm3);
      }
    });

    it('embeds every font as a subset named ABCDEF+Font', () => {
      const pdf = open();
      let count = 0;
      const resources = pdf
        .pages()
        .flatMap((page) => drawn(pdf, page).map((part) => part.resources));
      for (const own of resources) {
        const fonts = pdf.dict(own.get('Font') ?? new Map());
        for (const ref of fonts.values()) {
          const font = pdf.dict(ref);
          const type = nameOf(pdf.resolve(font.get('Subtype')));
          const described =
            type === 'Type0'
              ? pdf.dict((pdf.resolve(font.get('DescendantFonts')) as PdfValue[])[0])
              : font;
          const descriptor = pdf.dict(described.get('FontDescriptor'));
          const file =
            descriptor.get('FontFile2') ??
            descriptor.get('FontFile3') ??
            descriptor.get('FontFile');
          expect(file, `${nameOf(pdf.resolve(font.get('BaseFont')))} embedded`).toBeInstanceOf(
            PdfRef,
          );
          expect(pdf.streamOf(file).length).toBeGreaterThan(1000);
          expect(nameOf(pdf.resolve(font.get('BaseFont')))).toMatch(/^[A-Z]{6}\+\S+$/);
          expect(nameOf(pdf.resolve(descriptor.get('FontName')))).toBe(
            nameOf(pdf.resolve(font.get('BaseFont'))),
          );
          count += 1;
        }
      }
      expect(count).toBeGreaterThan(0);
    });

    it('uses transparency and colour as PDF/X-4 allows: no transfer functions or halftones, known blend modes, RGB or grey device colour only', () => {
      const pdf = open();
      for (const page of pdf.pages()) {
        const group = page.get('Group');
        if (group) {
          const cs = pdf.resolve(pdf.dict(group).get('CS'));
          if (cs !== null) expect(['DeviceRGB', 'DeviceGray', undefined]).toContain(nameOf(cs));
        }
        const parts = drawn(pdf, page);
        // Every page draws colour (its own content or a form's).
        expect(
          parts.some(({ content }) =>
            /(?:-?[\d.]+\s+){3}(rg|RG|sc|scn)(?=\s)/.test(content.toString('latin1')),
          ),
        ).toBe(true);
        for (const { resources, content } of parts) {
          const states = pdf.dict(resources.get('ExtGState') ?? new Map());
          for (const ref of states.values()) {
            const state = pdf.dict(ref);
            expect(state.has('TR')).toBe(false);
            expect(state.has('HT')).toBe(false);
            const tr2 = pdf.resolve(state.get('TR2'));
            if (tr2 !== null) expect(nameOf(tr2)).toBe('Default');
            const blend = pdf.resolve(state.get('BM'));
            if (blend !== null) expect(BLEND_MODES.has(nameOf(blend) ?? '')).toBe(true);
            const mask = pdf.resolve(state.get('SMask'));
            if (mask !== null && !(mask instanceof PdfName)) {
              const group = pdf.dict(pdf.dict((mask as PdfDict).get('G')).get('Group'));
              expect(nameOf(pdf.resolve(group.get('S')))).toBe('Transparency');
            }
          }
          // The content: DeviceCMYK (k, K) would not match the RGB output intent.
          const ops = content.toString('latin1');
          expect(ops).not.toMatch(/(?:^|\s)(?:-?[\d.]+\s+){4}[kK](?=\s)/);
          for (const [, space] of ops.matchAll(/\/(\S+)\s+(?:cs|CS)(?=\s)/g))
            expect(['DeviceRGB', 'DeviceGray', 'Pattern']).toContain(space);
        }
      }
      const root = pdf.root;
      expect(root.has('AA')).toBe(false);
      expect(root.has('OpenAction')).toBe(false);
      const names = pdf.resolve(root.get('Names'));
      if (names instanceof Map) {
        expect(names.has('JavaScript')).toBe(false);
        expect(names.has('EmbeddedFiles')).toBe(false);
      }
    });
  },
);

describe('print file identity', () => {
  it('names font subsets per book: two children get different names, the same book the same names', async () => {
    for (const kind of ['interior', 'endpapers', 'hardcover'] as const) {
      const ours = fontNames(new PdfFile(files[kind]));
      const theirs = fontNames(new PdfFile(zachFiles[kind]));
      expect(ours.length).toBeGreaterThan(0);
      for (const name of ours) expect(theirs, `${kind}: ${name}`).not.toContain(name);
      // Today's pdfkit default: the same name in every book.
      expect(ours.some((name) => name.startsWith('CZZZZZ+') || name.startsWith('BZZZZZ+'))).toBe(
        false,
      );
    }
    // Fonts of one file differ from each other too.
    const interior = fontNames(new PdfFile(files.interior));
    expect(new Set(interior.map((name) => name.slice(0, 6))).size).toBe(interior.length);
    // The same book made again: the same subset names.
    const again = await renderCoverPdf(kersta);
    expect(fontNames(new PdfFile(again))).toEqual(fontNames(new PdfFile(files.hardcover)));
  });

  it('keeps the DocumentID of a book file when it is made again, with a new InstanceID; other books and kinds differ', async () => {
    const ids = (buffer: Buffer) => (new PdfFile(buffer).trailer.get('ID') as PdfValue[]).map(hex);
    const [document, instance] = ids(files.hardcover);
    const [documentAgain, instanceAgain] = ids(await renderCoverPdf(kersta));
    expect(documentAgain).toBe(document);
    expect(instanceAgain).not.toBe(instance);
    expect(document).toBe(documentIdOf('test-item-Ķērsta', 'cover').replace(/-/g, ''));
    const all = [
      files.interior,
      files.endpapers,
      files.hardcover,
      zachFiles.interior,
      zachFiles.endpapers,
      zachFiles.hardcover,
    ].map((file) => ids(file)[0]);
    expect(new Set(all).size).toBe(all.length);
    // A book without an order item (scripts) gets its key from what is printed: stable too.
    const loose = { ...kersta, bookKey: undefined };
    expect(ids(await renderCoverPdf(loose))[0]).toBe(ids(await renderCoverPdf(loose))[0]);
    expect(ids(await renderCoverPdf(loose))[0]).not.toBe(document);
  });
});

describe('softcover spine', () => {
  it('runs the spine art 2 mm past both spine folds (the wrap tolerance), a hardcover over its hinges', () => {
    const soft = coverSettingsOf({ ...kersta, cover: { binding: 'softcover' } });
    const layout = coverLayout(soft);
    expect(soft.spineWrapMm).toBe(2);
    // Units of 0.1 mm.
    expect(layout.spine.x - layout.spineArt.x).toBe(20);
    expect(layout.spineArt.x + layout.spineArt.width - (layout.spine.x + layout.spine.width)).toBe(
      20,
    );
    expect(layout.spineArt.y).toBe(0);
    expect(layout.spineArt.height).toBe(layout.height);
    const hard = coverLayout(coverSettingsOf(kersta));
    expect(hard.spineArt.x).toBe(hard.back.x + hard.back.width);
    expect(hard.spineArt.x + hard.spineArt.width).toBe(hard.front.x);
  });

  it.skipIf(!hasPoppler)(
    'draws the softcover spine colour from 2 mm before the first fold to 2 mm after the second, in the PDF',
    () => {
      // The cover at 300 dpi, a strip across the spine at mid-height (between the yellow stripes).
      const dpi = 300;
      const px = (mm: number) => (mm / 25.4) * dpi;
      const spine = spineWidthMm(coverSettingsOf({ ...kersta, cover: { binding: 'softcover' } }));
      const fold = 3 + 245; // bleed + back cover, mm from the sheet's left edge
      const left = Math.round(px(fold - 10));
      const width = Math.round(px(spine + 20));
      const file = path.join(dir, 'soft-cover.pdf');
      writeFileSync(file, files.softcover);
      const out = spawnSync('pdftoppm', [
        '-r',
        String(dpi),
        '-x',
        String(left),
        '-y',
        String(Math.round(px(150))),
        '-W',
        String(width),
        '-H',
        '1',
        file,
      ]);
      expect(out.status).toBe(0);
      const ppm = out.stdout;
      const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 32))!;
      const pixels = ppm.subarray(header[0].length);
      const isSpine = (x: number) => {
        const [r, g, b] = [pixels[3 * x]!, pixels[3 * x + 1]!, pixels[3 * x + 2]!];
        return Math.abs(r - 0x3d) < 12 && Math.abs(g - 0x8f) < 12 && Math.abs(b - 0xd6) < 12;
      };
      const run = [...Array(Number(header[1])).keys()].filter(isSpine);
      const first = run[0]!;
      const last = run.at(-1)!;
      expect(run.length).toBe(last - first + 1); // one unbroken band
      const startMm = fold - 10 + (first / dpi) * 25.4;
      const endMm = fold - 10 + ((last + 1) / dpi) * 25.4;
      expect(startMm).toBeCloseTo(fold - 2, 0);
      expect(endMm).toBeCloseTo(fold + spine + 2, 0);
      expect(Math.abs(startMm - (fold - 2))).toBeLessThan(0.25);
      expect(Math.abs(endMm - (fold + spine + 2))).toBeLessThan(0.25);
    },
  );
});
