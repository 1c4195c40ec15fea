// A print PDF with the structure of PDF/X-4: every page carries MediaBox (with bleed), BleedBox
// and TrimBox; the document has an output intent (GTS_PDFX) with an embedded ICC profile, XMP
// metadata naming PDF/X-4, Trapped /False, embedded font subsets and live text (SVG text becomes
// PDF text, never outlines).
//
// The output intent is sRGB IEC61966-2.1 (the ICC profile pdfkit ships): the art is RGB and the
// printer converts to its press condition. A printer that asks for a CMYK intent (e.g. FOGRA39)
// swaps the profile here.
//
// Identity and metadata (pdf-identity.ts): the Info dictionary (Title, CreationDate, ModDate,
// Trapped /False, GTS_PDFXVersion) and its XMP twin with xmpMM:DocumentID (stable per book and
// file kind), InstanceID (new each time), VersionID and RenditionClass; the trailer's /ID is
// [DocumentID InstanceID]; font subsets are named from their glyphs and the book.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { bookFonts } from '#server/services/rendering/font-files.ts';
import {
  printIdsOf,
  printXmp,
  subsetTag,
  type PrintIdentity,
  type PrintIds,
} from './pdf-identity.ts';

/** 1 book unit = 0.1 mm = 72 / 254 pt. */
export const PT_PER_UNIT = 72 / 254;

const require = createRequire(import.meta.url);
let iccProfile: Buffer | undefined;

