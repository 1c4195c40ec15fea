// The print proof over the whole matrix of issue #43: every family shape in each language, both
// bindings, a long name, the darkest and the lightest skin. Each book's print files are made and
// proofed as the server makes them (renderPrintFiles: the print worker and the proof's helper
// thread), one after another, and a table is printed: the largest difference of each book from
// its preview (percent of a page), where it is, the sentences found in the print, the time.
//   node --import tsx scripts/proof-matrix.ts [--quick] [--family dad-dad,mum-mum] [--language lv]
// --quick: one book per family shape (languages and bindings taken in turn). The test suite proofs
// a covering set (tests/book/print-proof.test.ts); this script is the full matrix (~48 books).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { defaultCharacters } from '#book/character-set.ts';
import { defaultFamily, FAMILY_SHAPES, type BookFamily, type FamilyShape } from '#book/family.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { BOOK_LANGUAGES, type BookLanguage, type Gender } from '#book/types.ts';
import type { BookPdfInput } from '#server/services/fulfilment/print/book-pdf.ts';
import { PROOF_SETTINGS } from '#server/services/fulfilment/print/print-proof.ts';
import { renderPrintFiles } from '#server/services/fulfilment/print/print-thread.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    family: { type: 'string' },
    language: { type: 'string' },
  },
});

/** A look with skin tone `tone` (1 lightest … 6 darkest) for every person in the book. */
function withSkin(input: BookPdfInput, tone: number): BookPdfInput {
  const characters = {
    child: { ...input.characters.child, skin: `kid_skin_${tone}` },
    dad: { ...input.characters.dad, skin: `dad_skin_${tone}D` },
    mum: { ...input.characters.mum, skin: `mum_skin_${tone}M` },
  };
  const family: BookFamily | undefined = input.family && {
    ...input.family,
    grownUps: input.family.grownUps.map((grownUp) => ({
      ...grownUp,
      look: {
        ...grownUp.look,
        skin: grownUp.look.skin.replace(/_skin_\d/, `_skin_${tone}`),
      },
    })),
  };
  return { ...input, characters, family };
}

interface Book {
  label: string;
  input: BookPdfInput;
}

function book(
  shape: FamilyShape,
  language: BookLanguage,
  binding: 'hardcover' | 'softcover',
  child: { name: string; gender: Gender },
  tone: number,
): Book {
  const family = defaultFamily(shape, language);
  const input: BookPdfInput = {
    language,
    child,
    characters: defaultCharacters(child.gender),
    family,
    dedication: dedicationSuggestions(language, child, family)[0],
    editionNumber: 7,
    cover: { binding },
  };
  return {
    label: `${shape} ${language} ${binding} ${child.name} skin ${tone}`,
    input: withSkin(input, tone),
  };
}

const LONG_NAME = 'Maximilian-Alexander';
const names: Record<BookLanguage, { name: string; gender: Gender }[]> = {
  lv: [
    { name: 'Ķērsta', gender: 'girl' },
    { name: 'Jānis', gender: 'boy' },
  ],
  'en-gb': [
    { name: 'Oliver', gender: 'boy' },
    { name: 'Amelia', gender: 'girl' },
  ],
  'en-us': [
    { name: 'Ava', gender: 'girl' },
    { name: 'Noah', gender: 'boy' },
  ],
};

const wanted = values.family?.split(',').map((shape) => shape.trim());
const shapes = FAMILY_SHAPES.filter((shape) => !wanted || wanted.includes(shape));
const languages = BOOK_LANGUAGES.filter(
  (language) => !values.language || language === values.language.toLowerCase(),
);
const books: Book[] = [];
const combos = languages.flatMap((language) =>
  (['hardcover', 'softcover'] as const).map((binding) => ({ language, binding })),
);
shapes.forEach((shape, s) => {
  combos.forEach(({ language, binding }, c) => {
    // --quick: one book per shape, the language and binding taken in turn.
    if (values.quick && c !== s % combos.length) return;
    // Girl and boy, the lightest and the darkest skin, taken in turn.
    const turn = s + c;
    books.push(book(shape, language, binding, names[language][turn % 2]!, turn % 2 === 0 ? 1 : 6));
  });
});
if (!values.family && !values.language) {
  books.push(book('mum-dad', 'lv', 'softcover', { name: LONG_NAME, gender: 'boy' }, 6));
  books.push(book('dad-dad', 'en-gb', 'hardcover', { name: LONG_NAME, gender: 'girl' }, 1));
}

console.log(
  `print proof of ${books.length} books, load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`,
);
console.log(
  '| book | proof | largest difference | where | sentences printed | files + proof | proof after the files |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
let failed = 0;
let worst = 0;
const totals: number[] = [];
for (const { label, input } of books) {
  const started = performance.now();
  const { proof } = await renderPrintFiles(input);
  const ms = performance.now() - started;
  totals.push(ms);
  if (!proof.ok) failed += 1;
  else worst = Math.max(worst, proof.worst?.differencePercent ?? 0);
  const where = proof.worst
    ? `${proof.worst.file} p. ${proof.worst.page} (${proof.worst.shows})`
    : '-';
  console.log(
    `| ${label} | ${proof.ok ? 'passed' : `FAILED${proof.error ? `: ${proof.error}` : ''}`} | ${proof.worst?.differencePercent ?? '-'}% | ${where} | ${proof.sentences - proof.missingSentences.length}/${proof.sentences} | ${(ms / 1000).toFixed(1)} s | ${(proof.ms / 1000).toFixed(1)} s |`,
  );
}
const sorted = [...totals].sort((a, b) => a - b);
console.log(
  `\n${books.length - failed} passed, ${failed} failed; largest difference on a passing book ${worst}% (threshold ${PROOF_SETTINGS.maxDifferencePercent}%); files + proof per book: median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s, max ${(sorted.at(-1)! / 1000).toFixed(1)} s`,
);
process.exit(failed === 0 ? 0 : 1);
