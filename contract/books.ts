/** The books the shop sells, by their path name (/personalize/{bookName}). */
export const BOOK_NAMES = ['football_story'] as const;
export type BookName = (typeof BOOK_NAMES)[number];
