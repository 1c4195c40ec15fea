// The book a paid item draws (its cover on the order page, in the back office and the mails; the
// print files) is the family that was paid for (#33): a two-mums book's cover shows two mums.
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { renderPageFigures } from '#book/render-page.ts';
import type { SnapshotItem } from '#server/db/schema/checkout.ts';
import { bookOfItem } from '#server/services/order/snapshot.ts';

const set = defaultCharacters('girl');
const { gender: _gender, ...child } = set.child;
const mum = JSON.stringify(set.mum);

function item(family: SnapshotItem['family']): SnapshotItem {
  return {
    itemId: 'item_AAAAAAAAAAAAAAAAAAAAAA',
    productId: 1,
    title: 'Tu to vari',
    language: 'lv',
    childName: 'Anna',
    childGender: 'Girl',
    childPersonalization: JSON.stringify(child),
    dadPersonalization: JSON.stringify(set.dad),
    mumPersonalization: mum,
    dadName: null,
    mumName: null,
    family,
    dedication: 'Mīļā Anna!',
    coverType: 'hardcover',
    unitPriceMinor: 3999,
  } as SnapshotItem;
}

describe('a paid book drawn from the order snapshot', () => {
  it('is drawn with the family paid for: a two-mums cover shows two mums and no dad', () => {
    const book = bookOfItem(
      item({
        shape: 'mum-mum',
        grownUps: [
          { kind: 'mum', name: 'Ilze', call: 'mamma', personalization: mum },
          {
            kind: 'mum',
            name: 'Līga',
            call: 'mammīte',
            personalization: JSON.stringify({ ...set.mum, hair: 'mum_hair_03_BC' }),
          },
        ],
      } as SnapshotItem['family']),
    );
    expect(book.family?.shape).toBe('mum-mum');
    const { figures } = renderPageFigures({ page: 'cover', ...book });
    expect(figures).toContain('data-layer="mum_hair_03_BC"');
    expect(figures).not.toMatch(/data-layer="dad_/);
  });

  it('is today’s book when the item has no family', () => {
    const book = bookOfItem(item(undefined as unknown as SnapshotItem['family']));
    expect(book.family).toBeUndefined();
    expect(renderPageFigures({ page: 'cover', ...book }).figures).toMatch(/data-layer="dad_/);
  });
});
