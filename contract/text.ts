/**
 * One rule for text at the edge of the API: no string anywhere in a request (body fields at any
 * depth, object keys, query parameters) may hold characters that cannot be stored or printed.
 * Refused: C0 control characters except tab and the line breaks (NUL included, which PostgreSQL
 * cannot store), DEL, the C1 controls except next line, and lone UTF-16 surrogates (not Unicode
 * text: they would be stored as U+FFFD, not as sent). The line breaks are text: line feed, carriage
 * return, vertical tab, form feed and next line (U+0085), as Unicode counts them (line and paragraph
 * separators are not controls); a dedication counts its lines by every one of them. The server
 * answers 400 with a field error at the string's dotted path (`child.name`,
 * `Responses.0.ResponseText`, `query.country`).
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNPRINTABLE_MESSAGE = 'This text contains characters that cannot be stored or printed (control characters).';

/** True when `text` holds a character the rule refuses. */
export function hasUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text);
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
    const entries = Array.isArray(node) ? node.map((item, index) => [String(index), item] as const) : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasUnprintable(key)) found.push(path || 'body');
      walk(child, childPath, depth + 1);
    }
  };
  walk(value, prefix, 0);
  return found;
}
