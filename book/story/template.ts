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
// The grown-ups (issue #33; book/family.ts, book/grammar/grown-ups.ts, docs/family-words.md): the
// story has two grown-up parts, 'dad' and 'mum', each played by a grown-up of the family, called
// by the word the parent chose (a call word or a first name):
//   {dad} {mum}   the part's word, nominative as written (Latvian call words are lower case)
//   {Dad} {Mum}   the same with a capital first letter (at the start of a sentence)
//   {dad.gen} {dad.dat} {dad.acc} {dad.ins} {dad.loc} {dad.voc}   Latvian cases ('ins': after
//                 'ar'); {dad.poss} English possessive (Dad’s, Grandpa’s)
//   {dad:masc|fem}   chosen by the grammatical gender of the grown-up playing the part:
//                 {dad:he|she}, {dad:viņš|viņa}, {dad:aizvēris|aizvērusi}
//   {both} {Both} {both.gen} {both.dat} {both.acc} {both.ins}   the grown-ups together: "mamma un
//                 tētis", "Mum and Mama", "Grandma and Grandpa"; one grown-up alone: "mamma"
//   {both:masc|fem}   plural agreement: 'fem' when every grown-up is a woman
//   {all:masc|fem}   the child and the grown-ups together: 'fem' for a girl with only women
//   {solo:one|two}   one grown-up or two
//   {allOfUs}     the child and the grown-ups: "the three of them" / "visi trīs"; alone: "the two of
//                 them" / "abi" ("abas" for a girl and a woman)
//   {signature}   the grown-ups signing a dedication: their words, or their names where asked
//
// An unknown placeholder is a programming error and throws, so a template can never leak "{…}".

import type { BookFamily } from '#book/family.ts';
import { englishPossessive } from '#book/grammar/english.ts';
import { familyWords, type FamilyWords, type GrownUpWord } from '#book/grammar/grown-ups.ts';
import { declineLatvianName, type LatvianNameForms } from '#book/grammar/latvian.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import type { BookLanguage, Gender } from '#book/types.ts';

export interface StoryChild {
  name: string;
  gender: Gender;
}

/** One language's text: the cover, the three dedications and the story paragraphs per spread. */
export interface StoryLanguageText {
  bookTitle: string;
  coverTitle: string;
  coverSubtitle: string;
  /** Paragraph templates per spread id ('page_1-2' … 'page_43-44'). */
  spreads: Record<string, string[]>;
  /** Words painted in a picture (the parents' banner), per spread id: the same words as the text. */
  signs: Record<string, string>;
  /**
   * A book with one grown-up: paragraphs said otherwise (per spread id, paragraph index), where
   * the two parts do different things in one breath ("Dad put down his fork. Mum put down hers.").
   */
  solo: Record<string, Record<number, string>>;
}

interface TemplateContext {
  language: BookLanguage;
  gender: Gender;
  name: string;
  forms: LatvianNameForms;
  family: FamilyWords;
  /** Dedications: sign with the grown-ups' names where given. */
  signWithNames: boolean;
}

export interface FamilyOptions {
  family?: BookFamily | undefined;
  signWith?: 'words' | 'names';
}

export function templateContext(
  language: BookLanguage,
  child: StoryChild,
  options: FamilyOptions = {},
): TemplateContext {
  const name = normalizeChildName(child.name);
  const gender: Gender = child.gender === 'girl' ? 'girl' : 'boy';
  const forms =
    language === 'lv'
      ? declineLatvianName(name, gender)
      : { nom: name, gen: name, dat: name, acc: name, loc: name, voc: name, declined: false };
  return {
    language,
    gender,
    name,
    forms,
    family: familyWords(language, options.family),
    signWithNames: options.signWith === 'names',
  };
}

function upper(ctx: TemplateContext, text: string): string {
  return text.toLocaleUpperCase(ctx.language === 'lv' ? 'lv' : 'en');
}

function capitalise(ctx: TemplateContext, word: string): string {
  const [first = '', ...rest] = [...word];
  return first.toLocaleUpperCase(ctx.language === 'lv' ? 'lv' : 'en') + rest.join('');
}

const PART_TOKEN = /^(dad|mum|Dad|Mum|both|Both)(?:\.(gen|dat|acc|ins|loc|voc|poss))?$/;
const AGREEMENT = /^(dad|mum|both|all|solo):([^|]*)\|([^|]*)$/;

function allOfUs(ctx: TemplateContext): string {
  const { solo, allFemale } = ctx.family;
  if (ctx.language !== 'lv') return solo ? 'the two of them' : 'the three of them';
  const women = allFemale && ctx.gender === 'girl';
  if (!solo) return women ? 'visas trīs' : 'visi trīs';
  return women ? 'abas' : 'abi';
}

function familyToken(token: string, ctx: TemplateContext): string | null {
  const agreement = AGREEMENT.exec(token);
  if (agreement) {
    const [, who, first, second] = agreement as unknown as [string, string, string, string];
    const { family } = ctx;
    const pickSecond =
      who === 'solo'
        ? !family.solo
        : who === 'both'
          ? family.allFemale
          : who === 'all'
            ? family.allFemale && ctx.gender === 'girl'
            : family.parts[who as 'dad' | 'mum'].female;
    return pickSecond ? second : first;
  }
  if (token === 'allOfUs') return allOfUs(ctx);
  if (token === 'signature')
    return ctx.signWithNames ? ctx.family.signedByNames : ctx.family.together.nom;
  const part = PART_TOKEN.exec(token);
  if (!part) return null;
  const [, who, form = 'nom'] = part as unknown as [string, string, string | undefined];
  const lower = who.toLowerCase();
  const words: Partial<Record<string, string>> =
    lower === 'both'
      ? ctx.family.together
      : (ctx.family.parts[lower as 'dad' | 'mum'] as GrownUpWord as unknown as Record<
          string,
          string
        >);
  const word = words[form];
  if (word === undefined) throw new Error(`Unknown story placeholder {${token}}`);
  return who === lower ? word : capitalise(ctx, word);
}

function resolve(token: string, ctx: TemplateContext): string {
  const grownUps = familyToken(token, ctx);
  if (grownUps !== null) return grownUps;
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
