// The words printed around the story: the closing page (colophon), the back cover and the
// spine. Same placeholders as the story (template.ts); the name in the nominative or (lv) dative,
// which reads right also for a name that is not declined.

import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import type { BookFamily } from '#book/family.ts';
import type { BookLanguage } from '#book/types.ts';
import { renderTemplate, templateContext, type StoryChild } from './template.ts';

interface PrintLanguageText {
  /** The colophon's first line, with the child's name. */
  madeFor: string;
  /** The edition, e.g. 'First edition'. */
  edition: string;
  /** The numbered copy of a limited edition; {n} and {of} are numbers. */
  numbered: string;
  /** Who made it and where. */
  imprint: string;
  /** The back cover's few sentences about the story. */
  blurb: string;
}

const PRINT_TEXT: Record<BookLanguage, PrintLanguageText> = {
  lv: {
    madeFor: 'Šī grāmata ir veidota īpaši {name.dat}.',
    edition: 'Pirmais izdevums',
    numbered: 'Nr. {n} no {of}',
    imprint: 'Storymade · izveidota un iespiesta Eiropā',
    blurb:
      '{name} dievina futbolu. Bet, kad lielajā spēlē viss noiet greizi, arī sajūtas ir lielas. Silts stāsts par to, kā sajūtas nosaukt vārdā, lēni elpot un mēģināt vēlreiz – kopā ar {both.ins}.',
  },
  'en-gb': {
    madeFor: 'This book was made for {name}.',
    edition: 'First edition',
    numbered: 'No. {n} of {of}',
    imprint: 'Storymade · designed and printed in Europe',
    blurb:
      '{name} loves football. But when the big match goes wrong, the feelings are big too. A warm story about naming feelings, breathing slowly and trying again – with {Both} beside {him|her} all the way.',
  },
  'en-us': {
    madeFor: 'This book was made for {name}.',
    edition: 'First edition',
    numbered: 'No. {n} of {of}',
    imprint: 'Storymade · designed and printed in Europe',
    blurb:
      '{name} loves soccer. But when the big game goes wrong, the feelings are big too. A warm story about naming feelings, breathing slowly, and trying again—with {Both} beside {him|her} all the way.',
  },
};

interface PrintTexts {
  madeFor: string;
  edition: string;
  /** 'No. 7 of 100' when the copy is one of the numbered first copies, else undefined. */
  numbered?: string;
  imprint: string;
  blurb: string;
}

/**
 * The printed words around the story for one child, in the book's language, with the family's
 * grown-ups as the child calls them (no family: today's mum and dad).
 */
export function printTexts(
  language: BookLanguage,
  child: StoryChild,
  editionNumber?: number | null,
  family?: BookFamily,
): PrintTexts {
  const text = PRINT_TEXT[language];
  const ctx = templateContext(language, child, { family });
  const numbered =
    editionNumber !== undefined &&
    editionNumber !== null &&
    Number.isInteger(editionNumber) &&
    editionNumber >= 1 &&
    editionNumber <= FIRST_EDITION_SIZE
      ? text.numbered
          .replace('{n}', String(editionNumber))
          .replace('{of}', String(FIRST_EDITION_SIZE))
      : undefined;
  return {
    madeFor: renderTemplate(text.madeFor, ctx),
    edition: text.edition,
    ...(numbered ? { numbered } : {}),
    imprint: text.imprint,
    blurb: renderTemplate(text.blurb, ctx),
  };
}
