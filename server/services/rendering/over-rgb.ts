// Laying resvg's pictures (premultiplied RGBA) over opaque RGB pixels, as resvg does on one canvas.

/** A rectangle in pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What is left of a channel `x` under a pixel that covers `255 - keep` of it, at `keep << 8 | x`:
 * floor((x * keep + 127) / 255), resvg's rounding. A look-up is cheaper than the arithmetic.
 */
const KEEP = new Uint8Array(256 * 256);
for (let keep = 0; keep < 256; keep += 1) {
  for (let x = 0; x < 256; x += 1) KEEP[(keep << 8) | x] = Math.floor((x * keep + 127) / 255);
}

/** Whether a Uint32Array over RGBA bytes reads R in its low byte (every machine we run on). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Lays premultiplied RGBA pixels (resvg's output) of `box`'s size over the opaque RGB image `out`
 * (`outWidth` pixels a row) at `box`, source-over, as resvg does when it draws everything on one
 * canvas (up to one level of rounding at soft edges). In place.
 */
export function overRgbAt(
  out: Uint8Array,
  outWidth: number,
  overlay: Uint8Array,
  box: PixelBox,
): void {
  if (!LITTLE_ENDIAN || overlay.byteOffset % 4 !== 0) {
    overRgbBytes(out, outWidth, overlay, box);
    return;
  }
  // A pixel read as one 32-bit word: most of the overlay is empty, skipped in one test.
  const words = new Uint32Array(overlay.buffer, overlay.byteOffset, overlay.length >> 2);
  for (let row = 0, p = 0; row < box.height; row += 1) {
    let o = ((box.y + row) * outWidth + box.x) * 3;
    for (let col = 0; col < box.width; col += 1, p += 1, o += 3) {
      const pixel = words[p]!;
      if (pixel === 0) continue;
      const a = pixel >>> 24;
      if (a === 0) continue;
      if (a === 255) {
        out[o] = pixel & 255;
        out[o + 1] = (pixel >>> 8) & 255;
        out[o + 2] = (pixel >>> 16) & 255;
        continue;
      }
      const keep = (255 - a) << 8;
      out[o] = (pixel & 255) + KEEP[keep | out[o]!]!;
      out[o + 1] = ((pixel >>> 8) & 255) + KEEP[keep | out[o + 1]!]!;
      out[o + 2] = ((pixel >>> 16) & 255) + KEEP[keep | out[o + 2]!]!;
    }
  }
}

/** overRgbAt a byte at a time (an overlay not aligned to 4 bytes, or a big-endian machine). */
function overRgbBytes(out: Uint8Array, outWidth: number, overlay: Uint8Array, box: PixelBox): void {
  for (let row = 0, p = 0; row < box.height; row += 1) {
    let o = ((box.y + row) * outWidth + box.x) * 3;
    for (let col = 0; col < box.width; col += 1, p += 1, o += 3) {
      const i = p * 4;
      const a = overlay[i + 3]!;
      if (a === 0) continue;
      const keep = (255 - a) << 8;
      out[o] = overlay[i]! + KEEP[keep | out[o]!]!;
      out[o + 1] = overlay[i + 1]! + KEEP[keep | out[o + 1]!]!;
      out[o + 2] = overlay[i + 2]! + KEEP[keep | out[o + 2]!]!;
    }
  }
}
