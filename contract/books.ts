/** The books the shop sells, by their path name (/personalize/{bookName}). */
export const BOOK_NAMES = ['football_story'] as const;
export type BookName = (typeof BOOK_NAMES)[number];

/** Whether a path segment names a book the shop sells. */
export const isBookName = (name: string | undefined): name is BookName =>
  (BOOK_NAMES as readonly (string | undefined)[]).includes(name);