function srgbProfile(): Buffer {
  iccProfile ??= readFileSync(
    path.join(path.dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc'),
  );
  return iccProfile;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

export interface PrintDocument {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
  fontFor: (family: string) => string;
  identity: PrintIdentity;
  ids: PrintIds;
  /** Forms drawn so far (their resource names, Art1, Art2…, count per document). */
  sharedArt: number;
}

/** The parts of pdfkit's document this writer reaches into (not in its typings). */
interface PdfkitInternals {
  _id: Uint8Array;
  _root: { data: Record<string, unknown> };
  _fontFamilies: Record<string, EmbeddedFontInternals>;
  _write: (data: unknown) => void;
  _addInfo: () => void;
  appendXML: (xml: string, newline?: boolean) => void;
  ref: PDFKit.PDFDocument['ref'];
}

interface EmbeddedFontInternals {
  id: string;
  name?: string;
  subset?: { glyphs: number[] };
  embed: () => void;
}

const CREATOR = 'Storymade';
const PRODUCER = 'Storymade (pdfkit)';

/** A value pdfkit writes as a PDF name (its info strings become PDF strings otherwise). */
const TRAPPED_FALSE = new String('\u0000Trapped=False');

/** Opens a PDF with the book's fonts registered and the PDF/X-4 document parts prepared. */
export function openPrintDocument(identity: PrintIdentity): PrintDocument {
  const ids = printIdsOf(identity);
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    pdfVersion: '1.6',
    info: {
      Title: identity.title,
      Author: 'Storymade',
      Creator: CREATOR,
      Producer: PRODUCER,
      CreationDate: ids.made,
      ModDate: ids.made,
    },
  });
  const internals = doc as unknown as PdfkitInternals;
  const info = doc.info as unknown as Record<string, unknown>;
  info.GTS_PDFXVersion = 'PDF/X-4';
  info.Trapped = TRAPPED_FALSE;
  // pdfkit turns every info value into a PDF string; Trapped must be the name /False.
  const ref = doc.ref.bind(doc);
  internals.ref = (data?: unknown) => {
    const made = ref(data as object);
    if (data === TRAPPED_FALSE) (made as unknown as { data: unknown }).data = 'False';
    return made;
  };
  // The XMP packet: ours instead of pdfkit's (which lacks the ids and does not escape the title).
  internals._addInfo = () =>
    internals.appendXML(printXmp(identity, ids, { creator: CREATOR, producer: PRODUCER }));
  // The trailer's /ID: [DocumentID InstanceID] (pdfkit writes its one id twice).
  internals._id = ids.documentIdBytes;
  const write = internals._write.bind(doc);
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  const sameTwice = `/ID [<${hex(ids.documentIdBytes)}> <${hex(ids.documentIdBytes)}>]`;
  internals._write = (data: unknown) =>
    write(
      typeof data === 'string' && data.startsWith('<<') && data.includes(sameTwice)
        ? data.replace(
            sameTwice,
            `/ID [<${hex(ids.documentIdBytes)}> <${hex(ids.instanceIdBytes)}>]`,
          )
        : data,
    );
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The book's TTFs, embedded as subsets; a family the art asks for maps to its registered file.
  const byFamily = new Map<string, string>();
  for (const font of bookFonts()) {
    const name = `${font.family}-${font.weight}`;
    doc.registerFont(name, font.file);
    if (!byFamily.has(font.family.toLowerCase())) byFamily.set(font.family.toLowerCase(), name);
  }
  const fallback = [...byFamily.values()][0];
  if (!fallback) throw new Error('No book fonts are configured');
  const fontFor = (family: string) => {
    const families = family.split(',').map((part) =>
      part
        .trim()
        .replace(/^['"]|['"]$/g, '')
        .toLowerCase(),
    );
    for (const candidate of families) {
      const found = byFamily.get(candidate);
      if (found) return found;
    }
    return fallback;
  };
  return { doc, done, fontFor, identity, ids, sharedArt: 0 };
}

/** Page geometry in units: the media (bleed included) and the trim box inside it. */
export interface PageBoxes {
  mediaWidth: number;
  mediaHeight: number;
  trim: { x: number; y: number; width: number; height: number };
}

/** Adds a page of `boxes` (MediaBox = BleedBox = the sheet with its bleed, TrimBox = the page). */
function openPage(target: PrintDocument, boxes: PageBoxes): { width: number; height: number } {
  const { doc } = target;
  const width = boxes.mediaWidth * PT_PER_UNIT;
  const height = boxes.mediaHeight * PT_PER_UNIT;
  doc.addPage({ size: [width, height], margin: 0 });
  // PDF boxes run from the bottom left.
  const t = boxes.trim;
  const trim = [
    t.x * PT_PER_UNIT,
    (boxes.mediaHeight - t.y - t.height) * PT_PER_UNIT,
    (t.x + t.width) * PT_PER_UNIT,
    (boxes.mediaHeight - t.y) * PT_PER_UNIT,
  ].map(round);
  const dictionary = (doc.page as unknown as { dictionary: { data: Record<string, unknown> } })
    .dictionary;
  dictionary.data.TrimBox = trim;
  dictionary.data.BleedBox = [0, 0, round(width), round(height)];
  return { width, height };
}

/** Draws `svg` (its viewBox stretched over width x height pt) where the document draws now. */
function drawSvg(target: PrintDocument, svg: string, width: number, height: number): void {
  const warnings: string[] = [];
  SVGtoPDF(target.doc, svg, 0, 0, {
    width,
    height,
    assumePt: true,
    preserveAspectRatio: 'none',
    fontCallback: (family: string) => target.fontFor(family),
    warningCallback: (message: string) => warnings.push(message),
  });
  if (warnings.length > 0 && process.env.BOOK_PDF_WARNINGS === '1') {
    console.warn(`book-pdf: ${warnings.length} SVG warnings, first: ${warnings[0]}`);
  }
}

/**
 * Adds one page (MediaBox = BleedBox = the sheet with its bleed, TrimBox = the finished size)
 * and draws `svg` (a document whose viewBox is the whole media) on it.
 */
export function addPrintPage(target: PrintDocument, svg: string, boxes: PageBoxes): void {
  const { width, height } = openPage(target, boxes);
  drawSvg(target, svg, width, height);
}

/** Art drawn once into the PDF (a form XObject) and shown on several pages. */
export interface SharedArt {
  name: string;
  xobject: PDFKit.PDFKitReference;
}

interface PageInternals {
  width: number;
  height: number;
  write: (data: string) => void;
  fonts: Record<string, unknown>;
  xobjects: Record<string, unknown>;
  ext_gstates: Record<string, unknown>;
  patterns: Record<string, unknown>;
  colorSpaces: Record<string, unknown>;
  annotations: unknown[];
  markings: unknown[];
  margins: { top: number; left: number; bottom: number; right: number };
}

/**
 * Draws `svg` (viewBox = the whole art) once, `width` x `height` units, as a form XObject: a
 * spread drawn once and shown on its left and right pages costs half the drawing and half the
 * bytes of drawing it on each. The drawing goes to a stand-in page whose resources (fonts,
 * graphic states, patterns) become the form's, as svg-to-pdfkit does for its own groups.
 */
export function drawSharedArt(
  target: PrintDocument,
  svg: string,
  widthUnits: number,
  heightUnits: number,
): SharedArt {
  const doc = target.doc as unknown as PdfkitInternals & {
    page: PageInternals;
    _ctm: number[];
    transform: (...m: number[]) => void;
  };
  const width = widthUnits * PT_PER_UNIT;
  const height = heightUnits * PT_PER_UNIT;
  const resources = doc.ref({});
  const xobject = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, round(width), round(height)],
    Resources: resources,
  });
  const saved = { page: doc.page, ctm: doc._ctm };
  const page: PageInternals = {
    width,
    height,
    write: (data) => xobject.write(data),
    fonts: {},
    xobjects: {},
    ext_gstates: {},
    patterns: {},
    colorSpaces: {},
    annotations: [],
    markings: [],
    margins: { top: 0, left: 0, bottom: 0, right: 0 },
  };
  doc.page = page;
  doc._ctm = [1, 0, 0, 1, 0, 0];
  try {
    // SVG runs top down, PDF bottom up (pdfkit's addPage does the same flip).
    doc.transform(1, 0, 0, -1, 0, height);
    drawSvg(target, svg, width, height);
  } finally {
    doc.page = saved.page;
    doc._ctm = saved.ctm;
  }
  const data = (resources as unknown as { data: Record<string, unknown> }).data;
  data.ProcSet = ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'];
  if (Object.keys(page.fonts).length) data.Font = page.fonts;
  if (Object.keys(page.xobjects).length) data.XObject = page.xobjects;
  if (Object.keys(page.ext_gstates).length) data.ExtGState = page.ext_gstates;
  if (Object.keys(page.patterns).length) data.Pattern = page.patterns;
  if (Object.keys(page.colorSpaces).length) data.ColorSpace = page.colorSpaces;
  resources.end(undefined);
  xobject.end(undefined);
  target.sharedArt += 1;
  return { name: `Art${target.sharedArt}`, xobject };
}

