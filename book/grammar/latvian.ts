// Latvian declension of a child's first name (singular), for the story and the dedications.
//
// Patterns handled (the regular personal-name paradigms of the Latvian grammar, LU LVI 2013):
//   boy  -s, -š (1st decl.)   Roberts  Roberta  Robertam  Robertu  Robertā  Robert
//                             Mārtiņš  Mārtiņa  Mārtiņam  Mārtiņu  Mārtiņā  Mārtiņ
//                             Markuss  Markusa  Markusam  Markusu  Markusā  Markus
//   boy  -is (2nd decl.)      Jānis    Jāņa     Jānim     Jāni     Jānī     Jāni
//        with the consonant change in the genitive (c>č, d>ž, l>ļ, n>ņ, s>š, t>š, z>ž, sn>šņ,
//        zn>žņ, sl>šļ, zl>žļ, ln>ļņ, ll>ļļ, b>bj, m>mj, p>pj, v>vj): Kārlis > Kārļa, Ansis > Anša,
//        Dāvis > Dāvja. No change for two-syllable names in -tis and -dis, as the grammar
//        prescribes: Atis > Ata, Gatis > Gata, Uldis > Ulda.
//   boy  -us (3rd decl.)      Mikus    Mikus    Mikum     Miku     Mikū     Miku
//        (the genitive equals the nominative, as for 'tirgus'; the colloquial 'Mika' is not
//        the written norm)
//   boy  -a (4th decl., masculine, like 'puika')  Nikita  Nikitas  Nikitam  Nikitu  Nikitā  Nikita
//   girl -a (4th decl.)       Anna     Annas    Annai     Annu     Annā     Anna
//   girl -e (5th decl.)       Līze     Līzes    Līzei     Līzi     Līzē     Līze
//
// Everything else falls back to the nominative in every case (declined: false). That is also how
// Latvian treats names it does not adapt: names ending in -o, -i, -u, -ē (Hugo, Leo, Ali, Zoë) are
// indeclinable, and a name in a foreign spelling (letters q, w, x, y, ë, ö …, apostrophes,
// a vowel before a final -s such as Lukas, Tomas; a boy's name in -e; a girl's name in -s) is not
// re-spelled for the parent. The story templates are written so that the nominative reads
// correctly in every slot.
//
// Names of several parts ('Anna Marija', 'Anna-Marija', 'Jānis Roberts') decline every part,
// as Latvian does; if any part fits no pattern the whole name falls back, so a name is never
// half-declined.

import type { Gender } from '#book/types.ts';

export interface LatvianNameForms {
  nom: string;
  gen: string;
  dat: string;
  acc: string;
  loc: string;
  voc: string;
  /** False when the name fits no pattern and every form is the nominative. */
  declined: boolean;
}

type Forms = Omit<LatvianNameForms, 'declined'>;

const LATVIAN_LETTERS = /^[aābcčdeēfgģhiījkķlļmnņoprsštuūvzž]+$/u;
const VOWELS = 'aāeēiīouū';

const GENITIVE_CHANGE: [string, string][] = [
  ['sn', 'šņ'],
  ['zn', 'žņ'],
  ['sl', 'šļ'],
  ['zl', 'žļ'],
  ['ln', 'ļņ'],
  ['ll', 'ļļ'],
  ['c', 'č'],
  ['d', 'ž'],
  ['l', 'ļ'],
  ['n', 'ņ'],
  ['s', 'š'],
  ['t', 'š'],
  ['z', 'ž'],
  ['b', 'bj'],
  ['m', 'mj'],
  ['p', 'pj'],
  ['v', 'vj'],
];

function isVowel(ch: string | undefined): boolean {
  return ch !== undefined && VOWELS.includes(ch);
}

/** Syllables = groups of adjacent vowels (diphthongs ai, au, ei, ie, ui, oi count once). */
function syllables(word: string): number {
  let count = 0;
  let previousVowel = false;
  for (const ch of word) {
    const vowel = isVowel(ch);
    if (vowel && !previousVowel) count += 1;
    previousVowel = vowel;
  }
  return count;
}

function palatalise(stem: string): string {
  for (const [from, to] of GENITIVE_CHANGE) {
    if (stem.endsWith(from)) return stem.slice(0, stem.length - from.length) + to;
  }
  return stem;
}

