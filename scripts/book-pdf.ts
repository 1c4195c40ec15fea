// Writes the three print PDFs of one book: the interior, the endpapers and the cover wrap.
//   npm run book:pdf -- --name Anna --gender girl --language lv --out .tmp/book.pdf
//     [--assets kid_hair_girl_02_RD,dad_acc_beard,…] [--dedication "Line 1\nLine 2"]
//     [--edition-number 7] [--binding hardcover|softcover] [--paper-mm 0.14]
// Files: <out> (interior), <out>.endpapers.pdf (hardcover only), <out>.cover.pdf.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveCharacterSet } from '#book/character-set.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import { BOOK_LANGUAGES, type BookLanguage, type Gender } from '#book/types.ts';
import {
  coverSettingsOf,
  endpaperSpreads,
  printPageCount,
  renderCoverPdf,
  renderEndpapersPdf,
  renderInteriorPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';
import { spineWidthMm } from '#server/services/fulfilment/print/cover-geometry.ts';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'Anna' },
    gender: { type: 'string', default: 'girl' },
    language: { type: 'string', default: 'en-gb' },
    assets: { type: 'string', default: '' },
    dedication: { type: 'string' },
    out: { type: 'string', default: '.tmp/book.pdf' },
    'edition-number': { type: 'string' },
    binding: { type: 'string', default: 'hardcover' },
    'paper-mm': { type: 'string' },
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
const binding = values.binding;
if (binding !== 'hardcover' && binding !== 'softcover')
  fail('--binding must be hardcover or softcover');
const editionNumber =
  values['edition-number'] === undefined ? undefined : Number(values['edition-number']);
if (editionNumber !== undefined && !(Number.isInteger(editionNumber) && editionNumber >= 1))
  fail('--edition-number must be a whole number from 1');
const paper = values['paper-mm'] === undefined ? undefined : Number(values['paper-mm']);
if (paper !== undefined && !(paper > 0 && paper < 1)) fail('--paper-mm must be between 0 and 1');
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
const input: BookPdfInput = {
  language,
  child,
  characters: resolved.value,
  dedication,
  ...(editionNumber === undefined ? {} : { editionNumber }),
  cover: { binding, ...(paper === undefined ? {} : { paperThicknessMm: paper }) },
};

const out = path.resolve(values.out);
const sibling = (suffix: string) => out.replace(/(\.pdf)?$/i, `.${suffix}.pdf`);
await mkdir(path.dirname(out), { recursive: true });

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
async function write(
  label: string,
  file: string,
  render: () => Promise<Buffer>,
  what: string,
): Promise<void> {
  const started = performance.now();
  const pdf = await render();
  const ms = Math.round(performance.now() - started);
  await writeFile(file, pdf);
  console.log(`${label.padEnd(10)} ${file} (${what}, ${mb(pdf.length)}, ${ms} ms)`);
}

await write('interior:', out, () => renderInteriorPdf(input), `${printPageCount(binding)} pages`);
// A softcover has no endpapers: its first and last spreads are in the interior block.
if (endpaperSpreads(binding).length > 0)
  await write(
    'endpapers:',
    sibling('endpapers'),
    () => renderEndpapersPdf(input),
    '2 spread pages',
  );
const settings = coverSettingsOf(input);
await write(
  'cover:',
  sibling('cover'),
  () => renderCoverPdf(input),
  `${settings.binding} wrap, spine ${spineWidthMm(settings)} mm`,
);
