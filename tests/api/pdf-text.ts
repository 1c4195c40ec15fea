// The text of a PDF as poppler's pdftotext reads it, white space made single spaces: what the
// print tests hold a book's words to.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(path.join(dir, 'book.pdf'), pdf);
    execFileSync('pdftotext', [
      '-enc',
      'UTF-8',
      path.join(dir, 'book.pdf'),
      path.join(dir, 'book.txt'),
    ]);
    return readFileSync(path.join(dir, 'book.txt'), 'utf8').replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
