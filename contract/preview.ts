import * as v from 'valibot';
import { FamilySchema } from './family.ts';
import { BOOK_LANGUAGES } from '#book/languages.ts';

/**
 * POST /api/preview/generateImage and POST /api/preview/generateDedicationImage.
 * Both answer `image/webp` (ETag = content hash, immutable caching) or a 400 `ApiError` (503 with
 * Retry-After when the renderer is saturated). `Content-Location` names the same image as
 * `GET /api/preview/images/{hash}.webp`, which a CDN or the browser may cache for ever.
 *
 * The contract checks shapes only. The book's own rules (the child's name, the asset names and
 * how they combine) are checked by the route with book/ and reported as field errors too.
 */

/** The pages of the book as the preview API names them (mirrors book/types.ts PAGE_IDS). */
const PREVIEW_SPREADS = Array.from(
  { length: 22 },
  (_, i) => `page_${2 * i + 1}-${2 * i + 2}`,
) as readonly string[];
export const PREVIEW_IMAGE_PAGES = ['cover', ...PREVIEW_SPREADS, 'back-cover'] as readonly string[];

/** The book's languages (book/languages.ts, the shop's languages lowercased). */
const PREVIEW_LANGUAGES = BOOK_LANGUAGES;
const PREVIEW_GENDERS = ['boy', 'girl'] as const;

/** A first bound on a dedication's size; book/personalization.ts applies the real limits. */
const DEDICATION_FIRST_BOUND = 4000;
/** Upper bound of the asset list: three characters with every category and accessory. */
const PERSONALIZATION_MAX_ITEMS = 40;

const lowerCasePick = <T extends readonly string[]>(options: T, label: string) =>
  v.pipe(
    v.string(`${label} must be a string.`),
    v.trim(),
    v.toLowerCase(),
    v.picklist(options, `${label} must be one of: ${options.join(', ')}.`),
  );

const childName = v.pipe(
  v.string("Child's name must be a string."),
  // A first bound only; book/grammar's validateChildName applies the real rule.
  v.maxLength(200, "Child's name is too long."),
);

const personalizationDetails = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.string('Each asset name must be a string.'),
        v.maxLength(80, 'Asset name is too long.'),
      ),
      'personalizationDetails must be a list of asset names.',
    ),
    v.maxLength(PERSONALIZATION_MAX_ITEMS, `At most ${PERSONALIZATION_MAX_ITEMS} asset names.`),
  ),
  [],
);

export const PreviewImageRequestSchema = v.object({
  childName,
  page: v.pipe(
    v.string('Page must be a string.'),
    v.picklist(PREVIEW_IMAGE_PAGES, "Unknown page: use 'cover' or 'page_1-2' … 'page_43-44'."),
  ),
  personalizationDetails,
  language: lowerCasePick(PREVIEW_LANGUAGES, 'Language'),
  gender: lowerCasePick(PREVIEW_GENDERS, 'Gender'),
  /**
   * Who is in the book (issue #33), as in the save payload (contract/family.ts); left out: today's
   * mum and dad with the looks of `personalizationDetails`. Checked by the same rule as the save.
   */
  family: v.optional(FamilySchema),
});

/**
 * The dedication's shape (text, and a first bound on its size). Its rules (at most 10 lines
 * whatever the line breaks, 600 characters, printable, and required for a saved book) are
 * book/personalization.ts's, applied by the server on top of this schema and reported as field
 * errors of `dedication` like the schema's own: the contract imports nothing of ours.
 */
export const DedicationTextSchema = v.pipe(
  v.string('Dedication must be text.'),
  v.maxLength(DEDICATION_FIRST_BOUND, 'The dedication is too long.'),
);

export const PreviewDedicationRequestSchema = v.object({
  childName,
  page: v.optional(
    v.pipe(
      v.string('Page must be a string.'),
      v.picklist(['dedication'], "Page must be 'dedication'."),
    ),
    'dedication',
  ),
  personalizationDetails,
  language: lowerCasePick(PREVIEW_LANGUAGES, 'Language'),
  gender: lowerCasePick(PREVIEW_GENDERS, 'Gender'),
  dedication: v.optional(v.nullable(DedicationTextSchema), ''),
  /** As on the image request. */
  family: v.optional(FamilySchema),
});
