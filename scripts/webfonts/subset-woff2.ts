// A TTF made smaller for the browser without changing a single glyph id, written as WOFF2.
//
// The book's fonts carry far more than the book draws (Andika: Cyrillic, Greek, IPA and dozens of
// character variants; Baloo 2: Devanagari). A subsetter that renumbers glyphs must rewrite GSUB,
// GPOS and cmap too (hb-subset's job, not in node_modules). This one keeps every table and every
// glyph id and empties the outlines of the glyphs the book cannot reach: those of characters outside
// `keep`, of features browsers never apply by default, and their hinting. The layout tables stay
// whole, so the browser shapes the kept text exactly as the full font does (kerning, ligatures).
//
// WOFF2 (W3C): the tables brotli-compressed in one stream, glyf and loca with the 'null transform'
// (transform version 3), which every WOFF2 decoder reads. node:zlib has brotli.
import { brotliCompressSync, constants } from 'node:zlib';
import * as fontkit from 'fontkit';

interface Table {
  tag: string;
  data: Buffer;
}

function readTables(ttf: Buffer): Map<string, Buffer> {
  const count = ttf.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = ttf.toString('latin1', at, at + 4);
    const offset = ttf.readUInt32BE(at + 8);
    const length = ttf.readUInt32BE(at + 12);
    tables.set(tag, ttf.subarray(offset, offset + length));
  }
  return tables;
}

/** The default GSUB features a browser applies to Latin text (plus locl for lv/en). */
const DEFAULT_FEATURES = new Set(['ccmp', 'locl', 'rlig', 'liga', 'clig', 'calt', 'rclt']);

type Loose = Record<string, unknown>;
const items = (value: unknown): unknown[] => {
  if (!value) return [];
  const list = value as { toArray?: () => unknown[] };
  if (typeof list.toArray === 'function') return list.toArray();
  return Array.isArray(value) ? value : Object.values(value as Loose);
};

function coverageGlyphs(coverage: unknown): number[] {
  const c = coverage as Loose;
  if (!c) return [];
  if (c.version === 1) return items(c.glyphs) as number[];
  const out: number[] = [];
  for (const range of items(c.rangeRecords) as { start: number; end: number }[]) {
    for (let g = range.start; g <= range.end; g++) out.push(g);
  }
  return out;
}

/** Every lookupListIndex found inside a contextual subtable (the lookups it may call). */
function calledLookups(value: unknown, found: Set<number>, depth = 0): void {
  if (!value || typeof value !== 'object' || depth > 6) return;
  const record = value as Loose;
  if (typeof record.lookupListIndex === 'number') found.add(record.lookupListIndex);
  for (const [key, child] of Object.entries(record)) {
    if (
      key === 'ctx' ||
      key === 'parent' ||
      key.endsWith('Coverage') ||
      key === 'coverage' ||
      key === 'coverages'
    )
      continue;
    if (child && typeof child === 'object')
      for (const item of items(child)) calledLookups(item, found, depth + 1);
  }
}

/**
 * The glyphs the browser can draw for text made of `codePoints`: their cmap glyphs, what the
 * default features substitute for them (to a fixed point), and the components of composites.
 */
function reachableGlyphs(
  font: fontkit.Font,
  codePoints: number[],
  glyf: Buffer,
  loca: number[],
): Set<number> {
  const keep = new Set<number>([0]);
  for (const cp of codePoints) {
    if (font.hasGlyphForCodePoint(cp)) keep.add(font.glyphForCodePoint(cp).id);
  }
  const gsub = (font as unknown as { GSUB?: Loose }).GSUB;
  if (gsub) {
    const lookups = items((gsub.lookupList as Loose | undefined) ?? []) as Loose[];
    const active = new Set<number>();
    for (const feature of items(gsub.featureList) as {
      tag: string;
      feature: { lookupListIndexes: number[] };
    }[]) {
      if (DEFAULT_FEATURES.has(feature.tag))
        for (const index of items(feature.feature.lookupListIndexes) as number[]) active.add(index);
    }
    for (let grew = true; grew;) {
      grew = false;
      const add = (glyph: number) => {
        if (!keep.has(glyph)) {
          keep.add(glyph);
          grew = true;
        }
      };
      for (const index of [...active]) {
        const lookup = lookups[index];
        if (!lookup) continue;
        for (let sub of items(lookup.subTables) as Loose[]) {
          let type = lookup.lookupType as number;
          if (type === 7) {
            type = sub.lookupType as number;
            sub = sub.extension as Loose;
          }
          const covered = coverageGlyphs(sub.coverage);
          if (type === 1) {
            covered.forEach((glyph, i) => {
              if (!keep.has(glyph)) return;
              if (sub.version === 1) add((glyph + (sub.deltaGlyphID as number)) & 0xffff);
              else add((items(sub.substitute) as number[])[i]!);
            });
          } else if (type === 2) {
            covered.forEach((glyph, i) => {
              if (keep.has(glyph)) (items(items(sub.sequences)[i]) as number[]).forEach(add);
            });
          } else if (type === 4) {
            covered.forEach((glyph, i) => {
              if (!keep.has(glyph)) return;
              for (const ligature of items(items(sub.ligatureSets)[i]) as {
                glyph: number;
                components: number[];
              }[]) {
                if (items(ligature.components).every((c) => keep.has(c as number)))
                  add(ligature.glyph);
              }
            });
          } else if (type === 5 || type === 6 || type === 8) {
            const called = new Set<number>();
            calledLookups(sub, called);
            for (const callee of called) {
              if (!active.has(callee)) {
                active.add(callee);
                grew = true;
              }
            }
          }
        }
      }
    }
  }
  // Composite glyphs are drawn from other glyphs ('ā' = 'a' + a macron): keep those too.
  const stack = [...keep];
  while (stack.length > 0) {
    const glyph = stack.pop()!;
    const start = loca[glyph]!;
    if (loca[glyph + 1]! - start < 10 || glyf.readInt16BE(start) >= 0) continue;
    let at = start + 10;
    for (;;) {
      const flags = glyf.readUInt16BE(at);
      const component = glyf.readUInt16BE(at + 2);
      if (!keep.has(component)) {
        keep.add(component);
        stack.push(component);
      }
      at += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
      if (!(flags & 0x20)) break;
    }
  }
  return keep;
}

