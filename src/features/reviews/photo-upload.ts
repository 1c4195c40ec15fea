import { isHeic } from '#contract/reviews.ts';

/** The longest side the form sends (the server makes it at most 1600 px anyway). */
const MAX_SIDE = 2000;
/** Files at most this big go as they are; bigger ones are made smaller in the browser first. */
const SEND_AS_IS_BYTES = 600_000;

function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What the form does with a chosen file: the photo to send, or why it cannot (a form error's key). */
export type PhotoChoice = { base64: string } | { problem: 'photo' | 'photoHeic' };

/**
 * A chosen photo as base64 for the review API, whose bodies are at most 1 MB: a small file as it
 * is, a phone's big photo drawn smaller into a canvas and sent as JPEG. The server decodes and
 * re-encodes it either way (no metadata is kept). A HEIC photo (an iPhone's own format, which the
 * server cannot read) gets a message of its own; anything else the browser cannot read, 'photo'.
 */
export async function photoForUpload(file: File): Promise<PhotoChoice> {
  const heic =
    /^image\/hei[cf](-sequence)?$/i.test(file.type) ||
    /\.hei[cf]$/i.test(file.name) ||
    isHeic(new Uint8Array(await file.slice(0, 64).arrayBuffer()));
  if (heic) return { problem: 'photoHeic' };
  const base64 = await pictureForUpload(file);
  return base64 ? { base64 } : { problem: 'photo' };
}

async function pictureForUpload(file: File): Promise<string | null> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return null;
  if (file.size <= SEND_AS_IS_BYTES) return base64Of(await file.arrayBuffer());
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const quality of [0.85, 0.7, 0.5]) {
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', quality),
      );
      if (blob && blob.size <= 650_000) return base64Of(await blob.arrayBuffer());
    }
    return null;
  } catch {
    return null;
  }
}
