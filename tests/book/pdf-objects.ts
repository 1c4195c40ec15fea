// A small reader of PDF files for tests: the cross-reference table, the trailer, objects by
// number (dictionaries, arrays, names, strings, numbers, references) and their streams (Flate
// decoded). Enough to read what pdfkit writes (a classic xref table, no object streams) the way a
// preflight reads it: from startxref, object by object, never by searching the text.
import { inflateSync } from 'node:zlib';

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfString {
  constructor(readonly bytes: Buffer) {}
  get text(): string {
    // UTF-16BE with a byte-order mark, or PDFDocEncoding (read as Latin-1 here).
    if (this.bytes[0] === 0xfe && this.bytes[1] === 0xff) {
      const swapped = Buffer.from(this.bytes.subarray(2));
      swapped.swap16();
      return swapped.toString('utf16le');
    }
    return this.bytes.toString('latin1');
  }
}
export class PdfRef {
  constructor(readonly num: number) {}
}
export type PdfValue =
  number | boolean | null | PdfName | PdfString | PdfRef | PdfValue[] | PdfDict;
export type PdfDict = Map<string, PdfValue>;

export interface PdfObject {
  value: PdfValue;
  /** The stream's raw bytes, when the object is a stream. */
  raw?: Buffer;
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

class Parser {
  constructor(
    private readonly buf: Buffer,
    public pos: number,
  ) {}

  skip(): void {
    for (;;) {
      while (this.pos < this.buf.length && WHITE.has(this.buf[this.pos]!)) this.pos += 1;
      if (this.buf[this.pos] !== 0x25) return; // %
      while (
        this.pos < this.buf.length &&
        this.buf[this.pos] !== 0x0a &&
        this.buf[this.pos] !== 0x0d
      )
        this.pos += 1;
    }
  }

  private word(): string {
    const start = this.pos;
    while (
      this.pos < this.buf.length &&
      !WHITE.has(this.buf[this.pos]!) &&
      !DELIM.has(this.buf[this.pos]!)
    )
      this.pos += 1;
    return this.buf.toString('latin1', start, this.pos);
  }

  keyword(expected: string): void {
    this.skip();
    const got = this.word();
    if (got !== expected) throw new Error(`expected ${expected} at ${this.pos}, got '${got}'`);
  }

  value(): PdfValue {
    this.skip();
    const c = this.buf[this.pos];
    if (c === undefined) throw new Error('unexpected end of file');
    if (c === 0x3c && this.buf[this.pos + 1] === 0x3c) return this.dict();
    if (c === 0x3c) return this.hex();
    if (c === 0x28) return this.literal();
    if (c === 0x2f) {
      this.pos += 1;
      return new PdfName(
        this.word().replace(/#([0-9a-f]{2})/gi, (_, h: string) =>
          String.fromCharCode(parseInt(h, 16)),
        ),
      );
    }
    if (c === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (this.buf[this.pos] === 0x5d) {
          this.pos += 1;
          return items;
        }
        items.push(this.value());
      }
    }
    const token = this.word();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token))
      throw new Error(`bad token '${token}' at ${this.pos}`);
    // A reference: "num gen R".
    if (/^\d+$/.test(token)) {
      const save = this.pos;
      this.skip();
      const gen = this.word();
      this.skip();
      if (/^\d+$/.test(gen) && this.buf[this.pos] === 0x52 /* R */) {
        this.pos += 1;
        return new PdfRef(Number(token));
      }
      this.pos = save;
    }
    return Number(token);
  }

  private dict(): PdfDict {
    this.pos += 2;
    const map: PdfDict = new Map();
    for (;;) {
      this.skip();
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return map;
      }
      const key = this.value();
      if (!(key instanceof PdfName)) throw new Error(`dictionary key is not a name at ${this.pos}`);
      map.set(key.name, this.value());
    }
  }

  private hex(): PdfString {
    const end = this.buf.indexOf(0x3e, this.pos);
    const digits = this.buf.toString('latin1', this.pos + 1, end).replace(/\s+/g, '');
    this.pos = end + 1;
    return new PdfString(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'));
  }

  private literal(): PdfString {
    this.pos += 1;
    const out: number[] = [];
    let depth = 1;
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
    while (this.pos < this.buf.length) {
      const c = this.buf[this.pos++]!;
      if (c === 0x5c) {
        const e = this.buf[this.pos++]!;
        const ch = String.fromCharCode(e);
        if (ch in escapes) out.push(escapes[ch]!);
        else if (e >= 0x30 && e <= 0x37) {
          let octal = ch;
          while (octal.length < 3 && this.buf[this.pos]! >= 0x30 && this.buf[this.pos]! <= 0x37)
            octal += String.fromCharCode(this.buf[this.pos++]!);
          out.push(parseInt(octal, 8) & 0xff);
        } else if (e === 0x0d || e === 0x0a) {
          if (e === 0x0d && this.buf[this.pos] === 0x0a) this.pos += 1;
        } else out.push(e);
        continue;
      }
      if (c === 0x28) depth += 1;
      if (c === 0x29 && --depth === 0) break;
      out.push(c);
    }
    return new PdfString(Buffer.from(out));
  }
}

