// The rules for the child's name, as the shop accepts it and the book prints it.
//
// - Trimmed, runs of white space collapsed to one space, Unicode NFC (so 'a' + combining macron
//   becomes 'ā' and is measured as one letter).
// - At most MAX_NAME_LENGTH (24) characters after that, counted as Unicode code points. 24 fits
//   every double name we know of ('Anna-Marija Elizabete' is 21) and still fits the cover title
//   and every story line at the book's type sizes (tests/book/text.test.ts proves it with 24 W's).
// - Allowed: Unicode letters that both book fonts can draw, spaces, hyphens and apostrophes
//   (' or ’). Today that is the Latin script in full: every Latvian, English, Western, Central
//   and Northern European and Vietnamese letter (490 letters). Letters the fonts cannot draw
//   (Cyrillic and Greek, which Baloo 2 lacks; CJK, Arabic …) are refused with a clear reason
//   rather than printed as empty boxes. Adding a font with more scripts widens this by itself.
// - Starts and ends with a letter; no two separators in a row ("Anna--Marija", "O' Neill").
// - A part typed all in lower case gets a capital first letter ('jānis' -> 'Jānis'); anything
//   else is kept as typed ('McKenzie', 'DeShawn', 'O'Neill').

import { DRAWABLE_RANGES } from '#book/text/drawable.gen.ts';

export const MAX_NAME_LENGTH = 24;

type NameValidation = { ok: true; name: string } | { ok: false; reason: string };

const SEPARATORS = new Set([' ', '-', "'", '’']);

/**
 * Whether both book fonts draw the character: the ranges of the fonts' metrics
 * (font-metrics.gen.ts) without their widths, which would bring ~9 KB gzipped into the builder.
 */
function drawable(codePoint: number): boolean {
  return DRAWABLE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

/** Capitalises each space- or hyphen-separated part that was typed entirely in lower case. */
function capitaliseParts(name: string): string {
  return name.replace(/[^\s-]+/gu, (part) => {
    if (part !== part.toLocaleLowerCase() || part === part.toLocaleUpperCase()) return part;
    const [first = '', ...rest] = [...part];
    return first.toLocaleUpperCase() + rest.join('');
  });
}

/** Unicode NFC, runs of white space collapsed to one space, trimmed: every name the shop keeps. */
export function tidyName(name: string): string {
  return name.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** Trim, collapse white space, NFC, capitalise lower-case parts. Does not validate. */
export function normalizeChildName(name: string): string {
  return capitaliseParts(tidyName(name));
}

/** Checks and normalises a child's name typed by a parent. `reason` is an English sentence. */
export function validateChildName(name: string): NameValidation {
  if (typeof name !== 'string') return { ok: false, reason: 'Please enter a name.' };
  const normalized = normalizeChildName(name);
  const chars = [...normalized];
  if (chars.length === 0) return { ok: false, reason: 'Please enter a name.' };
  if (chars.length > MAX_NAME_LENGTH) {
    return { ok: false, reason: `The name can be at most ${MAX_NAME_LENGTH} characters long.` };
  }
  for (const ch of chars) {
    if (SEPARATORS.has(ch)) continue;
    if (!/^\p{L}$/u.test(ch)) {
      return {
        ok: false,
        reason: "The name can contain only letters, spaces, hyphens (-) and apostrophes (').",
      };
    }
    if (!drawable(ch.codePointAt(0)!)) {
      return { ok: false, reason: `The letter "${ch}" cannot be printed in this book yet.` };
    }
  }
  if (SEPARATORS.has(chars[0]!) || SEPARATORS.has(chars[chars.length - 1]!)) {
    return { ok: false, reason: 'The name must start and end with a letter.' };
  }
  for (let i = 1; i < chars.length; i += 1) {
    if (SEPARATORS.has(chars[i]!) && SEPARATORS.has(chars[i - 1]!)) {
      return {
        ok: false,
        reason: 'The name cannot have two spaces, hyphens or apostrophes in a row.',
      };
    }
  }
  return { ok: true, name: normalized };
}