/** Declines one lower-case word, or returns null when it fits no pattern. */
function declineWord(word: string, gender: Gender): Forms | null {
  const chars = [...word];
  if (chars.length < 3 || !LATVIAN_LETTERS.test(word)) return null;
  const last = chars[chars.length - 1];
  const beforeLast = chars[chars.length - 2];
  const third = chars[chars.length - 3];
  const cut = (n: number) => chars.slice(0, chars.length - n).join('');

  if (gender === 'girl') {
    if (last === 'a' && !isVowel(beforeLast)) {
      const stem = cut(1);
      return {
        nom: word,
        gen: `${stem}as`,
        dat: `${stem}ai`,
        acc: `${stem}u`,
        loc: `${stem}ā`,
        voc: word,
      };
    }
    if (last === 'e' && !isVowel(beforeLast)) {
      const stem = cut(1);
      return {
        nom: word,
        gen: `${stem}es`,
        dat: `${stem}ei`,
        acc: `${stem}i`,
        loc: `${stem}ē`,
        voc: word,
      };
    }
    return null;
  }

  if (last === 'a' && !isVowel(beforeLast)) {
    const stem = cut(1);
    return {
      nom: word,
      gen: `${stem}as`,
      dat: `${stem}am`,
      acc: `${stem}u`,
      loc: `${stem}ā`,
      voc: word,
    };
  }
  if (last === 's' && beforeLast === 'u' && !isVowel(third)) {
    const stem = cut(2);
    return {
      nom: word,
      gen: word,
      dat: `${stem}um`,
      acc: `${stem}u`,
      loc: `${stem}ū`,
      voc: `${stem}u`,
    };
  }
  if (last === 's' && beforeLast === 'i' && !isVowel(third)) {
    const stem = cut(2);
    const noChange = (third === 't' || third === 'd') && syllables(word) === 2;
    const genStem = noChange ? stem : palatalise(stem);
    return {
      nom: word,
      gen: `${genStem}a`,
      dat: `${stem}im`,
      acc: `${stem}i`,
      loc: `${stem}ī`,
      voc: `${stem}i`,
    };
  }
  if ((last === 's' || last === 'š') && !isVowel(beforeLast)) {
    const stem = cut(1);
    return {
      nom: word,
      gen: `${stem}a`,
      dat: `${stem}am`,
      acc: `${stem}u`,
      loc: `${stem}ā`,
      voc: stem,
    };
  }
  return null;
}

/** Re-applies the case pattern of the typed word: 'JĀNIS' > 'JĀŅA', 'Jānis' > 'Jāņa'. */
function restoreCase(typed: string, form: string): string {
  if ([...typed].length > 1 && typed === typed.toLocaleUpperCase('lv'))
    return form.toLocaleUpperCase('lv');
  const typedChars = [...typed];
  return [...form]
    .map((ch, i) => {
      const original = typedChars[i];
      return original !== undefined && original !== original.toLocaleLowerCase('lv')
        ? ch.toLocaleUpperCase('lv')
        : ch;
    })
    .join('');
}

const CASES = ['nom', 'gen', 'dat', 'acc', 'loc', 'voc'] as const;

/**
 * The six singular cases of a child's name. Parts separated by spaces or hyphens are declined
 * one by one; a name with any part that fits no pattern is returned unchanged in every case.
 */
export function declineLatvianName(name: string, gender: Gender): LatvianNameForms {
  const nom = name.normalize('NFC').trim();
  const fallback: LatvianNameForms = {
    nom,
    gen: nom,
    dat: nom,
    acc: nom,
    loc: nom,
    voc: nom,
    declined: false,
  };
  const tokens = nom.split(/([\s-]+)/u);
  const declinedParts: (Forms | string)[] = [];
  for (const [index, token] of tokens.entries()) {
    if (index % 2 === 1) {
      declinedParts.push(token);
      continue;
    }
    const forms = declineWord(token.toLocaleLowerCase('lv'), gender);
    if (!forms) return fallback;
    const cased = Object.fromEntries(
      CASES.map((c) => [c, restoreCase(token, forms[c])]),
    ) as unknown as Forms;
    declinedParts.push(cased);
  }
  const join = (c: (typeof CASES)[number]) =>
    declinedParts.map((part) => (typeof part === 'string' ? part : part[c])).join('');
  return {
    nom: join('nom'),
    gen: join('gen'),
    dat: join('dat'),
    acc: join('acc'),
    loc: join('loc'),
    voc: join('voc'),
    declined: true,
  };
}
