import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { defaultFamily, type BookFamily } from '#book/family.ts';
import { renderCoverWrapArt } from '#book/print-pages.ts';
import { svgDocument } from '#book/render-page.ts';
import { dedicationSuggestions, storyText } from '#book/story/story-text.ts';
import type { BookLanguage, Gender } from '#book/types.ts';
import {
  coverSettingsOf,
  renderInteriorPdf,
  type BookPdfInput,
} from '#server/services/fulfilment/print/book-pdf.ts';
import { coverLayout } from '#server/services/fulfilment/print/cover-geometry.ts';
import {
  addPrintPage,
  finishPrintDocument,
  openPrintDocument,
} from '#server/services/fulfilment/print/pdf-document.ts';
import {
  PROOF_SETTINGS,
  ProofPart,
  proofPrintFiles,
  proofTasks,
} from '#server/services/fulfilment/print/print-proof.ts';
import {
  renderPrintFiles,
  type PrintFiles,
} from '#server/services/fulfilment/print/print-thread.ts';

// The proof before print (issue #43): each book's print files, rasterised from the PDF, against
// the preview's drawing of the same pages, and the story's sentences in what the binding prints.
// A covering set of the matrix runs here (a family shape with two of one kind and one with
// grandparents, three languages, both bindings, a long name, the darkest and the lightest skin),
// made as the server makes them (the print worker and its proof helper); the full matrix is
// `node --import tsx scripts/proof-matrix.ts`. Then the defects the proof is for: a softcover
// that loses the story's first and last spreads, and a back cover whose card is painted black.

function withSkin(characters: BookPdfInput['characters'], family: BookFamily, tone: number) {
  return {
    characters: {
      child: { ...characters.child, skin: `kid_skin_${tone}` },
      dad: { ...characters.dad, skin: `dad_skin_${tone}D` },
      mum: { ...characters.mum, skin: `mum_skin_${tone}M` },
    },
    family: {
      ...family,
      grownUps: family.grownUps.map((grownUp) => ({
        ...grownUp,
        look: { ...grownUp.look, skin: grownUp.look.skin.replace(/_skin_\d/, `_skin_${tone}`) },
      })),
    },
  };
}

function bookOf(
  shape: BookFamily['shape'],
  language: BookLanguage,
  binding: 'hardcover' | 'softcover',
  child: { name: string; gender: Gender },
  tone: number,
): BookPdfInput {
  const family = defaultFamily(shape, language);
  return {
    language,
    child,
    ...withSkin(defaultCharacters(child.gender), family, tone),
    dedication: dedicationSuggestions(language, child, family)[0],
    editionNumber: 12,
    cover: { binding },
  };
}

const BOOKS = {
  // Two dads, a softcover, the longest name a child may have, the darkest skin.
  dads: bookOf(
    'dad-dad',
    'en-gb',
    'softcover',
    { name: 'Maximilian-Alexander Ozo', gender: 'boy' },
    6,
  ),
  // Two mums in Latvian, a hardcover, the lightest skin.
  mums: bookOf('mum-mum', 'lv', 'hardcover', { name: 'Ķērsta', gender: 'girl' }, 1),
  // Grandparents in American English, a softcover.
  grandparents: bookOf('grandma-grandpa', 'en-us', 'softcover', { name: 'Ava', gender: 'girl' }, 3),
};

const made: Partial<Record<keyof typeof BOOKS, PrintFiles>> = {};
beforeAll(async () => {
  for (const [name, input] of Object.entries(BOOKS))
    made[name as keyof typeof BOOKS] = await renderPrintFiles(input);
}, 900_000);

describe('the proof before print (issue #43)', () => {
  it.each(Object.keys(BOOKS) as (keyof typeof BOOKS)[])(
    'passes the %s book: every page as the preview draws it, every sentence printed',
    (name) => {
      const { proof, endpapers } = made[name]!;
      const input = BOOKS[name];
      expect(proof.error).toBeUndefined();
      expect(proof.failedPages).toEqual([]);
      expect(proof.missingSentences).toEqual([]);
      expect(proof.ok).toBe(true);
      // Every page of every file was measured: a softcover's 46 and its wrap, a hardcover's 42,
      // its two endpapers and its wrap.
      expect(proof.pages).toHaveLength(proofTasks(input).length);
      expect(proof.pages).toHaveLength(input.cover?.binding === 'softcover' ? 47 : 45);
      expect(endpapers === null).toBe(input.cover?.binding === 'softcover');
      expect(proof.worst!.differencePercent).toBeLessThanOrEqual(
        PROOF_SETTINGS.maxDifferencePercent,
      );
      expect(proof.sentences).toBeGreaterThan(150);
    },
  );

  it('fails a softcover that prints the hardcover’s block: the first and last spreads are lost', async () => {
    const input = BOOKS.dads;
    const files = made.dads!;
    // What the softcover printed before #43: the 42-page block, the story's first and last
    // spreads left to the inside covers' halves.
    const interior = await renderInteriorPdf({ ...input, cover: { binding: 'hardcover' } });
    const proof = await proofPrintFiles(input, { ...files, interior });
    expect(proof.ok).toBe(false);
    const first = storyText('page_1-2', input.language, input.child, input.family)[0]!;
    const last = storyText('page_43-44', input.language, input.child, input.family).at(-1)!;
    expect(first).toMatch(/^Maximilian-Alexander Ozo loved football\./);
    expect(proof.missingSentences).toContain('Maximilian-Alexander Ozo loved football.');
    expect(proof.missingSentences.at(-1)).toBe(last.split(/(?<=\.)\s+/).at(-1));
    expect(proof.failedPages[0]).toMatchObject({ file: 'interior', page: 0 });
  }, 120_000);

  it('fails a back cover whose card names a pattern it never defines (printed black)', async () => {
    const input = BOOKS.mums;
    const layout = coverLayout(coverSettingsOf(input));
    // The wrap as it was: the card's fill is the card grain's pattern, whose definition was missing.
    const art = renderCoverWrapArt({ ...input, editionNumber: 12 }, layout);
    const broken = art.replace(/<pattern id="[^"]*card[^"]*"[\s\S]*?<\/pattern>/, '');
    expect(broken).not.toBe(art);
    const target = openPrintDocument({ title: 'broken wrap', bookKey: 'test:wrap', kind: 'cover' });
    addPrintPage(
      target,
      svgDocument(broken, { x: 0, y: 0, width: layout.width, height: layout.height }),
      {
        mediaWidth: layout.width,
        mediaHeight: layout.height,
        trim: layout.trim,
      },
    );
    const cover = await finishPrintDocument(target);
    const tasks = proofTasks(input).filter((task) => task.file === 'cover');
    const [wrap] = await new ProofPart(input, tasks).measure({ ...made.mums!, cover });
    // The card is a fifth of the back cover, a tenth of the wrap (its dark letters on black read
    // the same): ~5% of the wrap's blocks differ, ten times the threshold.
    expect(wrap!.page.differencePercent).toBeGreaterThan(10 * PROOF_SETTINGS.maxDifferencePercent);
    // Where it differs: from the back cover (the left half of the sheet), where the card stands.
    expect(wrap!.page.differs!.x).toBeLessThan(layout.width / 20);
    // The good wrap of the same book passes.
    const [good] = await new ProofPart(input, tasks).measure(made.mums!);
    expect(good!.page.differencePercent).toBeLessThanOrEqual(PROOF_SETTINGS.maxDifferencePercent);
  }, 120_000);
});
