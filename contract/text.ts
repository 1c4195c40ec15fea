/**
 * One rule for text at the edge of the API: no string anywhere in a request (body fields at any
 * depth, object keys, query parameters) may hold characters that cannot be stored, or that would
 * make it read otherwise than it is stored. The server answers 400 with a field error at the
 * string's dotted path (`child.name`, `Responses.0.ResponseText`, `query.country`). Refused:
 *
 * - control characters: C0 except tab and the line breaks (NUL included, which PostgreSQL cannot
 *   store), DEL, the C1 controls except next line, and lone UTF-16 surrogates (not Unicode text:
 *   they would be stored as U+FFFD, not as sent). The line breaks are text: line feed, carriage
 *   return, vertical tab, form feed and next line (U+0085), as Unicode counts them (line and
 *   paragraph separators are not controls); a dedication counts its lines by every one of them;
 * - bidirectional controls, which reorder what follows them (`Anna<U+202E>gnp.exe` reads
 *   `Annaexe.png`): the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and
 *   the invisible direction marks U+200E, U+200F and U+061C. No name, address or message in the
 *   shop's languages needs them, and a right-to-left name typed on a keyboard has none;
 * - invisible characters that no script needs, with which two texts that read the same differ
 *   (or a word hides inside another): zero width space U+200B, word joiner U+2060, the invisible
 *   operators U+2061–U+2064, the deprecated format characters U+206A–U+206F, the byte order mark
 *   U+FEFF, the soft hyphen U+00AD (shown only at a line break: `An<U+00AD>na` reads `Anna` but is
 *   not; a pasted word processor hyphen is refused with a message the writer can act on), the
 *   Mongolian vowel separator U+180E, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 (blank
 *   'letters' used to make empty-looking names), the interlinear annotation marks U+FFF9–U+FFFB,
 *   the shorthand format controls U+1BCA0–U+1BCA3, and tag characters U+E0000–U+E007F except in an
 *   emoji flag (🏴 followed by tags and the cancel tag: the flags of England, Scotland, Wales).
 *
 * Kept, because scripts need them: zero width joiner U+200D (emoji sequences, Indic conjuncts) and
 * zero width non-joiner U+200C (Persian, German ligature breaks), the variation selectors (emoji
 * and text presentation), the combining grapheme joiner and every combining mark.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uD82F[\uDCA0-\uDCA3]|\uDB40[\uDC00-\uDC7F]/;

/** An emoji tag sequence (a subdivision flag): the only place tag characters are text. */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

export const UNPRINTABLE_MESSAGE =
  'This text contains characters that cannot be stored or that change how it reads (control, text direction or invisible characters). Please type it again without them.';

/** True when `text` holds a character the rule refuses. */
export function hasUnprintable(text: string): boolean {
  if (!UNPRINTABLE.test(text)) return false;
  return UNPRINTABLE.test(text.replace(EMOJI_TAG_SEQUENCE, ''));
}

const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'g');
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /[\n\r\t\u000B\u000C\u0085\u2028\u2029]+/g;

/**
 * `text` as one clean line, for a mail subject or any header built from stored text: every
 * character the rule refuses removed (text stored before the rule existed may hold them), line
 * breaks and tabs made one space, spaces around trimmed.
 */
export function cleanLine(text: string): string {
  const clean = (part: string) => part.replace(LINE_BREAKS, ' ').replace(UNPRINTABLE_ALL, '');
  let out = '';
  let last = 0;
  for (const flag of text.matchAll(EMOJI_TAG_SEQUENCE)) {
    out += clean(text.slice(last, flag.index)) + flag[0];
    last = flag.index + flag[0].length;
  }
  return (out + clean(text.slice(last))).replace(/ {2,}/g, ' ').trim();
}

/** Nesting deeper than this is refused as a whole (no contract nests more than 4 levels). */
const MAX_DEPTH = 32;

/**
 * The dotted paths of every string (or key) in `value` that breaks the rule, at most `limit` of
 * them; `''` for the value itself. Also reports nesting deeper than any contract uses.
 */
export function unprintablePaths(value: unknown, prefix = '', limit = 20): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      if (hasUnprintable(node)) found.push(path || 'body');
      return;
    }
    if (node === null || typeof node !== 'object') return;
    if (depth > MAX_DEPTH) {
      found.push(path || 'body');
      return;
    }
    const entries = Array.isArray(node)
      ? node.map((item, index) => [String(index), item] as const)
      : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnprintable(key)) found.push(path || 'body');
      walk(child, childPath, depth + 1);
    }
  };
  walk(value, prefix, 0);
  return found;
}
