import * as v from 'valibot';

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
export const PREVIEW_SPREADS = Array.from(
  { length: 22 },
  (_, i) => `page_${2 * i + 1}-${2 * i + 2}`,
) as readonly string[];
export const PREVIEW_IMAGE_PAGES = ['cover', ...PREVIEW_SPREADS] as readonly string[];

export const PREVIEW_LANGUAGES = ['lv', 'en-gb', 'en-us'] as const;
export const PREVIEW_GENDERS = ['boy', 'girl'] as const;

export const DEDICATION_MAX_LINES = 10;
export const DEDICATION_MAX_CHARS = 600;
/** Upper bound of the asset list: three characters with every category and accessory. */
export const PERSONALIZATION_MAX_ITEMS = 40;

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
});
export type PreviewImageRequest = v.InferOutput<typeof PreviewImageRequestSchema>;

/** Line breaks as typed in any browser or OS count the same: \r\n, \r and \n. */
export function dedicationLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

export const DedicationSchema = v.pipe(
  v.string('Dedication must be a string.'),
  v.maxLength(
    DEDICATION_MAX_CHARS,
    `The dedication can be at most ${DEDICATION_MAX_CHARS} characters.`,
  ),
  v.check(
    (text) => dedicationLines(text).length <= DEDICATION_MAX_LINES,
    `The dedication can be at most ${DEDICATION_MAX_LINES} lines.`,
  ),
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
  dedication: v.optional(v.nullable(DedicationSchema), ''),
});
export type PreviewDedicationRequest = v.InferOutput<typeof PreviewDedicationRequestSchema>;