export class PdfFile {
  readonly header: string;
  readonly trailer: PdfDict;
  /** Object number -> byte offset, in-use entries of the xref table. */
  readonly offsets = new Map<number, number>();
  private readonly cache = new Map<number, PdfObject>();

  constructor(readonly buf: Buffer) {
    this.header = buf.toString('latin1', 0, buf.indexOf(0x0a));
    const tail = buf.toString('latin1', Math.max(0, buf.length - 64));
    const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
    if (!start) throw new Error('no startxref / %%EOF at the end');
    const parser = new Parser(buf, Number(start[1]));
    parser.keyword('xref');
    for (;;) {
      parser.skip();
      const next = buf[parser.pos] ?? 0;
      if (next < 0x30 || next > 0x39) break;
      const first = parser.value() as number;
      const count = parser.value() as number;
      parser.skip();
      for (let i = 0; i < count; i += 1) {
        const entry = buf.toString('latin1', parser.pos, parser.pos + 20);
        const match = /^(\d{10}) (\d{5}) ([nf])[ \r\n]{2}$/.exec(entry);
        if (!match) throw new Error(`bad xref entry '${entry}'`);
        if (match[3] === 'n') this.offsets.set(first + i, Number(match[1]));
        parser.pos += 20;
      }
    }
    parser.keyword('trailer');
    this.trailer = parser.value() as PdfDict;
  }

  /** The object `num`, checked to start with "num 0 obj" at its xref offset. */
  object(num: number): PdfObject {
    const cached = this.cache.get(num);
    if (cached) return cached;
    const offset = this.offsets.get(num);
    if (offset === undefined) throw new Error(`object ${num} is not in the xref table`);
    const parser = new Parser(this.buf, offset);
    const head = parser.value();
    if (head !== num) throw new Error(`xref offset of object ${num} points at '${String(head)}'`);
    parser.value();
    parser.keyword('obj');
    const value = parser.value();
    parser.skip();
    const object: PdfObject = { value };
    if (this.buf.toString('latin1', parser.pos, parser.pos + 6) === 'stream') {
      let start = parser.pos + 6;
      if (this.buf[start] === 0x0d) start += 1;
      if (this.buf[start] === 0x0a) start += 1;
      const length = this.resolve((value as PdfDict).get('Length') ?? null) as number;
      object.raw = this.buf.subarray(start, start + length);
      parser.pos = start + length;
      parser.keyword('endstream');
    }
    parser.keyword('endobj');
    this.cache.set(num, object);
    return object;
  }

  resolve(value: PdfValue | undefined): PdfValue {
    let current = value ?? null;
    while (current instanceof PdfRef) current = this.object(current.num).value;
    return current;
  }

  dict(value: PdfValue | undefined): PdfDict {
    const resolved = this.resolve(value);
    if (!(resolved instanceof Map)) throw new Error('not a dictionary');
    return resolved;
  }

  /** A stream's bytes, Flate-decoded when filtered. */
  streamOf(value: PdfValue | undefined): Buffer {
    if (!(value instanceof PdfRef)) throw new Error('a stream is always an indirect object');
    const object = this.object(value.num);
    if (!object.raw) throw new Error(`object ${value.num} is not a stream`);
    const filter = this.resolve((object.value as PdfDict).get('Filter'));
    if (filter === null) return object.raw;
    if (filter instanceof PdfName && filter.name === 'FlateDecode') return inflateSync(object.raw);
    throw new Error(`unexpected filter on object ${value.num}`);
  }

  get root(): PdfDict {
    return this.dict(this.trailer.get('Root'));
  }

  /** The page dictionaries in order, with inherited Resources and MediaBox filled in. */
  pages(): PdfDict[] {
    const out: PdfDict[] = [];
    const walk = (node: PdfDict, inherited: PdfDict) => {
      const own = new Map(inherited);
      for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate'])
        if (node.has(key)) own.set(key, node.get(key)!);
      const type = this.resolve(node.get('Type'));
      if (type instanceof PdfName && type.name === 'Pages') {
        for (const kid of this.resolve(node.get('Kids')) as PdfValue[]) walk(this.dict(kid), own);
      } else {
        out.push(new Map([...own, ...node]));
      }
    };
    walk(this.dict(this.root.get('Pages')), new Map());
    return out;
  }
}

export const nameOf = (value: PdfValue): string | undefined =>
  value instanceof PdfName ? value.name : undefined;
export const textOf = (value: PdfValue): string | undefined =>
  value instanceof PdfString ? value.text : undefined;
