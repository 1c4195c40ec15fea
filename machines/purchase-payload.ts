// The personalisation draft and the orders API (contract/orders.ts): a saved item read back into a
// draft for the cart's 'Edit personalisation', and a draft turned into the save payload (today's
// maleParent and femaleParent for a mum-and-dad book with the default words, a family otherwise).
// Pure: the purchase flow in src/ calls these.

import { parseDraft } from './draft-storage.ts';
import { defaultCharacters } from '#book/character-set.ts';
import { BODY_OF_KIND, defaultCallWord } from '#book/family.ts';
import { normalizeChildName } from '#book/grammar/name.ts';
import { normalizeParentName } from '#book/personalization.ts';
import type { BookLanguage } from '#book/types.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import {
  PRODUCT_ID,
  type CartItem,
  type OrderItemDetail,
  type SavePayload,
} from '#contract/orders.ts';
import {
  bookLanguageOf,
  bookLanguageOfDraft,
  characterSetOf,
  familyPayloadOf,
  defaultDraft,
  type PersonalizationDraft,
} from './purchase-draft.ts';
import { DEFAULT_FAMILY, isDefaultFamily, type DraftFamily } from './purchase-family.ts';

/** The draft of a saved item (GET /api/orderItems/{id}); null when its personalisation cannot be read. */
export function draftFromOrderItem(item: OrderItemDetail): PersonalizationDraft | null {
  const child = item.children[0];
  // The grown-ups in the family's order; a book with one keeps a default second place.
  const [
    dad,
    mum = {
      kind: 'mum' as const,
      name: null,
      call: null,
      personalization: JSON.stringify(defaultCharacters('boy').mum),
    },
  ] = item.grownUps;
  if (!child || !dad) return null;
  const language = bookLanguageOf(item.language);
  const placeOf = (g: { kind: DraftFamily['places'][0]['kind']; call: string | null }) => ({
    kind: g.kind,
    call: g.call === null || g.call === defaultCallWord(language, g.kind) ? null : g.call,
  });
  try {
    const cp = JSON.parse(child.personalization) as Record<string, unknown>;
    const dp = JSON.parse(dad.personalization) as Record<string, unknown>;
    const mp = JSON.parse(mum.personalization) as Record<string, unknown>;
    const family: DraftFamily = { shape: item.familyShape, places: [placeOf(dad), placeOf(mum)] };
    const stored = {
      orderItemId: item.id,
      charactersPersonalization: {
        child: {
          ...cp,
          name: child.name,
          gender: child.gender,
          formTShirt: cp.tshirt,
          formShorts: cp.shorts,
        },
        maleParent: { ...dp, name: dad.name ?? '' },
        femaleParent: { ...mp, name: mum.name ?? '' },
      },
      dedication: item.customization.dedication,
      bookCover: item.customization.bookCoverType,
      ...(item.customization.withPdf === true ? { withPdf: true } : {}),
      bookLanguage: language,
      // Today's mum and dad with the default words is a draft without a family, as before.
      ...(isDefaultFamily(family, language) ? {} : { family }),
    };
    const draft = parseDraft(JSON.stringify(stored), item.id);
    // parseDraft falls back to the defaults; for a saved item that means it could not be read.
    return draft.charactersPersonalization.child.name === child.name ? draft : null;
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
 * (interface) language the order belongs to, `language` the book's language.
 */
export function savePayloadOf(
  draft: PersonalizationDraft,
  options: { language: Language; orderId: string | null; requestId: string },
): SavePayload {
  const set = characterSetOf(draft);
  const c = draft.charactersPersonalization;
  return {
    country: options.language,
    language: toLanguage(bookLanguageOfDraft(draft, options.language)) ?? options.language,
    orderId: options.orderId,
    productId: PRODUCT_ID,
    dedication: draft.dedication ?? '',
    cover: draft.bookCover ?? 'hardcover',
    ...(draft.bookCover !== 'digital' && draft.withPdf === true ? { withPdf: true } : {}),
    child: {
      name: normalizeChildName(c.child.name),
      gender: c.child.gender,
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
    ...grownUpsPayload(draft, bookLanguageOfDraft(draft, options.language)),
    requestId: options.requestId,
  };
}

/** Today's maleParent and femaleParent for today's mum-and-dad book; a `family` for any other. */
function grownUpsPayload(
  draft: PersonalizationDraft,
  language: BookLanguage,
): Pick<SavePayload, 'maleParent' | 'femaleParent' | 'family'> {
  const family = familyPayloadOf(draft, language);
  if (family) return { family };
  const set = characterSetOf(draft);
  const c = draft.charactersPersonalization;
  return {
    maleParent: {
      grownUpRole: 'dad',
      name: normalizeParentName(c.maleParent.name),
      personalization: set.dad,
    },
    femaleParent: {
      grownUpRole: 'mum',
      name: normalizeParentName(c.femaleParent.name),
      personalization: set.mum,
    },
  };
}

/**
 * A sibling's book: the grown-ups of `from` (family shape, looks, names, what the child calls
 * them) and its book language, with a blank child, no dedication and no cover.
 */
export function siblingDraft(from: PersonalizationDraft): PersonalizationDraft {
  const fresh = defaultDraft(null, from.bookLanguage);
  const c = from.charactersPersonalization;
  return {
    ...fresh,
    charactersPersonalization: {
      child: fresh.charactersPersonalization.child,
      maleParent: { ...c.maleParent, accessories: [...c.maleParent.accessories] },
      femaleParent: { ...c.femaleParent, accessories: [...c.femaleParent.accessories] },
    },
    family: from.family
      ? {
          shape: from.family.shape,
          places: [{ ...from.family.places[0] }, { ...from.family.places[1] }],
        }
      : DEFAULT_FAMILY,
    familyKept: true,
  };
}
