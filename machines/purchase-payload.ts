// The personalisation draft and the orders API (contract/orders.ts): a saved item read back into a
// draft for the cart's 'Edit personalisation', and a draft turned into the save payload (the child
// and the family, in the one model). Pure: the purchase flow in src/ calls these.

import { parseDraft } from './draft-storage.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { BODY_OF_KIND, defaultCallWord } from '#book/family.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import { PRODUCT_ID } from '#contract/order-formats.ts';
import type { CartItem, OrderItemDetail, SavePayload } from '#contract/orders.ts';
import {
  bookLanguageOf,
  bookLanguageOfDraft,
  characterSetOf,
  familyOf,
  defaultDraft,
  type PersonalizationDraft,
} from './purchase-draft.ts';
import { copyLook } from './purchase-family.ts';

/** The draft of a saved item (GET /api/orderItems/{id}); null when its personalisation cannot be read. */
export function draftFromOrderItem(item: OrderItemDetail): PersonalizationDraft | null {
  const child = item.children[0];
  // The grown-ups in the family's order; a book with one keeps a default second.
  const [
    first,
    second = {
      kind: 'mum' as const,
      name: null,
      call: null,
      personalization: JSON.stringify(defaultCharacters('boy').mum),
    },
  ] = item.grownUps;
  if (!child || !first) return null;
  const language = bookLanguageOf(item.language);
  const grownUp = (
    g: Omit<(typeof item.grownUps)[number], 'grownUpRole' | 'call'> & {
      call: string | null;
    },
  ) => ({
    kind: g.kind,
    // The book language's usual word is the draft's default (null), as the builder keeps it.
    call: g.call === null || g.call === defaultCallWord(language, g.kind) ? null : g.call,
    name: g.name ?? '',
    look: JSON.parse(g.personalization) as unknown,
  });
  try {
    const cp = JSON.parse(child.personalization) as Record<string, unknown>;
    const stored = {
      orderItemId: item.id,
      child: {
        ...cp,
        name: child.name,
        gender: child.gender,
        formTShirt: cp.tshirt,
        formShorts: cp.shorts,
      },
      family: { shape: item.familyShape, grownUps: [grownUp(first), grownUp(second)] },
      dedication: item.customization.dedication,
      bookCover: item.customization.bookCoverType,
      ...(item.customization.withPdf === true ? { withPdf: true } : {}),
      bookLanguage: language,
    };
    const draft = parseDraft(JSON.stringify(stored), item.id);
    // parseDraft falls back to the defaults; for a saved item that means it could not be read.
    return draft.child.name === child.name ? draft : null;
  } catch {
    return null;
  }
}

/**
 * A sibling's book started from a book in the cart (issue #33): that book's grown-ups (shape,
 * looks, names, call words) and language, a blank child (siblingDraft below); null
 * when the cart item's personalisation cannot be read.
 */
export function siblingDraftFromCartItem(item: CartItem): PersonalizationDraft | null {
  const draft = draftFromOrderItem({
    id: item.id,
    orderId: '',
    language: item.language,
    customization: { dedication: item.dedication, bookCoverType: item.format },
    children: [
      {
        name: item.childName,
        gender: item.childGender,
        personalization: item.childPersonalization,
      },
    ],
    familyShape: item.family.shape,
    grownUps: item.family.grownUps.map((g) => ({ ...g, grownUpRole: BODY_OF_KIND[g.kind] })),
  });
  return draft ? siblingDraft(draft) : null;
}

/**
 * What the server receives for a save (SavePayload of contract/orders.ts): `country` is the shop
 * (interface) language the order belongs to, `language` the book's language, `family` who is in
 * the book (contract/seed-family.ts reads a seed client's save into the same model).
 */
export function savePayloadOf(
  draft: PersonalizationDraft,
  options: { language: Language; orderId: string | null; requestId: string },
): SavePayload {
  const set = characterSetOf(draft);
  const bookLanguage = bookLanguageOfDraft(draft, options.language);
  return {
    country: options.language,
    language: toLanguage(bookLanguage) ?? options.language,
    orderId: options.orderId,
    productId: PRODUCT_ID,
    dedication: draft.dedication ?? '',
    cover: draft.bookCover ?? 'hardcover',
    ...(draft.bookCover !== 'digital' && draft.withPdf === true ? { withPdf: true } : {}),
    child: {
      name: normalizeChildName(draft.child.name),
      gender: draft.child.gender,
      personalization: {
        hair: set.child.hair,
        eyes: set.child.eyes,
        skin: set.child.skin,
        tshirt: set.child.tshirt,
        shorts: set.child.shorts,
        lashes: set.child.lashes,
        accessories: set.child.accessories,
      },
    },
    family: familyOf(draft, bookLanguage),
    requestId: options.requestId,
  };
}

/**
 * A sibling's book: the grown-ups of `from` (family shape, looks, names, what the child calls
 * them) and its book language, with a blank child, no dedication and no cover.
 */
export function siblingDraft(from: PersonalizationDraft): PersonalizationDraft {
  const fresh = defaultDraft(null, from.bookLanguage);
  const [first, second] = from.family.grownUps;
  return {
    ...fresh,
    family: {
      shape: from.family.shape,
      grownUps: [
        { ...first, look: copyLook(first.look) },
        { ...second, look: copyLook(second.look) },
      ],
    },
    familyKept: true,
  };
}
