// The identity of a print PDF and its PDF/X-4 metadata: the XMP packet (document and instance
// ids, rendition class, dates, Trapped, the PDF/X version, the title), the trailer's /ID that
// matches it, and the font subset tags (six letters derived from the subset's contents and the
// book, so two books imposed in one job never share a font name).
//
// Ids: the DocumentID is a UUID from a hash of the book's key (the order item, or the book's
// contents) and the file's kind, so a file made again for the same book keeps its DocumentID; the
// InstanceID is new each time a file is made. The trailer's /ID is [DocumentID, InstanceID] as
// 16 bytes each, the same hex digits as the XMP's uuids.

import { createHash, randomUUID } from 'node:crypto';

/** The three print files of a book, the screen PDF of its digital edition, and the two of an
 * order's parcel (the gift card and the packing slip). */
export type PrintFileKind =
  'interior' | 'endpapers' | 'cover' | 'screen' | 'gift-card' | 'packing-slip';

/**
 * The version of the print files' making (xmpMM:VersionID): the book's edition whose art and
 * layout they carry. Bump it when the printed book changes.
 */
export const PRINT_VERSION = '3';

export interface PrintIdentity {
  /** Title in the Info dictionary and dc:title (the printer's job list). */
  title: string;
  /** A stable key of the book: the order item, or a hash of what is printed. Never printed. */
  bookKey: string;
  kind: PrintFileKind;
  /** When the file is made (CreationDate, ModDate, xmp dates); now when missing. */
  made?: Date;
}

/** What the PDF writer needs: the ids as uuids and their 16 bytes, and the date (whole seconds). */
export interface PrintIds {
  documentId: string;
  instanceId: string;
  documentIdBytes: Uint8Array;
  instanceIdBytes: Uint8Array;
  made: Date;
}

function uuidFromHash(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  // RFC 9562 version 5 layout (name-based, SHA hash): version and variant bits.
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidBytes = (uuid: string) => new Uint8Array(Buffer.from(uuid.replace(/-/g, ''), 'hex'));

/** The stable DocumentID of one print file of one book. */
export function documentIdOf(bookKey: string, kind: PrintFileKind): string {
  return uuidFromHash(
    createHash('sha256').update(`storymade print file\n${bookKey}\n${kind}`).digest(),
  );
}

export function printIdsOf(identity: PrintIdentity): PrintIds {
  const documentId = documentIdOf(identity.bookKey, identity.kind);
  const instanceId = randomUUID();
  const made = new Date(Math.floor((identity.made ?? new Date()).getTime() / 1000) * 1000);
  return {
    documentId,
    instanceId,
    documentIdBytes: uuidBytes(documentId),
    instanceIdBytes: uuidBytes(instanceId),
    made,
  };
}

/** Text for XML content. */
export function xmlText(value: string): string {
  return (
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // Characters XML 1.0 does not allow (C0 controls but tab and line breaks).
      .replace(/\p{Cc}/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ''))
  );
}

const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The XMP properties of a PDF/X-4 print file (the rdf:Description elements; pdfkit wraps them in
 * the x:xmpmeta packet). Every Info entry has its XMP twin with the same value.
 */
export function printXmp(
  identity: PrintIdentity,
  ids: PrintIds,
  tools: { creator: string; producer: string },
): string {
  const date = xmpDate(ids.made);
  return `<rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
  <xmp:CreateDate>${date}</xmp:CreateDate>
  <xmp:ModifyDate>${date}</xmp:ModifyDate>
  <xmp:MetadataDate>${date}</xmp:MetadataDate>
  <xmp:CreatorTool>${xmlText(tools.creator)}</xmp:CreatorTool>
  <xmpMM:DocumentID>uuid:${ids.documentId}</xmpMM:DocumentID>
  <xmpMM:InstanceID>uuid:${ids.instanceId}</xmpMM:InstanceID>
  <xmpMM:VersionID>${PRINT_VERSION}</xmpMM:VersionID>
  <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
  <dc:format>application/pdf</dc:format>
  <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(identity.title)}</rdf:li></rdf:Alt></dc:title>
  <dc:creator><rdf:Seq><rdf:li>Storymade</rdf:li></rdf:Seq></dc:creator>
  <pdf:Producer>${xmlText(tools.producer)}</pdf:Producer>
  <pdf:Trapped>False</pdf:Trapped>
  <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
</rdf:Description>`;
}

/**
 * The six capital letters of a font subset's name (`ABCDEF+Andika-Regular`), from the book's key,
 * the font and the glyphs in the subset: two books with different subsets get different names,
 * the same book the same name each time.
 */
export function subsetTag(bookKey: string, fontName: string, glyphIds: readonly number[]): string {
  const glyphs = [...new Set(glyphIds)].sort((a, b) => a - b).join(',');
  const digest = createHash('sha256').update(`${bookKey}\n${fontName}\n${glyphs}`).digest();
  // 26^6 names from the first 5 bytes (2^40 > 26^6).
  let value = digest.readUIntBE(0, 5);
  let tag = '';
  for (let i = 0; i < 6; i += 1) {
    tag += String.fromCharCode(65 + (value % 26));
    value = Math.floor(value / 26);
  }
  return tag;
}
