// English grammar for the child's name and pronouns.
//
// Possessive: one rule everywhere, the one most British and American style guides (Oxford,
// Chicago) give for singular names: add ’s, also after a final s ("James’s ball", "Lucas’s
// boots", "Ella’s kick"). The apostrophe is the typographic ’ used throughout the book.

import type { Gender } from '#book/types.ts';

export function englishPossessive(name: string): string {
  const upper = name.length > 1 && name === name.toUpperCase() && name !== name.toLowerCase();
  return `${name}’${upper ? 'S' : 's'}`;
}

interface EnglishPronouns {
  he: string;
  him: string;
  his: string;
  himself: string;
}

export function englishPronouns(gender: Gender): EnglishPronouns {
  return gender === 'girl'
    ? { he: 'she', him: 'her', his: 'her', himself: 'herself' }
    : { he: 'he', him: 'him', his: 'his', himself: 'himself' };
}
