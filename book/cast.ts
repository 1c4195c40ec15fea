// The figures of a page: which grown-up is cast into each of the story's two parts (book/family.ts),
// which slots a book with one grown-up keeps (the layout's solo staging), and each figure drawn at
// its slot with its face, clothes, view and gaze. Split from render-page.ts, which composes them
// with the scene and the words. Pure and isomorphic.

import type { CharacterSet } from './catalogue.ts';
import { drawCharacter, type Look } from './art/characters/draw-character.ts';
import type { Who } from './art/characters/wardrobe.ts';
import type { PropContext, SceneContext, SpreadLayout } from './art/scenes/layouts.ts';
import { BODY_OF_KIND, CAST, castOf, isSolo, type BookFamily, type StoryPart } from './family.ts';
import { SCENE_NOTES } from './story/scenes.ts';
import { SOLO_PART } from './story/solo-part.ts';
import type { CharacterSlot, Expression, PageId } from './types.ts';

/** A number as the SVG writes it: at most three decimals. */
export function fmt(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** The face a character wears on a page: the slot's own, else what the scene note says. */
export function expressionOf(page: PageId, slot: CharacterSlot): Expression {
  return slot.expression ?? SCENE_NOTES[page]?.feels[slot.role] ?? 'happy';
}

export function placeCharacter(
  page: PageId,
  slot: CharacterSlot,
  characters: CharacterSet,
  family?: BookFamily,
): string {
  const sx = slot.flip ? -slot.scale : slot.scale;
  const transform = `translate(${fmt(slot.x)} ${fmt(slot.y)}) scale(${fmt(sx)} ${fmt(slot.scale)})`;
  const expression = expressionOf(page, slot);
  // hands that reach for something: the page point in the figure's own units
  const toFigure = (p: { x: number; y: number }) => ({
    x: (p.x - slot.x) / sx,
    y: (p.y - slot.y) / slot.scale,
  });
  const reach = slot.reach && {
    ...(slot.reach.L ? { L: toFigure(slot.reach.L) } : {}),
    ...(slot.reach.R ? { R: toFigure(slot.reach.R) } : {}),
    ...(slot.reach.round ? { round: slot.reach.round } : {}),
  };
  const holds = slot.holds ? ` data-holds="${slot.holds}"` : '';
  const options: Look = {
    ...(slot.view ? { view: slot.view } : {}),
    ...(slot.gaze ? { gaze: slot.gaze } : {}),
    ...(slot.part ? { part: slot.part } : {}),
    ...(reach ? { reach } : {}),
  };
  if (!family || slot.role === 'child') {
    const figure = drawCharacter(
      slot.role,
      characters,
      slot.pose,
      expression,
      slot.outfit,
      options,
    );
    return `<g data-figure="${slot.role}"${holds} transform="${transform}">${figure}</g>`;
  }
  // The grown-up cast to this part, drawn with the body of their kind and their own look.
  const part: StoryPart = slot.role;
  const grownUp = castOf(family, part);
  const body = BODY_OF_KIND[grownUp.kind];
  const cast: CharacterSet = { ...characters, [body]: grownUp.look };
  const figure = drawCharacter(body, cast, slot.pose, expression, slot.outfit, {
    ...options,
    who: whoIn(family, part),
  });
  // Today's book (mum and dad) is drawn byte for byte as before; other families' figures say who they are.
  const kind = family.shape === 'mum-dad' ? '' : ` data-kind="${grownUp.kind}"`;
  return `<g data-figure="${part}"${kind}${holds} transform="${transform}">${figure}</g>`;
}

/** Who plays a story part: their kind, and whether they are the first or the second of it. */
export function whoIn(family: BookFamily, part: StoryPart): Who {
  const index = CAST[family.shape][part];
  const kind = family.grownUps[index]!.kind;
  const nth = family.grownUps.slice(0, index).some((g) => g.kind === kind) ? 1 : 0;
  return { kind, nth };
}

/** The grown-up parts a page shows: both, or with one grown-up the one the layout keeps. */
export function partsShown(
  page: PageId,
  layout: SpreadLayout,
  family?: BookFamily,
): Set<StoryPart> {
  const parts = new Set<StoryPart>(
    layout.slots.map((s) => s.role).filter((role): role is StoryPart => role !== 'child'),
  );
  if (!family || !isSolo(family.shape) || parts.size === 0) return parts;
  // The layout's choice, else the part the page's words follow (story/solo-part.ts), else Mum's.
  const follows = SOLO_PART[page];
  const keep =
    layout.solo?.keep ??
    (follows && parts.has(follows) ? follows : parts.has('mum') ? 'mum' : 'dad');
  return new Set([keep]);
}

/** The slots a page draws for this family: with one grown-up, the layout's solo staging. */
export function slotsFor(page: PageId, layout: SpreadLayout, family?: BookFamily): CharacterSlot[] {
  if (!family || !isSolo(family.shape)) return layout.slots;
  if (layout.solo?.slots) return layout.solo.slots;
  const shown = partsShown(page, layout, family);
  return layout.slots.filter((s) => s.role === 'child' || shown.has(s.role));
}

/** The props over the figures for this family: the foreground and the props of the parts shown. */
export function propsFor(
  page: PageId,
  layout: SpreadLayout,
  family: BookFamily | undefined,
  context: SceneContext,
  characters?: CharacterSet,
): string {
  const solo = family && isSolo(family.shape) ? layout.solo : undefined;
  const foreground = solo?.foreground ?? layout.foreground;
  const partProps = solo?.partProps ?? layout.partProps;
  // Props that belong to a grown-up part (a mug, an umbrella) only when that part is drawn.
  const shown = partsShown(page, layout, family);
  const people = (part: StoryPart) =>
    family
      ? { kind: castOf(family, part).kind, look: castOf(family, part).look }
      : characters && { kind: part, look: characters[part] };
  const dad = people('dad');
  const mum = people('mum');
  const ctx: PropContext = {
    ...context,
    ...(dad && mum ? { people: { dad, mum } } : {}),
  };
  return (
    (foreground ? foreground(ctx) : '') +
    (['dad', 'mum'] as const)
      .filter((part) => shown.has(part))
      .map((part) => partProps?.[part]?.(ctx) ?? '')
      .join('')
  );
}
