// The book's quotation marks, one rule for every page (story, closing page, dedication
// suggestions, back cover) and the shop's pages and mails: Latvian „…”, British ‘…’, American “…”,
// from book/typography.ts. The story texts (text-*.ts) are written with these marks;
// tests/book/family.test.ts checks every page of each language uses no other, and anything the
// book quotes itself goes through quote().

import { quoteMarks, quoted } from '#book/typography.ts';
import { BOOK_LANGUAGES, type BookLanguage } from '#book/types.ts';

export const QUOTE_MARKS = Object.fromEntries(
  BOOK_LANGUAGES.map((language) => [
    language,
    { open: quoteMarks(language).open, close: quoteMarks(language).close },
  ]),
) as Record<BookLanguage, { open: string; close: string }>;

/** `text` in the language's quotation marks. */
export function quote(language: BookLanguage, text: string): string {
  return quoted(text, language);
}
