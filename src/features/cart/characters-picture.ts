import * as v from 'valibot';
import type { CharacterSet, ParentCharacter } from '#book/catalogue.ts';
import { renderCharacterSvg } from '#book/art/characters/draw-character.ts';
import { BODY_OF_KIND, defaultLook, type GrownUpKind } from '#book/family.ts';
import { grownUpWord } from '#book/grammar/grown-ups.ts';
import { bookLanguageOf } from '#book/languages.ts';
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

/**
 * The people of the item's book as the book draws them (issue #43): the family's grown-ups with
 * the looks the parent gave them, each on the body of their kind (a mum or grandma on the mum's,
 * a dad or grandpa on the dad's), and the child between the first and the second grown-up. Null
 * when a look cannot be read.
 */
export function familyFiguresOf(item: CartItem): Figure[] | null {
  const child = parseJson(ChildPersonalizationSchema, item.childPersonalization);
  if (!child) return null;
  const grownUps = item.family.grownUps.map((grownUp) => ({
    kind: grownUp.kind,
    look: parseJson(ParentPersonalizationSchema, grownUp.personalization),
  }));
  if (grownUps.length === 0 || grownUps.some((grownUp) => !grownUp.look)) return null;
  const childSet: CharacterSet['child'] = { ...child, gender: genderOf(item.childGender) };
  const grownUpFigure = (kind: GrownUpKind, look: ParentCharacter): Figure => {
    const body = BODY_OF_KIND[kind];
    return {
      role: body,
      set: {
        child: childSet,
        dad: body === 'dad' ? look : defaultLook('dad'),
        mum: body === 'mum' ? look : defaultLook('mum'),
      },
    };
  };
  const [first, ...rest] = grownUps.map((g) => grownUpFigure(g.kind, g.look!));
  const childFigure: Figure = {
    role: 'child',
    set: { child: childSet, dad: defaultLook('dad'), mum: defaultLook('mum') },
  };
  return [first!, childFigure, ...rest];
}

/** One figure of the picture: who is drawn, with the looks to draw them by. */
export interface Figure {
  role: 'child' | 'dad' | 'mum';
  set: CharacterSet;
}

/**
 * The people of the book by the words the book uses for them: the child's name, then each
 * grown-up's call word or first name (nominative), for the picture's alternative text. `allFemale` when the child is a girl and every grown-up a woman.
 */
export function familyPeopleOf(item: CartItem): { people: string[]; allFemale: boolean } {
  const language = bookLanguageOf(item.language);
  const words = item.family.grownUps.map((grownUp) => grownUpWord(language, grownUp).nom);
  const female = item.family.grownUps.every((g) => g.kind === 'mum' || g.kind === 'grandma');
  return {
    people: [item.childName, ...words],
    allFemale: female && genderOf(item.childGender) === 'girl',
  };
}

const SIZE = /<svg[^>]*\bwidth="([\d.]+)"[^>]*\bheight="([\d.]+)"/;
/** Distance between the figures' centres and the margin left and right, as parts of the height. */
const SPACING = 0.32;
const MARGIN = 0.17;

const round = (n: number): number => Math.round(n * 10) / 10;

/**
 * One SVG document with the figures standing side by side on one ground line, each at the book's
 * own scale (the child is smaller). Null when they cannot be drawn.
 */
export function charactersSvg(figuresToDraw: readonly Figure[]): string | null {
  try {
    const figures = figuresToDraw.map(({ role, set }) => {
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