function readLoca(tables: Map<string, Buffer>): { offsets: number[]; long: boolean } {
  const head = tables.get('head')!;
  const numGlyphs = tables.get('maxp')!.readUInt16BE(4);
  const long = head.readInt16BE(50) === 1;
  const loca = tables.get('loca')!;
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) =>
    long ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2,
  );
  return { offsets, long };
}

/**
 * A cmap of the kept characters only (format 4, Unicode BMP, for both the Unicode and the Windows
 * platform): the browser reaches no other character through it (font-coverage.ts sends pages with
 * any other to the server), and the full fonts' maps of Cyrillic and Devanagari were the largest
 * part left. Glyph ids are the full font's.
 */
function cmapOf(font: fontkit.Font, codePoints: number[]): Buffer {
  const pairs = codePoints
    .filter((cp) => cp <= 0xfffe)
    .map((cp) => [cp, font.hasGlyphForCodePoint(cp) ? font.glyphForCodePoint(cp).id : 0] as const)
    .filter(([, id]) => id !== 0)
    .sort((a, b) => a[0] - b[0]);
  // Runs where the character and the glyph id both go up by one share a segment (one idDelta).
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [cp, id] of pairs) {
    const last = segments[segments.length - 1];
    if (last && cp === last.end + 1 && ((id - cp) & 0xffff) === last.delta) last.end = cp;
    else segments.push({ start: cp, end: cp, delta: (id - cp) & 0xffff });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const count = segments.length;
  const power = 2 ** Math.floor(Math.log2(count));
  const sub = Buffer.alloc(16 + count * 8);
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(count * 2, 6);
  sub.writeUInt16BE(power * 2, 8);
  sub.writeUInt16BE(Math.log2(power), 10);
  sub.writeUInt16BE(count * 2 - power * 2, 12);
  segments.forEach((seg, i) => {
    sub.writeUInt16BE(seg.end, 14 + i * 2);
    sub.writeUInt16BE(seg.start, 16 + count * 2 + i * 2);
    sub.writeUInt16BE(seg.delta, 16 + count * 4 + i * 2);
    sub.writeUInt16BE(0, 16 + count * 6 + i * 2);
  });
  const head = Buffer.alloc(4 + 2 * 8);
  head.writeUInt16BE(0, 0);
  head.writeUInt16BE(2, 2);
  [
    [0, 3],
    [3, 1],
  ].forEach(([platform, encoding], i) => {
    head.writeUInt16BE(platform!, 4 + i * 8);
    head.writeUInt16BE(encoding!, 6 + i * 8);
    head.writeUInt32BE(head.length, 8 + i * 8);
  });
  return Buffer.concat([head, sub]);
}

/** The font's names (family, style, full, PostScript, version, copyright), Windows platform only. */
function nameOf(font: fontkit.Font): Buffer {
  const names: [number, string][] = [
    [0, font.copyright ?? ''],
    [1, font.familyName],
    [2, font.subfamilyName],
    [4, font.fullName],
    [5, font.version !== undefined ? String(font.version) : ''],
    [6, font.postscriptName],
  ].filter((entry): entry is [number, string] => !!entry[1]);
  const strings = names.map(([, text]) => Buffer.from(text, 'utf16le').swap16());
  const table = Buffer.alloc(6 + names.length * 12);
  table.writeUInt16BE(0, 0);
  table.writeUInt16BE(names.length, 2);
  table.writeUInt16BE(table.length, 4);
  let offset = 0;
  names.forEach(([id], i) => {
    const at = 6 + i * 12;
    table.writeUInt16BE(3, at);
    table.writeUInt16BE(1, at + 2);
    table.writeUInt16BE(0x409, at + 4);
    table.writeUInt16BE(id, at + 6);
    table.writeUInt16BE(strings[i]!.length, at + 8);
    table.writeUInt16BE(offset, at + 10);
    offset += strings[i]!.length;
  });
  return Buffer.concat([table, ...strings]);
}

