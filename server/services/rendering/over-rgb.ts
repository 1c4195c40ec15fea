// Laying resvg's pictures (premultiplied RGBA) over opaque RGB pixels, as resvg does on one canvas.

/** A rectangle in pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Lays premultiplied RGBA pixels (resvg's output) of `box`'s size over the opaque RGB image `out`
 * (`outWidth` pixels a row) at `box`, source-over, as resvg does when it draws everything on one
 * canvas (up to one level of rounding at soft edges). In place.
 */
export function overRgbAt(out: Uint8Array, outWidth: number, overlay: Uint8Array, box: PixelBox): void {
  // Most of the overlay is empty: read a pixel as one 32-bit word to skip it in one test.
  const words =
    overlay.byteOffset % 4 === 0
      ? new Uint32Array(overlay.buffer, overlay.byteOffset, overlay.length >> 2)
      : null;
  for (let row = 0, p = 0; row < box.height; row += 1) {
    let o = ((box.y + row) * outWidth + box.x) * 3;
    for (let col = 0; col < box.width; col += 1, p += 1, o += 3) {
      if (words && words[p] === 0) continue;
      const i = p * 4;
      const a = overlay[i + 3]!;
      if (a === 0) continue;
      if (a === 255) {
        out[o] = overlay[i]!;
        out[o + 1] = overlay[i + 1]!;
        out[o + 2] = overlay[i + 2]!;
        continue;
      }
      // floor(v / 255) as (v + 1 + (v >> 8)) >> 8: the same for every v up to 255 * 255 + 127,
      // in integers (a division of doubles a channel was most of the time spent here).
      const keep = 255 - a;
      let v = out[o]! * keep + 127;
      out[o] = overlay[i]! + ((v + 1 + (v >> 8)) >> 8);
      v = out[o + 1]! * keep + 127;
      out[o + 1] = overlay[i + 1]! + ((v + 1 + (v >> 8)) >> 8);
      v = out[o + 2]! * keep + 127;
      out[o + 2] = overlay[i + 2]! + ((v + 1 + (v >> 8)) >> 8);
    }
  }
}

/** `overlay` (premultiplied RGBA, the size of the scene) over a copy of `scene` (opaque RGB). */
export function overRgb(scene: Uint8Array, overlay: Uint8Array): Buffer {
  const out = Buffer.from(scene);
  // One long row: the same pixels in the same order.
  overRgbAt(out, overlay.length / 4, overlay, { x: 0, y: 0, width: overlay.length / 4, height: 1 });
  return out;
}
