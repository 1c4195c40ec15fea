// The personalisation draft read back from session storage (docs/product-rules.md section 3): anything that
// cannot be parsed gives the default characters. A draft stored in the seed's shape (SPEC.md's
// charactersPersonalization, before the one model) is read through the contract's adapter
// (contract/seed-family.ts modelDraftOf) and restores the same characters.

import * as v from 'valibot';
import { defaultCharacters } from '#book/character-set.ts';
import { SHAPE_MEMBERS } from '#book/family.ts';
import { checkCharacters, genderOf } from '#book/personalization.ts';
import { BOOK_LANGUAGES } from '#book/types.ts';
import { ORDERABLE_COVERS } from '#contract/order-formats.ts';
import { modelDraftOf } from '#contract/seed-family.ts';
import { defaultDraft, draftChildOf, type PersonalizationDraft } from './purchase-draft.ts';
import { BODY_OF_KIND } from '#book/family.ts';
import { StoredFamilySchema, checkLook, type DraftGrownUp } from './purchase-family.ts';

const StoredDraftSchema = v.object({
  orderItemId: v.optional(v.nullable(v.string()), null),
  child: v.object({
    name: v.optional(v.nullable(v.string()), ''),
    gender: v.picklist(['Boy', 'Girl']),
    hair: v.string(),
    eyes: v.string(),
    skin: v.string(),
    formTShirt: v.string(),
    formShorts: v.string(),
    lashes: v.optional(v.nullable(v.string()), null),
    accessories: v.array(v.string()),
  }),
  family: StoredFamilySchema,
  dedication: v.optional(v.nullable(v.string()), null),
  bookCover: v.optional(v.nullable(v.picklist(ORDERABLE_COVERS)), null),
  withPdf: v.fallback(v.optional(v.boolean()), undefined),
  // Optional (older drafts lack it); an unknown value is dropped rather than losing the characters.
  bookLanguage: v.fallback(v.optional(v.picklist(BOOK_LANGUAGES)), undefined),
  familyKept: v.fallback(v.optional(v.boolean()), undefined),
});

/**
 * The draft from session storage. Anything that cannot be parsed (not JSON, a wrong shape, asset
 * names the catalogue does not know or that contradict each other, grown-ups the shape does not
 * have) gives the default characters.
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
  const parsed = v.safeParse(StoredDraftSchema, modelDraftOf(json));
  if (!parsed.success) return defaultDraft(orderItemId);
  const d = parsed.output;
  const c = d.child;
  const { shape } = d.family;
  // The grown-ups the shape has are of its kinds, in its order (an unused second is anyone).
  const fitsShape = SHAPE_MEMBERS[shape].every((kind, i) => d.family.grownUps[i]?.kind === kind);
  // Each grown-up's look is checked against the catalogue of their body (two mums: both the mum's).
  const grownUps = d.family.grownUps.map((g): DraftGrownUp | null => {
    const look = checkLook(g.look, BODY_OF_KIND[g.kind]);
    return look && { kind: g.kind, call: g.call, name: g.name ?? '', look };
  });
  const [first, second] = grownUps;
  const resolved = checkCharacters(
    {
      ...defaultCharacters('boy'),
      child: { ...c, tshirt: c.formTShirt, shorts: c.formShorts },
    },
    genderOf(c.gender),
  );
  if (!resolved.ok || !fitsShape || !first || !second) return defaultDraft(orderItemId);
  return {
    orderItemId: d.orderItemId ?? orderItemId,
    child: draftChildOf(c.name ?? '', resolved.value.child),
    family: { shape, grownUps: [first, second] },
    dedication: d.dedication,
    bookCover: d.bookCover,
    ...(d.withPdf ? { withPdf: true } : {}),
    ...(d.bookLanguage ? { bookLanguage: d.bookLanguage } : {}),
    ...(d.familyKept ? { familyKept: true } : {}),
  };
}
