// The book's quotation marks, one rule for every page (story, closing page, dedication
// suggestions, back cover): Latvian „…”, British ‘…’, American “…”. The story texts (text-*.ts)
// are written with these marks; tests/book/family.test.ts checks every page of each language
// uses no other, and anything the book quotes itself goes through quote().

import type { BookLanguage } from '../types.ts';

export const QUOTE_MARKS: Record<BookLanguage, { open: string; close: string }> = {
  lv: { open: '„', close: '”' },
  'en-gb': { open: '‘', close: '’' },
  'en-us': { open: '“', close: '”' },
};

/** `text` in the language's quotation marks. */
export function quote(language: BookLanguage, text: string): string {
  const { open, close } = QUOTE_MARKS[language];
  return `${open}${text}${close}`;
}
