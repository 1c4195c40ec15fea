import * as v from 'valibot';
import type { CharacterSet } from '#book/catalogue.ts';
import { renderCharacterSvg } from '#book/art/characters/draw-character.ts';
import { genderOf } from '#book/personalization.ts';
import {
  ChildPersonalizationSchema,
  ParentPersonalizationSchema,
  type CartItem,
} from '#contract/orders.ts';

function parseJson<T>(schema: v.GenericSchema<unknown, T>, json: string): T | null {
  try {
    const result = v.safeParse(schema, JSON.parse(json));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** The item's three characters as the book draws them; null when a personalization is unreadable. */
export function characterSetOf(item: CartItem): CharacterSet | null {
  const child = parseJson(ChildPersonalizationSchema, item.childPersonalization);
  const dad = parseJson(ParentPersonalizationSchema, item.dadPersonalization);
  const mum = parseJson(ParentPersonalizationSchema, item.mumPersonalization);
  if (!child || !dad || !mum) return null;
  return { child: { ...child, gender: genderOf(item.childGender) }, dad, mum };
}

const SIZE = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/;
/** Distance between the figures' centres and the margin left and right, as parts of the height. */
const SPACING = 0.32;
const MARGIN = 0.17;

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * One SVG document with dad, the child and mum standing side by side on one ground line, each at
 * the book's own scale (the child is smaller). Null when the set cannot be drawn.
 */
export function charactersSvg(set: CharacterSet): string | null {
  try {
    const figures = (['dad', 'child', 'mum'] as const).map((role) => {
      const svg = renderCharacterSvg(role, set, { zoom: 'full' });
      const match = SIZE.exec(svg);
      if (!match) throw new Error('character svg without a size');
      return { svg, width: Number(match[1]), height: Number(match[2]) };
    });
    const height = Math.max(...figures.map((figure) => figure.height));
    const margin = height * MARGIN;
    const placed = figures.map((figure, i) => {
      const centre = margin + i * height * SPACING;
      return figure.svg.replace(
        '<svg ',
        `<svg x="${round(centre - figure.width / 2)}" y="${round(height - figure.height)}" `,
      );
    });
    const width = round(2 * margin + (figures.length - 1) * height * SPACING);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${round(height)}" width="${width}" height="${round(height)}">${placed.join('')}</svg>`;
  } catch {
    return null;
  }
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
