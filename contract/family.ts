import * as v from 'valibot';

/**
 * Who is in the book (issue #33), as the orders API carries it: the family's shape and its
 * grown-ups in the shape's order, each with what they are to the child (`kind`), their name, what
 * the child calls them (`call`: one of the book language's words for that kind, or 'name' for
 * their first name) and their look (asset names of the catalogue of their body: a mum's or a
 * grandma's from the mum options, a dad's or a grandpa's from the dad options).
 *
 * The shapes, kinds and words are the book's (book/family.ts: FAMILY_SHAPES, SHAPE_MEMBERS,
 * CALL_WORDS); the contract imports nothing of ours, so it names the shapes and kinds again (a
 * unit test keeps both lists equal) and leaves the rules between the fields (the members match
 * the shape, the word fits the kind and the book's language, 'name' needs a name, the looks come
 * from the right catalogue) to the server, which answers a 400 with field errors keyed
 * `family.grownUps.{i}.{field}`.
 */

export const FAMILY_SHAPE_NAMES = [
  'mum-dad',
  'mum',
  'dad',
  'mum-mum',
  'dad-dad',
  'grandma',
  'grandpa',
  'grandma-grandpa',
] as const;
export type FamilyShapeName = (typeof FAMILY_SHAPE_NAMES)[number];

export const GROWN_UP_KIND_NAMES = ['mum', 'dad', 'grandma', 'grandpa'] as const;
export type GrownUpKindName = (typeof GROWN_UP_KIND_NAMES)[number];

/** The call word that means "by their first name". */
export const CALL_BY_NAME = 'name';

const asset = v.pipe(
  v.string('Asset name must be a string.'),
  v.maxLength(80, 'Asset name is too long.'),
);

/** A grown-up's look: asset names as in book/catalogue.ts ParentCharacter. */
export const GrownUpLookSchema = v.object({
  hair: asset,
  eyes: asset,
  skin: asset,
  accessories: v.pipe(
    v.array(asset, 'accessories must be a list of asset names.'),
    v.maxLength(8, 'Too many accessories.'),
  ),
});

export const FamilyGrownUpSchema = v.object({
  kind: v.picklist(GROWN_UP_KIND_NAMES, "kind must be 'mum', 'dad', 'grandma' or 'grandpa'."),
  /** Optional unless `call` is 'name'; book/personalization.ts's name rules apply (server). */
  name: v.optional(
    v.nullable(
      v.pipe(v.string('Name must be a string.'), v.maxLength(200, 'The name is too long.')),
    ),
    null,
  ),
  call: v.pipe(
    v.string('call must be a word from the list or "name".'),
    v.maxLength(40, 'call is too long.'),
  ),
  personalization: GrownUpLookSchema,
});

/** The save payload's `family`. */
export const FamilySchema = v.object({
  shape: v.picklist(FAMILY_SHAPE_NAMES, 'shape is not one of the family shapes.'),
  grownUps: v.pipe(
    v.array(FamilyGrownUpSchema, 'grownUps must be a list.'),
    v.minLength(1, 'A book has at least one grown-up.'),
    v.maxLength(2, 'A book has at most two grown-ups.'),
  ),
});
export type FamilyPayload = v.InferInput<typeof FamilySchema>;
export type ParsedFamily = v.InferOutput<typeof FamilySchema>;

/** A family as the API answers it (the item read, the cart summary): looks as JSON strings. */
export const FamilyAnswerSchema = v.object({
  shape: v.picklist(FAMILY_SHAPE_NAMES),
  grownUps: v.array(
    v.object({
      kind: v.picklist(GROWN_UP_KIND_NAMES),
      name: v.nullable(v.string()),
      call: v.string(),
      /** JSON of the look (ParentPersonalization). */
      personalization: v.string(),
    }),
  ),
});
export type FamilyAnswer = v.InferOutput<typeof FamilyAnswerSchema>;
