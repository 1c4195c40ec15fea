import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import {
  CALL_WORDS,
  checkBookFamily,
  defaultCallWords,
  defaultFamily,
  FAMILY_SHAPES,
  familyFromCharacters,
  GROWN_UP_KINDS,
  SHAPE_MEMBERS,
  type BookFamily,
  type FamilyShape,
} from '#book/family.ts';
import { grownUpWord, LATVIAN_CALL_FORMS } from '#book/grammar/grown-ups.ts';
import { declineLatvianName } from '#book/grammar/latvian.ts';
import { renderColophonArt } from '#book/print-pages.ts';
import { printTexts } from '#book/story/print-text.ts';
import { QUOTE_MARKS } from '#book/story/quotes.ts';
import {
  coverTitle,
  dedicationSuggestions,
  signText,
  storyText,
  type StoryChild,
} from '#book/story/story-text.ts';
import { BOOK_LANGUAGES, SPREAD_IDS, type BookLanguage } from '#book/types.ts';

const FIXTURE = JSON.parse(
  readFileSync(new URL('./fixtures/story-text-mum-dad.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** Every word of the book for one child and family: story, signs, dedications, back cover. */
function wholeBook(language: BookLanguage, child: StoryChild, family?: BookFamily): string[] {
  return [
    ...SPREAD_IDS.flatMap((page) => storyText(page, language, child, family)),
    ...SPREAD_IDS.map((page) => signText(page, language, child, family) ?? ''),
    ...dedicationSuggestions(language, child, family),
    ...dedicationSuggestions(language, child, family, { signWith: 'names' }),
    printTexts(language, child, 7, family).blurb,
  ];
}

function withWords(family: BookFamily, calls: (string | [string, string])[]): BookFamily {
  return {
    ...family,
    grownUps: family.grownUps.map((g, i) => {
      const call = calls[i];
      return Array.isArray(call)
        ? { ...g, call: call[0], name: call[1] }
        : { ...g, call: call ?? g.call };
    }),
  };
}

/** The forms of a call word the text may show. */
function formsOf(language: BookLanguage, word: string): string[] {
  if (language !== 'lv') return [word];
  const forms = LATVIAN_CALL_FORMS[word]!;
  return [...new Set(Object.values(forms))];
}

function mentions(text: string, word: string, caseless: boolean): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, caseless ? 'iu' : 'u').test(text);
}

/**
 * The dad's part tells of talking to his own mum on 27-28 ("my mum", "ar savu mammu"): the
 * speaker's mother, in every family, so it is left out of the search for other kinds' words.
 */
function withoutOwnMother(text: string): string {
  return text.replace(/my mum|my mom|ar savu mammu/g, '');
}

describe('checkBookFamily', () => {
  it('accepts every shape with its default looks and words in every language', () => {
    for (const language of BOOK_LANGUAGES) {
      for (const shape of FAMILY_SHAPES) {
        const result = checkBookFamily(defaultFamily(shape, language), language);
        expect(result, `${language} ${shape}`).toMatchObject({ ok: true });
      }
    }
  });

  it('gives two grown-ups of one kind different default words', () => {
    expect(defaultCallWords('en-gb', 'mum-mum')).toEqual(['Mum', 'Mama']);
    expect(defaultCallWords('en-us', 'mum-mum')).toEqual(['Mom', 'Mama']);
    expect(defaultCallWords('lv', 'mum-mum')).toEqual(['mamma', 'mammīte']);
    expect(defaultCallWords('lv', 'dad-dad')).toEqual(['tētis', 'paps']);
    expect(defaultCallWords('en-gb', 'dad-dad')).toEqual(['Dad', 'Papa']);
    expect(defaultCallWords('lv', 'mum-dad')).toEqual(['tētis', 'mamma']);
  });

  it('reports each inconsistency on its field', () => {
    const family = defaultFamily('mum-mum', 'en-gb');
    const problems = (f: BookFamily, language: BookLanguage = 'en-gb') => {
      const result = checkBookFamily(f, language);
      return result.ok ? [] : result.problems.map((p) => p.field);
    };
    expect(problems({ ...family, grownUps: family.grownUps.slice(0, 1) })).toEqual(['grownUps']);
    expect(problems({ ...family, shape: 'aunt' as FamilyShape })).toEqual(['shape']);
    expect(problems(withWords(family, ['Mum', 'Dad']))).toEqual(['grownUps.1.call']);
    expect(problems(withWords(family, ['Mum', 'Mum']))).toEqual(['grownUps.1.call']);
    expect(problems(withWords(family, ['Mum', 'mamma']))).toEqual(['grownUps.1.call']);
    expect(problems(withWords(family, ['Mum', ['name', null as unknown as string]]))).toEqual([
      'grownUps.1.name',
    ]);
    expect(
      problems(
        withWords(family, [
          ['name', 'Ilze'],
          ['name', 'ilze'],
        ]),
      ),
    ).toEqual(['grownUps.1.call']);
    expect(problems(withWords(family, ['Mum', ['Mama', 'x'.repeat(41)]]))).toEqual([
      'grownUps.1.name',
    ]);
    const dadLook = {
      ...family,
      grownUps: [family.grownUps[0]!, { ...family.grownUps[1]!, kind: 'dad' as const }],
    };
    expect(problems(dadLook)).toEqual(['grownUps.1.kind']);
    const wrongBody = {
      ...family,
      grownUps: [
        {
          ...family.grownUps[0]!,
          look: {
            ...family.grownUps[0]!.look,
            hair: 'dad_hair_01_BC',
            accessories: ['dad_acc_beard'],
          },
        },
        family.grownUps[1]!,
      ],
    };
    expect(problems(wrongBody)).toEqual(['grownUps.0.look.hair', 'grownUps.0.look.accessories']);
    // the words are the language's: 'Mum' is no Latvian word
    expect(problems(defaultFamily('mum', 'en-gb'), 'lv')).toEqual(['grownUps.0.call']);
  });

  it('normalises names and accepts a first name as what the child calls a grown-up', () => {
    const result = checkBookFamily(
      withWords(defaultFamily('grandma', 'lv'), [['name', '  Ilze   Marta ']]),
      'lv',
    );
    expect(result).toMatchObject({
      ok: true,
      value: { grownUps: [{ call: 'name', name: 'Ilze Marta' }] },
    });
  });
});

describe('today’s book (mum and dad, default words)', () => {
  const children: StoryChild[] = [
    { name: 'Jānis', gender: 'boy' },
    { name: 'Anna', gender: 'girl' },
    { name: 'Zoë', gender: 'girl' },
  ];

  it('reads word for word as before, with no family and with the default family', () => {
    for (const language of BOOK_LANGUAGES) {
      for (const child of children) {
        const family = familyFromCharacters(defaultCharacters(child.gender), language, {
          dad: 'Jānis',
          mum: 'Ilze',
        });
        for (const given of [undefined, family]) {
          const now = {
            cover: coverTitle(language, child),
            dedications: dedicationSuggestions(language, child, given),
            spreads: Object.fromEntries(
              SPREAD_IDS.map((p) => [p, storyText(p, language, child, given)]),
            ),
            signs: Object.fromEntries(
              SPREAD_IDS.map((p) => [p, signText(p, language, child, given)]).filter(
                ([, s]) => s !== null,
              ),
            ),
            print: printTexts(language, child, 7, given),
          };
          expect(now, `${language} ${child.name}`).toEqual(FIXTURE[`${language}/${child.name}`]);
        }
      }
    }
  });

  it('signs the suggestions with the grown-ups’ names when asked', () => {
    const family = familyFromCharacters(defaultCharacters('boy'), 'lv', {
      dad: 'Jānis',
      mum: 'Ilze',
    });
    const [first] = dedicationSuggestions('lv', { name: 'Roberts', gender: 'boy' }, family, {
      signWith: 'names',
    });
    expect(first.endsWith('Ar mīlestību –\nIlze un Jānis')).toBe(true);
    const gb = familyFromCharacters(defaultCharacters('boy'), 'en-gb', { dad: null, mum: 'Kate' });
    expect(
      dedicationSuggestions('en-gb', { name: 'Tom', gender: 'boy' }, gb, { signWith: 'names' })[0],
    ).toMatch(/With all our love,\nKate and Dad$/);
    expect(dedicationSuggestions('en-gb', { name: 'Tom', gender: 'boy' }, gb)[0]).toMatch(
      /\nMum and Dad$/,
    );
  });
});

describe('every family in every language', () => {
  const child: StoryChild = { name: 'Anna', gender: 'girl' };

  it('calls the grown-ups what the child calls them, and never by another kind’s word', () => {
    for (const language of BOOK_LANGUAGES) {
      for (const shape of FAMILY_SHAPES) {
        const family = defaultFamily(shape, language);
        const text = wholeBook(language, child, family).join('\n');
        expect(text, `${language} ${shape}`).not.toMatch(/[{}]/);
        for (const grownUp of family.grownUps) {
          expect(
            mentions(text, grownUp.call, language === 'lv'),
            `${language} ${shape} ${grownUp.call}`,
          ).toBe(true);
        }
        const present = new Set(SHAPE_MEMBERS[shape]);
        const chosen = new Set(family.grownUps.map((g) => g.call));
        const searched = withoutOwnMother(text);
        for (const kind of GROWN_UP_KINDS) {
          for (const word of CALL_WORDS[language][kind]) {
            if (present.has(kind) && chosen.has(word)) continue;
            // another kind's word, or an unchosen word of a kind in the book (Mummy when she is Mum)
            for (const form of formsOf(language, word)) {
              expect(
                mentions(searched, form, language === 'lv'),
                `${language} ${shape}: ${form}`,
              ).toBe(false);
            }
          }
        }
      }
    }
  });

  it('has one grown-up do what two did, and says so in every language', () => {
    const lv = (page: string, shape: FamilyShape, i: number, g: StoryChild = child) =>
      storyText(page, 'lv', g, defaultFamily(shape, 'lv'))[i];
    expect(lv('page_5-6', 'mum', 2)).toBe(
      'Mamma nolika dakšiņu. „Neviens nepiedzimst jau gatavs futbolists,” viņa sacīja. „Visi iemācās, trenējoties. Un es zinu, ar ko sākt.”',
    );
    expect(lv('page_37-38', 'dad', 1)).toBe(
      'Garām vienam spēlētājam. Garām otram! „AIZIET, ANNA!” sauca tētis, lēkādams kā ķengurs.',
    );
    expect(lv('page_43-44', 'grandma', 0)).toMatch(/^Tajā vakarā abas sēdēja dārzā/);
    expect(lv('page_43-44', 'grandma', 0, { name: 'Jānis', gender: 'boy' })).toMatch(
      /^Tajā vakarā abi sēdēja/,
    );
    expect(lv('page_43-44', 'mum-mum', 0)).toMatch(/^Tajā vakarā visas trīs sēdēja/);
    expect(lv('page_31-32', 'mum-mum', 2)).toMatch(/^Viņas Annu apsedza un noskūpstīja\./);
    expect(storyText('page_31-32', 'en-gb', child, defaultFamily('grandpa', 'en-gb'))[2]).toBe(
      'Grandpa tucked her in and kissed her goodnight. ‘You can do it, Anna.’',
    );
    expect(storyText('page_43-44', 'en-us', child, defaultFamily('dad', 'en-us'))[0]).toMatch(
      /^That evening, the two of them sat in the backyard/,
    );
    expect(dedicationSuggestions('en-gb', child, defaultFamily('mum', 'en-gb'))[0]).toBe(
      'Dear Anna,\nthis book is for you, my brave footballer.\nWin or lose, I am proud of you every single day.\nNever forget: you can do it.\nWith all my love,\nMum',
    );
  });
});

describe('Latvian cases of the grown-ups', () => {
  const boy: StoryChild = { name: 'Roberts', gender: 'boy' };

  it('declines each call word in the cases of the table (docs/family-words.md)', () => {
    expect(grownUpWord('lv', { kind: 'mum', call: 'mammīte', name: null })).toMatchObject({
      nom: 'mammīte',
      gen: 'mammītes',
      dat: 'mammītei',
      acc: 'mammīti',
      ins: 'mammīti',
      loc: 'mammītē',
      voc: 'mammīt',
      female: true,
    });
    expect(grownUpWord('lv', { kind: 'grandpa', call: 'opis', name: null })).toMatchObject({
      nom: 'opis',
      gen: 'opja',
      dat: 'opim',
      acc: 'opi',
      voc: 'opi',
      female: false,
    });
    expect(grownUpWord('lv', { kind: 'dad', call: 'tētis', name: null })).toMatchObject({
      gen: 'tēta',
      dat: 'tētim',
      voc: 'tēti',
    });
    // the table agrees with the grammar's paradigms for every word but the short vocatives
    for (const [word, forms] of Object.entries(LATVIAN_CALL_FORMS)) {
      const female = CALL_WORDS.lv.mum.includes(word) || CALL_WORDS.lv.grandma.includes(word);
      const { declined, voc, ...regular } = declineLatvianName(word, female ? 'girl' : 'boy');
      expect(declined, word).toBe(true);
      const { voc: tableVoc, ...table } = forms;
      expect(table, word).toEqual(regular);
      expect([voc, voc.replace(/e$|a$/, '')], word).toContain(tableVoc);
    }
  });

  it('puts the words and first names in their cases in the story', () => {
    const mums = withWords(defaultFamily('mum-mum', 'lv'), ['māmiņa', 'mammīte']);
    expect(storyText('page_9-10', 'lv', boy, mums)[1]).toBe(
      'Bumba aizlidoja pāri mammītes galvai, pāri veļas auklai un taisni māmiņas tulpēs.',
    );
    expect(storyText('page_9-10', 'lv', boy, mums)[0]).toMatch(
      /^Mammīte notupās starp spaiņiem kā īsta vārtsardze\./,
    );
    const grandparents = withWords(defaultFamily('grandma-grandpa', 'lv'), ['opis', 'omīte']);
    expect(storyText('page_13-14', 'lv', boy, grandparents)[0]).toContain(
      'kad lija tā, ka opja lietussargs apgriezās otrādi.',
    );
    expect(printTexts('lv', boy, null, grandparents).blurb).toMatch(/– kopā ar omīti un opi\.$/);
    expect(storyText('page_29-30', 'lv', boy, grandparents)[0]).toMatch(
      /^Mājās omīte parādīja Robertam paņēmienu/,
    );
    const names = withWords(defaultFamily('dad-dad', 'lv'), [['name', 'Jānis'], 'paps']);
    expect(storyText('page_9-10', 'lv', boy, names)[1]).toBe(
      'Bumba aizlidoja pāri Jāņa galvai, pāri veļas auklai un taisni papa tulpēs.',
    );
    expect(storyText('page_27-28', 'lv', boy, names)[0]).toMatch(
      /^Braucot mājās, Jānis pastāstīja stāstu\. „Kad biju tikpat vecs kā tu,/,
    );
    const ilze = withWords(defaultFamily('mum', 'lv'), [['name', ' ilze ']]);
    expect(storyText('page_29-30', 'lv', boy, ilze)[1]).toBe(
      'Ieelpa… izelpa. Ieelpa… izelpa. Ilze elpoja līdzi, aizvērusi acis. Akmens Roberta vēderā kļuva arvien vieglāks.',
    );
    expect(printTexts('lv', boy, null, ilze).blurb).toMatch(/– kopā ar Ilzi\.$/);
    const grandma = defaultFamily('grandma-grandpa', 'lv');
    expect(storyText('page_33-34', 'lv', boy, grandma)[1]).toMatch(
      /^Vectētiņš izvilkās ārā halātā ar tējas krūzi rokā\. „Sitienu treniņš\?” viņš jautāja žāvādamies\./,
    );
    expect(storyText('page_41-42', 'lv', boy, grandma)[0]).toContain(
      'Vecmāmiņa un vectētiņš gavilēja visskaļāk.',
    );
  });

  it('speaks of English grown-ups as proper nouns with their pronouns', () => {
    const dads = defaultFamily('dad-dad', 'en-gb');
    expect(storyText('page_11-12', 'en-gb', boy, dads)[0]).toBe(
      'At the park, Papa set out a wiggly line of orange cones. ‘Little touches,’ he said, ‘as if the ball were a puppy on a lead.’',
    );
    const grandma = defaultFamily('grandma-grandpa', 'en-us');
    expect(storyText('page_13-14', 'en-us', boy, grandma)[0]).toContain(
      'that Grandpa’s umbrella flipped',
    );
    expect(storyText('page_19-20', 'en-us', boy, grandma)[1]).toMatch(
      /^On the sideline, Grandma and Grandpa waved a banner/,
    );
    const mum = defaultFamily('mum', 'en-gb');
    expect(storyText('page_33-34', 'en-gb', boy, mum)[1]).toMatch(
      /^Mum shuffled out in her dressing gown, clutching a mug of tea\. ‘Shooting practice\?’ she yawned\./,
    );
  });
});

describe('quotation marks, one rule per language', () => {
  const ALL_MARKS = /[„“”‘’"']/g;
  /** An apostrophe inside a word (I’m, Dad’s) is not a quotation mark. */
  const marksIn = (text: string) =>
    [...text.replace(/(?<=\p{L})’(?=\p{L})|(?<=s)’(?=\s)/gu, '').matchAll(ALL_MARKS)].map(
      (m) => m[0],
    );

  it('uses only the language’s marks on every page, the dedications, the back cover and the closing page', () => {
    for (const language of BOOK_LANGUAGES) {
      const { open, close } = QUOTE_MARKS[language];
      for (const shape of FAMILY_SHAPES) {
        const child = { name: 'Anna', gender: 'girl' } as const;
        const family = defaultFamily(shape, language);
        const colophon = renderColophonArt({ language, child, family }).body;
        const texts = [
          ...wholeBook(language, child, family),
          ...Object.values(printTexts(language, child, 7, family)),
          ...[...colophon.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!),
        ];
        for (const text of texts) {
          for (const mark of marksIn(text)) {
            expect([open, close], `${language} ${shape}: ${text}`).toContain(mark);
          }
        }
        expect(colophon, language).toContain(
          `${open}${language === 'lv' ? 'Tu to vari' : 'You Can Do It'}${close}`,
        );
      }
    }
  });
});
