import { BOOK_LANGUAGES, type BookLanguage } from '#book/types.ts';
import type { Language } from './languages.ts';
import { session } from './storage.ts';

/** sessionStorage key of the book language picked on the product page ('lv', 'en-gb' or 'en-us'). */
const BOOK_LANGUAGE_KEY = 'bookLanguage';

const isBookLanguage = (value: unknown): value is BookLanguage =>
  (BOOK_LANGUAGES as readonly unknown[]).includes(value);

/** The book language in the session, else the one matching the interface language. */
export function readBookLanguage(interfaceLanguage: Language): BookLanguage {
  const stored = session.get(BOOK_LANGUAGE_KEY);
  if (isBookLanguage(stored)) return stored;
  return interfaceLanguage.toLowerCase() as BookLanguage;
}

export function storeBookLanguage(language: BookLanguage): void {
  // Blocked storage: the personalisation falls back to the interface language.
  session.set(BOOK_LANGUAGE_KEY, language);
}