/** hmtx with the advances and side bearings of the emptied glyphs zeroed (nothing draws them). */
function hmtxOf(tables: Map<string, Buffer>, keep: Set<number>): Buffer {
  const hmtx = Buffer.from(tables.get('hmtx')!);
  const metrics = tables.get('hhea')!.readUInt16BE(34);
  const glyphs = tables.get('maxp')!.readUInt16BE(4);
  for (let glyph = 0; glyph < glyphs; glyph++) {
    if (keep.has(glyph)) continue;
    if (glyph < metrics) hmtx.writeUInt32BE(0, glyph * 4);
    else hmtx.writeInt16BE(0, metrics * 4 + (glyph - metrics) * 2);
  }
  return hmtx;
}

/** The tables of the smaller font: kept glyphs unchanged, the others empty, glyph names dropped. */
export function subsetTables(
  ttf: Buffer,
  codePoints: number[],
): { tables: Table[]; kept: number; glyphs: number } {
  const tables = readTables(ttf);
  const font = fontkit.create(ttf) as fontkit.Font;
  const glyf = tables.get('glyf')!;
  const { offsets, long } = readLoca(tables);
  const keep = reachableGlyphs(font, codePoints, glyf, offsets);

  const parts: Buffer[] = [];
  const newOffsets: number[] = [0];
  let size = 0;
  for (let glyph = 0; glyph < offsets.length - 1; glyph++) {
    if (keep.has(glyph)) {
      const data = glyf.subarray(offsets[glyph]!, offsets[glyph + 1]!);
      const padded = Buffer.alloc(data.length + ((4 - (data.length % 4)) % 4));
      data.copy(padded);
      parts.push(padded);
      size += padded.length;
    }
    newOffsets.push(size);
  }
  const loca = Buffer.alloc(newOffsets.length * (long ? 4 : 2));
  newOffsets.forEach((offset, i) =>
    long ? loca.writeUInt32BE(offset, i * 4) : loca.writeUInt16BE(offset / 2, i * 2),
  );
  // post version 3: no glyph names (the browser never reads them).
  const post = Buffer.from(tables.get('post')!.subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  const out = new Map(tables);
  out.set('glyf', Buffer.concat(parts));
  out.set('loca', loca);
  out.set('post', post);
  out.set('cmap', cmapOf(font, codePoints));
  out.set('name', nameOf(font));
  out.set('hmtx', hmtxOf(tables, keep));
  for (const tag of ['DSIG', 'hdmx', 'LTSH', 'VDMX']) out.delete(tag);
  return {
    tables: [...out].map(([tag, data]) => ({ tag, data })),
    kept: keep.size,
    glyphs: offsets.length - 1,
  };
}

const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx ' +
  'BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty ' +
  'just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}\s?/g)!
  .map((tag) => tag.slice(0, 4));

function base128(value: number): Buffer {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift(0x80 | (rest & 0x7f));
  return Buffer.from(bytes);
}

const pad4 = (n: number) => (n + 3) & ~3;

/** A WOFF2 file of the tables (glyf and loca untransformed). */
export function woff2Of(tables: Table[]): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  // loca right after glyf, as the format's decoders expect.
  const loca = sorted.findIndex((t) => t.tag === 'loca');
  const [locaTable] = sorted.splice(loca, 1);
  sorted.splice(sorted.findIndex((t) => t.tag === 'glyf') + 1, 0, locaTable!);

  const directory: Buffer[] = [];
  for (const { tag, data } of sorted) {
    const known = KNOWN_TAGS.indexOf(tag);
    const transform = tag === 'glyf' || tag === 'loca' ? 3 : 0;
    directory.push(Buffer.from([(known >= 0 ? known : 63) | (transform << 6)]));
    if (known < 0) directory.push(Buffer.from(tag, 'latin1'));
    directory.push(base128(data.length));
  }
  const compressed = brotliCompressSync(Buffer.concat(sorted.map((t) => t.data)), {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_FONT,
    },
  });
  const totalSfntSize =
    12 + 16 * sorted.length + sorted.reduce((sum, t) => sum + pad4(t.data.length), 0);
  const dir = Buffer.concat(directory);
  const length = pad4(48 + dir.length + compressed.length);
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(length, 8);
  header.writeUInt16BE(sorted.length, 12);
  header.writeUInt32BE(totalSfntSize, 16);
  header.writeUInt32BE(compressed.length, 20);
  header.writeUInt16BE(1, 24);
  const file = Buffer.alloc(length);
  Buffer.concat([header, dir, compressed]).copy(file);
  return file;
}

/** The tables as a plain TTF again (to check the subset with a font reader). */
export function ttfOf(tables: Table[]): Buffer {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const header = Buffer.alloc(12 + 16 * sorted.length);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(sorted.length, 4);
  const bodies: Buffer[] = [];
  let offset = header.length;
  sorted.forEach(({ tag, data }, i) => {
    const at = 12 + 16 * i;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.alloc(pad4(data.length));
    data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}
