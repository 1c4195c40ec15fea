// Turning one edited character into what book/ draws: the renderer wants a whole CharacterSet,
// so the other two roles come from the book's defaults (they are not in the picture).

import type { CharacterSet, ChildCharacter, ParentCharacter } from '#book/catalogue.ts';
import { defaultCharacters } from '#book/character-set.ts';

export type CharacterRole = 'child' | 'dad' | 'mum';

const OTHERS: CharacterSet = defaultCharacters('boy');

export function characterSetFor(
  role: CharacterRole,
  character: ChildCharacter | ParentCharacter,
): CharacterSet {
  if (role === 'child') return { ...OTHERS, child: character as ChildCharacter };
  return { ...OTHERS, [role]: character as ParentCharacter };
}

/** An SVG document as a data: URL for an <img> (the SVG comes from book/, never from user input). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Zoom a standalone SVG further in by shrinking its viewBox around the top centre (option
 * thumbnails show the head bigger than the editor's face view). `keep` is the share kept.
 */
export function cropToHead(svg: string, keep = 0.84): string {
  return svg.replace(
    /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/,
    (_all, xs: string, ys: string, ws: string, hs: string) => {
      const [x, y, w, h] = [xs, ys, ws, hs].map(Number) as [number, number, number, number];
      const w2 = w * keep;
      const h2 = h * keep;
      const round = (v: number) => Math.round(v * 10) / 10;
      return `viewBox="${round(x + (w - w2) / 2)} ${round(y - h * 0.04)} ${round(w2)} ${round(h2)}"`;
    },
  );
}
