import * as v from 'valibot';
import { FAMILY_SHAPE_NAMES, GROWN_UP_KIND_NAMES } from './family.ts';
import type { FamilyShapeName, GrownUpKindName } from './family.ts';
import type { Language } from './markets.ts';
import type {
  ChildGender,
  ChildPersonalization,
  OrderableCover,
  ParentPersonalization,
  ParsedSavePayload,
} from './orders.ts';

/**
 * The one adapter between the seed's names (SPEC.md section 3) and the one model the shop speaks
 * inside (issue #45): a book has one child and a list of grown-ups, each with what they are to the
 * child (`kind`), what the child calls them (`call`), a name and a look.
 *
 * The seed names a mum-and-dad book's grown-ups `maleParent` and `femaleParent` and the shop's
 * language `country`. Nothing outside `contract/` reads or writes those names: the server takes a
 * save as a `BookSave` (bookOfSavePayload), the builder keeps its session-storage draft in the one
 * model and reads a draft stored in the seed's shape through `modelDraftOf`.
 */

// ---- A save ------------------------------------------------------------------------------------

/** A grown-up of a save. `call` null: the book language's usual word for the kind (Dad, Mum). */
export interface SaveGrownUp {
  kind: GrownUpKindName;
  name: string | null;
  call: string | null;
  personalization: ParentPersonalization;
}

/** A save as the server takes it: the one model. */
export interface BookSave {
  /** The shop (interface) language the order belongs to: the seed's `country`. */
  shopLanguage: Language;
  /** The book's language: the seed's `language`. */
  bookLanguage: Language;
  orderId: string | null;
  dedication: string;
  cover: OrderableCover;
  withPdf: boolean;
  child: { name: string; gender: ChildGender; personalization: ChildPersonalization };
  family: { shape: FamilyShapeName; grownUps: SaveGrownUp[] };
  requestId?: string;
}

export type BookOfSave =
  | {
      ok: true;
      save: BookSave;
      /** The payload's name of a field of the model (`family.grownUps.0.name` -> `maleParent.name`). */
      fieldOf: (key: string) => string;
    }
  | { ok: false; fields: Record<string, string[]> };

/** The seed's two grown-ups, in the 'mum-dad' shape's order (the dad, then the mum). */
const SEED_GROWN_UPS = ['maleParent', 'femaleParent'] as const;

/**
 * A parsed save payload (contract/orders.ts SavePayloadSchema) as the one model. With `family`
 * the family names who is in the book (maleParent and femaleParent are not read); without it, the
 * seed's mum-and-dad book: maleParent is the family's first grown-up, femaleParent its second,
 * both called by the book language's usual words, and field errors about them are answered under
 * the seed's names.
 */
export function bookOfSavePayload(payload: ParsedSavePayload): BookOfSave {
  const base = {
    shopLanguage: payload.country,
    bookLanguage: payload.language,
    orderId: payload.orderId,
    dedication: payload.dedication,
    cover: payload.cover,
    withPdf: payload.withPdf,
    child: payload.child,
    ...(payload.requestId === undefined ? {} : { requestId: payload.requestId }),
  };
  if (payload.family) {
    return {
      ok: true,
      save: {
        ...base,
        family: {
          shape: payload.family.shape,
          grownUps: payload.family.grownUps.map((g) => ({
            kind: g.kind,
            name: g.name,
            call: g.call,
            personalization: g.personalization,
          })),
        },
      },
      fieldOf: (key) => key,
    };
  }
  const { maleParent, femaleParent } = payload;
  if (!maleParent || !femaleParent) {
    const fields: Record<string, string[]> = {};
    for (const seedName of SEED_GROWN_UPS) {
      if (!payload[seedName])
        fields[seedName] = [`${seedName} is required unless a family is sent.`];
    }
    return { ok: false, fields };
  }
  return {
    ok: true,
    save: {
      ...base,
      family: {
        shape: 'mum-dad',
        grownUps: [maleParent, femaleParent].map((parent) => ({
          kind: parent.grownUpRole,
          name: parent.name,
          call: null,
          personalization: parent.personalization,
        })),
      },
    },
    fieldOf: (key) =>
      key.replace(
        /^family\.grownUps\.([01])(?=\.|$)/,
        (_, index: string) => SEED_GROWN_UPS[Number(index)] as string,
      ),
  };
}

// ---- The session-storage draft ---------------------------------------------------------------

const StoredPersonSchema = v.looseObject({
  name: v.optional(v.nullable(v.string()), ''),
  hair: v.string(),
  eyes: v.string(),
  skin: v.string(),
  accessories: v.array(v.string()),
});

/**
 * A draft as the builder stored it before the one model: the seed's `charactersPersonalization`
 * (child, maleParent, femaleParent; SPEC.md section 3), with the family (issue #33) as two places
 * (`maleParent` held the first grown-up, `femaleParent` the second) when it was not the seed's
 * mum and dad.
 */
const SeedDraftSchema = v.looseObject({
  charactersPersonalization: v.looseObject({
    child: v.unknown(),
    maleParent: StoredPersonSchema,
    femaleParent: StoredPersonSchema,
  }),
  family: v.fallback(
    v.optional(
      v.object({
        shape: v.picklist(FAMILY_SHAPE_NAMES),
        places: v.tuple([
          v.object({ kind: v.picklist(GROWN_UP_KIND_NAMES), call: v.nullable(v.string()) }),
          v.object({ kind: v.picklist(GROWN_UP_KIND_NAMES), call: v.nullable(v.string()) }),
        ]),
      }),
    ),
    undefined,
  ),
});

/**
 * A stored draft (parsed JSON) in the one model's shape: `child` and `family: { shape, grownUps:
 * [{ kind, call, name, look }] }`. A draft in the seed's shape is turned into it (the seed's
 * maleParent as the first grown-up, femaleParent as the second; the seed's mum and dad called by
 * the usual words); anything else is answered as it is, for the draft's own schema to read or
 * refuse.
 */
export function modelDraftOf(stored: unknown): unknown {
  const seed = v.safeParse(SeedDraftSchema, stored);
  if (!seed.success) return stored;
  const { charactersPersonalization: people, family, ...rest } = seed.output;
  const places = family?.places ?? [
    { kind: 'dad', call: null },
    { kind: 'mum', call: null },
  ];
  const grownUp = (
    person: v.InferOutput<typeof StoredPersonSchema>,
    place: { kind: GrownUpKindName; call: string | null },
  ) => ({
    kind: place.kind,
    call: place.call,
    name: person.name ?? '',
    look: {
      hair: person.hair,
      eyes: person.eyes,
      skin: person.skin,
      accessories: person.accessories,
    },
  });
  return {
    ...rest,
    child: people.child,
    family: {
      shape: family?.shape ?? 'mum-dad',
      grownUps: [grownUp(people.maleParent, places[0]), grownUp(people.femaleParent, places[1])],
    },
  };
}

// ---- The shop's language in a query ------------------------------------------------------------

/**
 * The shop (interface) language a query names: the seed calls it `country` (`?country=lv`), the
 * cover options, delivery countries and shop facts read it here, never by the seed's name.
 */
export function shopLanguageOfQuery(query: { country: Language }): Language;
export function shopLanguageOfQuery(query: {
  country?: Language | undefined;
}): Language | undefined;
export function shopLanguageOfQuery(query: {
  country?: Language | undefined;
}): Language | undefined {
  return query.country;
}
