// The personalisation draft read back from session storage (docs/product-rules.md section 3): anything that
// cannot be parsed gives the default characters, an older draft without a family is today's mum
// and dad.

import * as v from 'valibot';
import { defaultCharacters } from '#book/character-set.ts';
import { checkCharacters, genderOf } from '#book/personalization.ts';
import { BOOK_LANGUAGES } from '#book/types.ts';
import { ORDERABLE_COVERS } from '#contract/orders.ts';
import {
  defaultDraft,
  draftChildOf,
  draftParentOf,
  type PersonalizationDraft,
} from './purchase-draft.ts';
import { DEFAULT_FAMILY, StoredFamilySchema, bodyIn, checkLook } from './purchase-family.ts';

const DraftPersonSchema = v.object({
  name: v.optional(v.nullable(v.string()), ''),
  hair: v.string(),
  eyes: v.string(),
  skin: v.string(),
  accessories: v.array(v.string()),
});
const StoredDraftSchema = v.object({
  orderItemId: v.optional(v.nullable(v.string()), null),
  charactersPersonalization: v.object({
    child: v.object({
      ...DraftPersonSchema.entries,
      gender: v.picklist(['Boy', 'Girl']),
      formTShirt: v.string(),
      formShorts: v.string(),
      lashes: v.optional(v.nullable(v.string()), null),
    }),
    femaleParent: DraftPersonSchema,
    maleParent: DraftPersonSchema,
  }),
  dedication: v.optional(v.nullable(v.string()), null),
  bookCover: v.optional(v.nullable(v.picklist(ORDERABLE_COVERS)), null),
  withPdf: v.fallback(v.optional(v.boolean()), undefined),
  // Optional (older drafts lack it); an unknown value is dropped rather than losing the characters.
  bookLanguage: v.fallback(v.optional(v.picklist(BOOK_LANGUAGES)), undefined),
  // Optional (older drafts lack it: today's mum and dad); an unreadable one is today's too.
  family: v.fallback(v.optional(StoredFamilySchema), undefined),
  familyKept: v.fallback(v.optional(v.boolean()), undefined),
});

/**
 * The draft from session storage. Anything that cannot be parsed (not JSON, a wrong shape, asset
 * names the catalogue does not know or that contradict each other) gives the default characters.
 */
export function parseDraft(
  stored: string | null,
  orderItemId: string | null = null,
): PersonalizationDraft {
  if (!stored) return defaultDraft(orderItemId);
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return defaultDraft(orderItemId);
  }
  const parsed = v.safeParse(StoredDraftSchema, json);
  if (!parsed.success) return defaultDraft(orderItemId);
  const d = parsed.output;
  const c = d.charactersPersonalization;
  const family = d.family ?? DEFAULT_FAMILY;
  // Each grown-up's look is checked against the catalogue of their body (two mums: both the mum's).
  const first = checkLook(c.maleParent, bodyIn(family, 'dad'));
  const second = checkLook(c.femaleParent, bodyIn(family, 'mum'));
  const resolved = checkCharacters(
    {
      ...defaultCharacters('boy'),
      child: { ...c.child, tshirt: c.child.formTShirt, shorts: c.child.formShorts },
    },
    genderOf(c.child.gender),
  );
  if (!resolved.ok || !first || !second) return defaultDraft(orderItemId);
  return {
    orderItemId: d.orderItemId ?? orderItemId,
    charactersPersonalization: {
      child: { ...draftChildOf(c.child.name ?? '', resolved.value.child) },
      maleParent: draftParentOf(c.maleParent.name ?? '', first),
      femaleParent: draftParentOf(c.femaleParent.name ?? '', second),
    },
    dedication: d.dedication,
    bookCover: d.bookCover,
    ...(d.withPdf ? { withPdf: true } : {}),
    ...(d.bookLanguage ? { bookLanguage: d.bookLanguage } : {}),
    ...(d.family ? { family: d.family } : {}),
    ...(d.familyKept ? { familyKept: true } : {}),
  };
}
