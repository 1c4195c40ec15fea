// The story 'You can do it' in the three book languages, with the child's name and gender filled in.
// The texts are data (text-en-gb.ts, text-en-us.ts, text-lv.ts); renderTemplate is the only way
// the child's name enters them.

import type { BookFamily } from '#book/family.ts';
import { SPREAD_IDS, type BookLanguage, type PageId } from '#book/types.ts';
import {
  renderTemplate,
  templateContext,
  type StoryChild,
  type StoryLanguageText,
} from './template.ts';
import { EN_GB } from './text-en-gb.ts';
import { EN_US } from './text-en-us.ts';
import { LV } from './text-lv.ts';

export type { StoryChild } from './template.ts';
// The dedications live in dedications.ts (the builder's first step loads them without the story).
export { dedicationSuggestions } from './dedications.ts';

export const STORY_TEXT: Record<BookLanguage, StoryLanguageText> = {
  lv: LV,
  'en-gb': EN_GB,
  'en-us': EN_US,
};

function textOf(language: BookLanguage): StoryLanguageText {
  const text = (STORY_TEXT as Partial<Record<string, StoryLanguageText>>)[language];
  if (!text) throw new RangeError(`Unknown book language: ${language}`);
  return text;
}

/**
 * The story paragraphs of one page, with the child's name (in the right case) and gender forms,
 * and the family's grown-ups called what the child calls them (no family: today's mum and dad).
 * The cover and the dedication page have no story text: [].
 */
export function storyText(
  page: PageId,
  language: BookLanguage,
  child: StoryChild,
  family?: BookFamily,
): string[] {
  const text = textOf(language);
  if (!SPREAD_IDS.includes(page)) return [];
  const ctx = templateContext(language, child, { family });
  const solo = ctx.family.solo ? (text.solo[page] ?? {}) : {};
  return (text.spreads[page] ?? []).map((paragraph, index) =>
    renderTemplate(solo[index] ?? paragraph, ctx),
  );
}

/** Words painted in the picture of a spread (the banner of 19-20), or null. */
export function signText(
  page: PageId,
  language: BookLanguage,
  child: StoryChild,
  family?: BookFamily,
): string | null {
  const sign = textOf(language).signs[page];
  return sign === undefined
    ? null
    : renderTemplate(sign, templateContext(language, child, { family }));
}

/** The cover's title with the child's name, and a short subtitle. */
export function coverTitle(
  language: BookLanguage,
  child: StoryChild,
): { title: string; subtitle?: string } {
  const text = textOf(language);
  const ctx = templateContext(language, child);
  return {
    title: renderTemplate(text.coverTitle, ctx),
    subtitle: renderTemplate(text.coverSubtitle, ctx),
  };
}

/** The book's title without a name (cart, order pages, PDF metadata). */
export function bookTitle(language: BookLanguage): string {
  return textOf(language).bookTitle;
}
