import { BOOK_LANGUAGES, type BookLanguage } from '#book/types.ts';
import type { Language } from './languages.ts';

/** sessionStorage key of the book language picked on the product page ('lv', 'en-gb' or 'en-us'). */
export const BOOK_LANGUAGE_KEY = 'bookLanguage';

const isBookLanguage = (value: unknown): value is BookLanguage => (BOOK_LANGUAGES as readonly unknown[]).includes(value);

/** The book language in the session, else the one matching the interface language. */
export function readBookLanguage(interfaceLanguage: Language): BookLanguage {
  try {
    const stored = sessionStorage.getItem(BOOK_LANGUAGE_KEY);
    if (isBookLanguage(stored)) return stored;
  } catch {
    // Storage can be blocked; fall through to the interface language.
  }
  return interfaceLanguage.toLowerCase() as BookLanguage;
}

export function storeBookLanguage(language: BookLanguage): void {
  try {
    sessionStorage.setItem(BOOK_LANGUAGE_KEY, language);
  } catch {
    // Blocked storage: the personalisation falls back to the interface language.
  }
}
