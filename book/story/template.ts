// The one function that puts the child's name and gender into the story's text templates.
// Templates are plain data with placeholders; the user's input enters the text only here.
//
//   {name}        the name as the parent typed it (normalised), nominative
//   {name.gen} {name.dat} {name.acc} {name.loc} {name.voc}   Latvian cases (nominative when the
//                 name fits no declension pattern; see grammar/latvian.ts)
//   {name.poss}   English possessive: Ella’s, James’s
//   {NAME} {NAME.voc}   the name in capitals (banners, shouts), nominative or vocative
//   {boy form|girl form}   chosen by the child's gender: {he|she}, {gatavs|gatava}
//
// An unknown placeholder is a programming error and throws, so a template can never leak "{…}".

import { englishPossessive } from '../grammar/english.ts';
import { declineLatvianName, type LatvianNameForms } from '../grammar/latvian.ts';
import { normalizeChildName } from '../grammar/name.ts';
import type { BookLanguage, Gender } from '../types.ts';

export interface StoryChild {
  name: string;
  gender: Gender;
}

/** One language's text: the cover, the three dedications and the story paragraphs per spread. */
export interface StoryLanguageText {
  bookTitle: string;
  coverTitle: string;
  coverSubtitle: string;
  dedications: [string, string, string];
  /** Paragraph templates per spread id ('page_1-2' … 'page_43-44'). */
  spreads: Record<string, string[]>;
  /** Words painted in a picture (the parents' banner), per spread id: the same words as the text. */
  signs: Record<string, string>;
}

interface TemplateContext {
  language: BookLanguage;
  gender: Gender;
  name: string;
  forms: LatvianNameForms;
}

export function templateContext(language: BookLanguage, child: StoryChild): TemplateContext {
  const name = normalizeChildName(child.name);
  const gender: Gender = child.gender === 'girl' ? 'girl' : 'boy';
  const forms =
    language === 'lv'
      ? declineLatvianName(name, gender)
      : { nom: name, gen: name, dat: name, acc: name, loc: name, voc: name, declined: false };
  return { language, gender, name, forms };
}

function upper(ctx: TemplateContext, text: string): string {
  return text.toLocaleUpperCase(ctx.language === 'lv' ? 'lv' : 'en');
}

function resolve(token: string, ctx: TemplateContext): string {
  switch (token) {
    case 'name':
      return ctx.forms.nom;
    case 'name.gen':
      return ctx.forms.gen;
    case 'name.dat':
      return ctx.forms.dat;
    case 'name.acc':
      return ctx.forms.acc;
    case 'name.loc':
      return ctx.forms.loc;
    case 'name.voc':
      return ctx.forms.voc;
    case 'name.poss':
      return englishPossessive(ctx.name);
    case 'NAME':
      return upper(ctx, ctx.forms.nom);
    case 'NAME.voc':
      return upper(ctx, ctx.forms.voc);
    default: {
      const choice = token.split('|');
      if (choice.length === 2) return ctx.gender === 'girl' ? choice[1]! : choice[0]!;
      throw new Error(`Unknown story placeholder {${token}}`);
    }
  }
}

/** Fills every placeholder of `template` in one pass (inserted names are never re-read). */
export function renderTemplate(template: string, ctx: TemplateContext): string {
  return template.replace(/\{([^{}]*)\}/g, (_, token: string) => resolve(token, ctx));
}
