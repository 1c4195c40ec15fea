// The shop's languages, defined once for every side (issue #35): the shop's pages and API
// (contract/markets.ts re-exports these; the one import contract/ makes from book/), the book's
// words, the preview API, the build's prerendered pages.

/** The shop's languages as its pages name them. en-GB is the default, en-US the fallback. */
export const LANGUAGES = ['lv', 'en-GB', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-GB';

/** A book's language as the API receives it: the shop's language lowercased ('en-gb'). */
export type BookLanguage = Lowercase<Language>;

/** The book's language of a shop language ('en-GB' -> 'en-gb'). */
export function bookLanguageOf(language: Language): BookLanguage {
  return language.toLowerCase() as BookLanguage;
}

/** The book's languages, in the shop's order. */
export const BOOK_LANGUAGES: readonly BookLanguage[] = LANGUAGES.map(bookLanguageOf);
