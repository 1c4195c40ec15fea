// Escaping for text placed inside SVG/XML. Everything a user typed (the child's name, the
// dedication) goes through escapeXml before it reaches an SVG string.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Escapes text for use in XML character data or a quoted attribute value. Characters that XML 1.0
 * forbids (C0 controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF) are dropped,
 * because a parser rejects the whole document otherwise.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
