// The covers at print size (issue #49): the front cover's title stays inside the front panel's
// safe area for the longest names the builder accepts, in the preview, on a softcover and on a
// hardcover; the back cover's card keeps its words well inside its edges. Measured from the
// book's font metrics (the line boxes the composer reports, the title's outline included) and
// the panels' places in the cover wrap as drawn.
import { describe, expect, it } from 'vitest';
import { defaultCharacters } from '#book/character-set.ts';
import { validateChildName } from '#book/grammar/name.ts';
import { renderCoverWrapArt, type WrapGeometry } from '#book/print-pages.ts';
import { renderPageText, type TextLineBox } from '#book/render-page.ts';
import { BLEED, PAGE_HEIGHT, PAGE_WIDTH, type BookLanguage } from '#book/types.ts';
import {
  DEFAULT_COVER_SETTINGS,
  coverLayout,
  type Binding,
} from '#server/services/fulfilment/print/cover-geometry.ts';

/** 1 unit = 0.1 mm. */
const MM = 10;
/**
 * The front panel's safe area for the title (docs/print-spec.md): 15 mm from the spine side (a
 * softcover's hinge score and glue line, a hardcover's joint), 10 mm from head, foot and
 * fore-edge (the trim, or the board's edge the cover material turns round).
 */
const SAFE = { spine: 15 * MM, edge: 10 * MM };

/** The longest names the builder accepts (24 letters): the widest letters, and real long names. */
const LONGEST = [
  'WWWWWWWWWWWWWWWWWWWWWWWW',
  'Maximilian Alexander Jon',
  'Anna-Marija Šķērstiņa-Oz',
  'Ģirts-Ēriks Ķēniņš-Šķēle',
  'Ilze',
];
const LANGUAGES: BookLanguage[] = ['lv', 'en-gb', 'en-us'];

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function coverLines(language: BookLanguage, name: string): TextLineBox[] {
  const text = renderPageText({
    page: 'cover',
    language,
    child: { name, gender: 'girl' },
    characters: defaultCharacters('girl'),
  });
  expect(text.overflow, `${language} ${name}`).toEqual([]);
  return text.lines;
}

/** Where the front cover's page lands on the wrap: its nested picture's place and viewBox. */
function frontPanelMapping(svg: string, geometry: WrapGeometry): (r: Rect) => Rect {
  const panels = [
    ...svg.matchAll(
      /<svg x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" viewBox="([-\d. ]+)" overflow="hidden">/g,
    ),
  ].map((m) => {
    const [vx, vy, vw, vh] = m[5]!.split(' ').map(Number) as [number, number, number, number];
    return { x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]), vx, vy, vw, vh };
  });
  const front = panels.find((p) => Math.abs(p.x - (geometry.front.x - BLEED)) < 1);
  expect(front, 'the front cover is drawn on the front panel').toBeDefined();
  const { x, y, w, h, vx, vy, vw, vh } = front!;
  return (r) => ({
    x0: x + ((r.x0 - vx) * w) / vw,
    x1: x + ((r.x1 - vx) * w) / vw,
    y0: y + ((r.y0 - vy) * h) / vh,
    y1: y + ((r.y1 - vy) * h) / vh,
  });
}

/** The lines that stray outside the safe area of a front panel (spine side on the left). */
function outside(lines: Rect[], panel: { x: number; y: number; width: number; height: number }) {
  const safe = {
    x0: panel.x + SAFE.spine,
    x1: panel.x + panel.width - SAFE.edge,
    y0: panel.y + SAFE.edge,
    y1: panel.y + panel.height - SAFE.edge,
  };
  return lines
    .filter((l) => l.x0 < safe.x0 || l.x1 > safe.x1 || l.y0 < safe.y0 || l.y1 > safe.y1)
    .map(
      (l) =>
        `[${Math.round(l.x0)}..${Math.round(l.x1)} x ${Math.round(l.y0)}..${Math.round(l.y1)}]`,
    );
}

describe('the front cover title stays inside the front panel’s safe area', () => {
  const cases = LANGUAGES.flatMap((language) => LONGEST.map((name) => [language, name] as const));

  it('measures names the builder accepts', () => {
    for (const name of LONGEST) expect(validateChildName(name).ok, name).toBe(true);
  });

  it.each(cases)('%s, %s: in the preview (the trim)', (language, name) => {
    const lines = coverLines(language, name);
    expect(
      outside(lines, { x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT }),
      'title lines',
    ).toEqual([]);
  });

  it.each(
    cases.flatMap(([language, name]) =>
      (['hardcover', 'softcover'] as Binding[]).map(
        (binding) => [language, name, binding] as const,
      ),
    ),
  )('%s, %s: on the %s wrap', (language, name, binding) => {
    const geometry = coverLayout({ ...DEFAULT_COVER_SETTINGS, binding });
    const svg = renderCoverWrapArt(
      { language, child: { name, gender: 'girl' }, characters: defaultCharacters('girl') },
      geometry,
    );
    const onWrap = frontPanelMapping(svg, geometry);
    const lines = coverLines(language, name).map(onWrap);
    expect(outside(lines, geometry.front), 'title lines').toEqual([]);
  });
});

describe('the back cover’s card', () => {
  it.each(LANGUAGES)('keeps its words 10 mm inside its edges (%s, a long name)', (language) => {
    const text = renderPageText({
      page: 'back-cover',
      language,
      child: { name: 'Maximilian Alexander Jon', gender: 'boy' },
      characters: defaultCharacters('boy'),
    });
    expect(text.overflow).toEqual([]);
    // the card: the second path of the panel (after its shadow), a rounded rectangle
    const panel = /<g data-panel="paper"><path d="[^"]*"[^>]*\/><path d="([^"]*)"/.exec(text.text);
    expect(panel, 'the blurb sits on a card').not.toBeNull();
    const numbers = [...panel![1]!.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));
    const xs = numbers.filter((_, i) => i % 2 === 0);
    const ys = numbers.filter((_, i) => i % 2 === 1);
    const card = {
      x0: Math.min(...xs),
      x1: Math.max(...xs),
      y0: Math.min(...ys),
      y1: Math.max(...ys),
    };
    const words = text.lines.filter((line) => line.panel);
    expect(words.length).toBeGreaterThanOrEqual(3);
    for (const line of words) {
      expect(line.x0 - card.x0, 'left').toBeGreaterThanOrEqual(10 * MM);
      expect(card.x1 - line.x1, 'right').toBeGreaterThanOrEqual(10 * MM);
    }
    const top = Math.min(...words.map((line) => line.y0));
    const foot = Math.max(...words.map((line) => line.y1));
    // the card's edges bow out a hair (8 units at most)
    expect(top - card.y0, 'top').toBeGreaterThanOrEqual(8 * MM);
    expect(card.y1 - foot, 'foot').toBeGreaterThanOrEqual(8 * MM);
  });
});
