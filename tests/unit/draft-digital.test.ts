// The digital edition in the parent's draft (#36): the PDF alone, or a printed cover with the PDF,
// survives a reload and reaches the save.
import { describe, expect, it } from 'vitest';
import { parseDraft } from '#machines/draft-storage.ts';
import { defaultDraft, withName } from '#machines/purchase-draft.ts';
import { savePayloadOf } from '#machines/purchase-payload.ts';

const named = () => ({
  ...withName(defaultDraft(null, 'en-gb'), 'child', 'Ava', 'en-GB'),
  dedication: 'For Ava',
});
const options = { language: 'en-GB' as const, orderId: null, requestId: crypto.randomUUID() };

describe('the digital edition in the draft', () => {
  it('a draft with the PDF alone is read back after a reload, names and all', () => {
    const stored = JSON.stringify({ ...named(), bookCover: 'digital' });
    const draft = parseDraft(stored);
    expect(draft.bookCover).toBe('digital');
    expect(draft.child.name).toBe('Ava');
    expect(savePayloadOf(draft, options)).toMatchObject({ cover: 'digital' });
    expect(savePayloadOf(draft, options)).not.toHaveProperty('withPdf');
  });

  it("'printed + PDF' is kept through a reload and sent with the save", () => {
    const draft = parseDraft(JSON.stringify({ ...named(), bookCover: 'softcover', withPdf: true }));
    expect(draft.withPdf).toBe(true);
    expect(savePayloadOf(draft, options)).toMatchObject({ cover: 'softcover', withPdf: true });
  });

  it('an unreadable withPdf is dropped, not the draft', () => {
    const draft = parseDraft(
      JSON.stringify({ ...named(), bookCover: 'hardcover', withPdf: 'yes' }),
    );
    expect(draft.child.name).toBe('Ava');
    expect(draft.withPdf).toBeUndefined();
  });
});
