// Escaping for text placed inside SVG/XML. Everything a user typed (the child's name, the
// dedication) goes through escapeXml before it reaches an SVG string.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Characters XML 1.0 allows: tab, newline, return, U+0020-U+D7FF, U+E000-U+FFFD, U+10000 up. */
function allowedInXml(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    codePoint >= 0x10000
  );
}

/**
 * Escapes text for use in XML character data or a quoted attribute value. Characters that XML 1.0
 * forbids (C0 controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF) are dropped,
 * because a parser rejects the whole document otherwise.
 */
export function escapeXml(text: string): string {
  let out = '';
  for (const ch of text) {
    // A lone surrogate iterates as one UTF-16 unit in the surrogate range, which is not allowed.
    if (!allowedInXml(ch.codePointAt(0)!)) continue;
    out += ENTITIES[ch] ?? ch;
  }
  return out;
}
