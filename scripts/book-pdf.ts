// Writes the print PDFs of one book: the interior and, beside it, the cover.
//   npm run book:pdf -- --name Anna --gender girl --language lv --out .tmp/book.pdf
//     [--assets kid_hair_girl_02_RD,dad_acc_beard,…] [--dedication "Line 1\nLine 2"]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveCharacterSet } from '#book/catalogue.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { BOOK_LANGUAGES, type BookLanguage, type Gender } from '#book/types.ts';
import {
  PRINT_PAGE_COUNT,
  renderBookPdf,
  renderCoverPdf,
} from '../server/services/print/book-pdf.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'Anna' },
    gender: { type: 'string', default: 'girl' },
    language: { type: 'string', default: 'en-gb' },
    assets: { type: 'string', default: '' },
    dedication: { type: 'string' },
    out: { type: 'string', default: '.tmp/book.pdf' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const gender = values.gender as Gender;
if (gender !== 'boy' && gender !== 'girl') fail('--gender must be boy or girl');
const language = values.language.toLowerCase() as BookLanguage;
if (!BOOK_LANGUAGES.includes(language))
  fail(`--language must be one of ${BOOK_LANGUAGES.join(', ')}`);
const assets = values.assets
  .split(',')
  .map((a) => a.trim())
  .filter(Boolean);
const resolved = resolveCharacterSet(assets, gender);
if (!resolved.ok)
  fail(
    `Bad --assets: unknown ${resolved.unknown.join(', ') || '-'}; conflicts ${resolved.conflicts.join(', ') || '-'}`,
  );

const child = { name: values.name, gender };
const dedication =
  values.dedication?.replace(/\\n/g, '\n') ?? dedicationSuggestions(language, child)[0];
const input = { language, child, characters: resolved.value, dedication };

const out = path.resolve(values.out);
const coverOut = out.replace(/(\.pdf)?$/i, '.cover.pdf');
await mkdir(path.dirname(out), { recursive: true });

let started = performance.now();
const interior = await renderBookPdf(input);
const interiorMs = performance.now() - started;
await writeFile(out, interior);
started = performance.now();
const cover = await renderCoverPdf(input);
const coverMs = performance.now() - started;
await writeFile(coverOut, cover);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `interior: ${out} (${PRINT_PAGE_COUNT} pages, ${mb(interior.length)}, ${Math.round(interiorMs)} ms)`,
);
console.log(`cover:    ${coverOut} (1 page, ${mb(cover.length)}, ${Math.round(coverMs)} ms)`);
