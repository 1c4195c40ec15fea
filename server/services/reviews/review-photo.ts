import sharp from 'sharp';

/** The largest side of a stored review photo, in pixels. */
export const REVIEW_PHOTO_MAX_SIDE = 1600;
/** Uploads bigger than this are refused before they are decoded. */
export const REVIEW_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** A decoded picture larger than this (width x height) is refused: no decompression bombs. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A buyer's photo as the shop keeps it: decoded (JPEG, PNG or WebP only), turned upright by its
 * EXIF orientation, made at most REVIEW_PHOTO_MAX_SIDE on its longest side and encoded anew as
 * WebP. sharp writes no metadata unless asked (no EXIF, GPS, XMP, ICC profile, comments), so
 * nothing of the original file but its pixels is kept. Answers null for anything else.
 */
export async function reencodeReviewPhoto(input: Buffer): Promise<Buffer | null> {
  if (input.length === 0 || input.length > REVIEW_PHOTO_MAX_BYTES) return null;
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) return null;
    if (meta.pages !== undefined && meta.pages > 1) return null;
    return await image
      .rotate()
      .resize({
        width: REVIEW_PHOTO_MAX_SIDE,
        height: REVIEW_PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
