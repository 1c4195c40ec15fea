// Prints the screen PDF's numbers (#36 item 2): its size and the time to make it, for a few
// children, made as the print-files job makes it (in this process; the job uses the print thread).
// Usage: node --import tsx scripts/screen-pdf-numbers.ts [--out .tmp/screen]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultCharacters } from '#book/character-set.ts';
import { renderScreenPdf } from '#server/services/fulfilment/print/screen-pdf.ts';

const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
const children = [
  {
    language: 'lv',
    child: { name: 'Ķērsta', gender: 'girl' },
    dedication: 'Mīļā Ķērsta,\ntu vari visu!',
  },
  {
    language: 'en-gb',
    child: { name: 'Maximilian-Alexander', gender: 'boy' },
    dedication: 'Dear Max,\nyou can do it!',
  },
  { language: 'en-us', child: { name: 'Ava', gender: 'girl' }, dedication: 'Go, Ava!' },
] as const;
if (out) mkdirSync(out, { recursive: true });
for (const book of children) {
  const started = performance.now();
  const pdf = await renderScreenPdf({
    ...book,
    characters: defaultCharacters(book.child.gender),
  });
  const ms = performance.now() - started;
  console.log(
    `${book.language.padEnd(6)} ${book.child.name.padEnd(22)} ${pdf.pageCount} pages  ${(pdf.bytes.length / 1e6).toFixed(2)} MB  ${(ms / 1000).toFixed(1)} s`,
  );
  if (out) writeFileSync(path.join(out, `${book.language}.pdf`), pdf.bytes);
}