/**
 * Adds one page of `boxes` showing `art` moved `offsetX` units to the left (the right-hand page
 * of a spread shows the art from the page width on), cut at the sheet's edge.
 */
export function addSharedArtPage(
  target: PrintDocument,
  art: SharedArt,
  offsetX: number,
  boxes: PageBoxes,
): void {
  const { width, height } = openPage(target, boxes);
  const page = target.doc.page as unknown as PageInternals;
  page.xobjects[art.name] = art.xobject;
  // Undo the page's top-down flip (the form carries its own), clip to the sheet, shift, draw.
  const n = (value: number) => String(round(value));
  target.doc.addContent(
    `q 1 0 0 -1 0 ${n(height)} cm 0 0 ${n(width)} ${n(height)} re W n 1 0 0 1 ${n(-offsetX * PT_PER_UNIT)} 0 cm /${art.name} Do Q`,
  );
}

/**
 * Gives each embedded font subset a name from its glyphs and the book (pdfkit derives the six
 * letters from the font's resource name, F1, F2…, the same in every book). pdfkit writes the
 * subset when the document ends; the tag's letters come from `id` there (letter = char + 17), so
 * `id` is set for the length of that call only (content streams already name the font by it).
 */
function nameSubsets(target: PrintDocument): void {
  const fonts = new Set(Object.values((target.doc as unknown as PdfkitInternals)._fontFamilies));
  for (const font of fonts) {
    const { subset } = font;
    if (!subset) continue;
    const embed = font.embed;
    font.embed = function (this: EmbeddedFontInternals) {
      const tag = subsetTag(target.identity.bookKey, font.name ?? '', subset.glyphs);
      const id = this.id;
      this.id = `T${[...tag].map((letter) => String.fromCharCode(letter.charCodeAt(0) - 17)).join('')}`;
      try {
        embed.call(this);
      } finally {
        this.id = id;
      }
    };
  }
}

/** Writes the output intent and the PDF/X-4 identification, ends the document and returns it. */
export function finishPrintDocument(target: PrintDocument): Promise<Buffer> {
  const { doc } = target;
  const profile = srgbProfile();
  const profileRef = doc.ref({ Length: profile.length, N: 3 });
  profileRef.write(profile);
  profileRef.end(undefined);
  const intent = doc.ref({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputCondition: new String('sRGB IEC61966-2.1'),
    OutputConditionIdentifier: new String('sRGB IEC61966-2.1'),
    RegistryName: new String('http://www.color.org'),
    Info: new String('sRGB IEC61966-2.1'),
    DestOutputProfile: profileRef,
  });
  intent.end(undefined);
  const root = (doc as unknown as { _root: { data: Record<string, unknown> } })._root;
  root.data.OutputIntents = [intent];
  nameSubsets(target);
  doc.end();
  return target.done;
}
