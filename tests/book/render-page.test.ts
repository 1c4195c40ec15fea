import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  findOption,
  optionsOf,
  type Category,
  type CharacterSet,
} from '#book/catalogue.ts';
import {
  characterSetToAssetNames,
  defaultCharacters,
  resolveCharacterSet,
} from '#book/character-set.ts';
import { drawCharacter } from '#book/art/characters/draw-character.ts';
import { SPREAD_LAYOUTS } from '#book/art/scenes/layouts.ts';
import { FONT_KEYS, fontPathInProject } from '#book/fonts.ts';
import { MAX_NAME_LENGTH } from '#book/grammar/name.ts';
import { measureText } from '#book/text/measure.ts';
import { escapeXml } from '#book/escape.ts';
import { DEDICATION_MAX_LINES } from '#book/personalization.ts';
import {
  expressionOf,
  nameForms,
  renderPageArt,
  renderPageSvg,
  renderPageText,
} from '#book/render-page.ts';
import { dedicationSuggestions } from '#book/story/story-text.ts';
import {
  BOOK_LANGUAGES,
  PAGE_HEIGHT,
  PAGE_IDS,
  SPREAD_IDS,
  type Gender,
  type Role,
} from '#book/types.ts';

const fontFiles = FONT_KEYS.map((key) => fontPathInProject(key));

/** Rasterises small: proves the document parses and draws, fast. */
function draw(svg: string) {
  return new Resvg(svg, {
    fitTo: { mode: 'width', value: 160 },
    font: { fontFiles, loadSystemFonts: false },
  }).render();
}

const girl = defaultCharacters('girl');
const boy = defaultCharacters('boy');

function input(page: string, overrides: Partial<Parameters<typeof renderPageSvg>[0]> = {}) {
  return {
    page,
    language: 'en-gb' as const,
    child: { name: 'Anna', gender: 'girl' as Gender },
    characters: girl,
    dedication: 'Dear Anna,\nyou can do it!\nLove, Mum and Dad',
    ...overrides,
  };
}

describe('renderPageSvg', () => {
  it('renders every page in every language, for boys and girls', () => {
    BOOK_LANGUAGES.forEach((language, l) => {
      PAGE_IDS.forEach((page, p) => {
        // Boys and girls alternate so both genders meet every page across the languages.
        const gender: Gender = (l + p) % 2 === 0 ? 'girl' : 'boy';
        const characters = gender === 'girl' ? girl : boy;
        const svg = renderPageSvg(
          input(page, { language, child: { name: 'Jānis', gender }, characters }),
        );
        expect(svg.startsWith('<svg '), `${page} ${language}`).toBe(true);
        expect(draw(svg).width).toBe(160);
      });
    });
  });

  it('shows the trim box without bleed and the page plus 3 mm around it with bleed', () => {
    expect(renderPageSvg(input('cover'))).toContain(`viewBox="0 0 2450 ${PAGE_HEIGHT}"`);
    expect(renderPageSvg(input('cover', { bleed: true }))).toContain(
      `viewBox="-30 -30 2510 ${PAGE_HEIGHT + 60}"`,
    );
    expect(renderPageSvg(input('page_1-2'))).toContain(`viewBox="0 0 4900 ${PAGE_HEIGHT}"`);
    expect(renderPageSvg(input('page_1-2', { bleed: true }))).toContain(
      `viewBox="-30 -30 4960 ${PAGE_HEIGHT + 60}"`,
    );
  });

  it('refuses a page the book does not have', () => {
    expect(() => renderPageSvg(input('page_45-46'))).toThrow(/Unknown page/);
  });

  it('puts the child name on the cover and through the story', () => {
    for (const language of BOOK_LANGUAGES) {
      const child = { name: 'Ilze', gender: 'girl' as Gender };
      expect(renderPageSvg(input('cover', { language, child })), language).toMatch(/Ilz/);
      const withName = SPREAD_IDS.filter((page) =>
        /Ilz/.test(renderPageSvg(input(page, { language, child }))),
      );
      // The story names the child on most spreads.
      expect(withName.length, language).toBeGreaterThanOrEqual(SPREAD_IDS.length / 2);
    }
  });

  it('draws markup in a name as text, escaped', () => {
    const name = '<b>&amp;</b>';
    for (const page of ['cover', 'page_1-2', 'page_43-44']) {
      const svg = renderPageSvg(input(page, { child: { name, gender: 'girl' } }));
      expect(svg).not.toContain('<b>');
      expect(svg).not.toContain('</b>');
      if (page === 'cover') expect(svg).toContain(escapeXml(name));
      expect(() => draw(svg)).not.toThrow();
    }
  });

  it('draws markup in a dedication as text, escaped, and keeps at most 10 lines', () => {
    const attack = '</text><script>alert(1)</script>\n" onload="x\n<![CDATA[ & ]]>';
    const svg = renderPageSvg(input('dedication', { dedication: attack }));
    expect(svg).not.toMatch(/<script|<!\[CDATA|onload="x/);
    expect(svg).toContain(escapeXml('</text><script>alert(1)</script>'));
    expect(() => draw(svg)).not.toThrow();

    const lines = Array.from({ length: 14 }, (_, i) => `Line number ${i + 1}`);
    const drawn = renderPageSvg(input('dedication', { dedication: lines.join('\n') }));
    expect(drawn).toContain(`Line number ${DEDICATION_MAX_LINES}<`);
    expect(drawn).not.toContain(`Line number ${DEDICATION_MAX_LINES + 1}<`);
  });

  it('draws the dedication lines one under the other at even spacing, blank lines kept', () => {
    const svg = renderPageSvg(input('dedication', { dedication: 'One\nTwo\n\nFour' }));
    const ys = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)"[^>]*>(One|Two|Four)</g)].map((m) =>
      Number(m[1]),
    );
    expect(ys).toHaveLength(3);
    const step = ys[1]! - ys[0]!;
    expect(step).toBeGreaterThan(0);
    expect(ys[2]! - ys[1]!).toBeCloseTo(2 * step, 0);
  });

  it('leaves the dedication page without text when there is no dedication', () => {
    expect(renderPageSvg(input('dedication', { dedication: '' }))).not.toContain('<text');
  });

  it('fits the longest allowed name in every text box, every page, language and gender, never broken', () => {
    // The widest capital, then the widest small letter: the widest name a parent can type.
    const name = `W${'w'.repeat(MAX_NAME_LENGTH - 1)}`;
    for (const language of BOOK_LANGUAGES) {
      for (const gender of ['boy', 'girl'] as const) {
        const child = { name, gender };
        const dedication = dedicationSuggestions(language, child)[0];
        for (const page of PAGE_IDS) {
          const art = renderPageArt(
            input(page, { language, child, characters: defaultCharacters(gender), dedication }),
          );
          expect(art.overflow, `${page} ${language} ${gender}`).toEqual([]);
          // Every time the name is drawn it is whole: no line ends or starts inside it.
          for (const run of art.body.match(/Ww+/g) ?? [])
            expect(run, `${page} ${language} ${gender}`).toBe(name);
        }
      }
    }
  });

  it('never breaks a name of several words (hyphens, spaces, Latvian letters) across lines', () => {
    const names = [
      { name: 'Maximilian-Alexander Joe', gender: 'boy' as const },
      { name: 'Maximilian Alexander Jon', gender: 'boy' as const },
      { name: 'Anna-Šarlote Ķēniņa Ūdre', gender: 'girl' as const },
    ];
    const broken: string[] = [];
    for (const language of BOOK_LANGUAGES) {
      for (const child of names) {
        const forms = nameForms({ language, child });
        const dedication = dedicationSuggestions(language, child)[0];
        for (const page of PAGE_IDS) {
          const { text } = renderPageText(
            input(page, {
              language,
              child,
              characters: defaultCharacters(child.gender),
              dedication,
            }),
          );
          const lines = [...text.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.trim());
          lines.forEach((line, i) => {
            const next = lines[i + 1] ?? '';
            for (const form of forms) {
              const parts = form.split(' ');
              for (let j = 1; j < parts.length; j += 1) {
                // A line ending with the first j parts of a form while the next starts with the rest.
                const head = parts.slice(0, j).join(' ');
                if (line.endsWith(head) && next.startsWith(parts[j]!))
                  broken.push(`${language} ${page} "${line}" / "${next}"`);
              }
            }
            if (/[\p{L}]-$/u.test(line)) broken.push(`${language} ${page} hyphen "${line}"`);
          });
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('fits a full 10-line dedication of 600 characters', () => {
    const line = 'Mēs tevi mīlam un ticam tev, mūsu mazais čempion'.slice(0, 59);
    const dedication = Array.from({ length: 10 }, () => line).join('\n');
    expect(dedication.length).toBeLessThanOrEqual(600);
    expect(renderPageArt(input('dedication', { language: 'lv', dedication })).overflow).toEqual([]);
  });
});

describe('legibility', () => {
  function luminance([r, g, b]: number[]): number {
    const lin = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  }
  const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));

  it('sets every line of story text, in every language, on a calm enough picture: 3:1 contrast behind 85% of it', () => {
    const scale = 0.1;
    const problems: string[] = [];
    const group =
      /<g font-family="[^"]*" font-size="([\d.]+)"[^>]*fill="([^"]*)" text-anchor="(\w+)">((?:<text[^>]*>[^<]*<\/text>)*)<\/g>/g;
    for (const page of SPREAD_IDS) {
      for (const language of BOOK_LANGUAGES) {
        const full = renderPageSvg(input(page, { language }));
        // The page as drawn (panels included) without its letters.
        const picture = full.replace(group, '');
        const image = new Resvg(picture, {
          fitTo: { mode: 'zoom', value: scale },
          font: { fontFiles, loadSystemFonts: false },
        }).render();
        const pixels = image.pixels;
        for (const match of full.matchAll(group)) {
          const [, sizeText, fill, anchor, texts] = match;
          // The dark halo under light letters is not text to read.
          if (full.slice(0, match.index).endsWith('stroke-opacity="0.85">')) continue;
          // Nor is the keyline drawn under a sign's letters (the poster's white outline).
          if (
            /<g stroke="[^"]*" stroke-width="[\d.]+" stroke-linejoin="round">$/.test(
              full.slice(Math.max(0, match.index - 120), match.index),
            )
          )
            continue;
          const size = Number(sizeText);
          const ink = luminance(hex(fill!));
          for (const [, xText, yText, line] of texts!.matchAll(
            /<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g,
          )) {
            // a letter placed by its own transform is a sign's painted letter, not a story line
            if (xText === '0' && yText === '0') continue;
            const width = measureText(line!.replace(/&[a-z]+;/g, 'x'), 'text', size);
            const x = Number(xText);
            const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
            const top = Number(yText) - size * 0.75;
            let poor = 0;
            let all = 0;
            for (let py = Math.floor(top * scale); py < Math.ceil((top + size) * scale); py += 1) {
              for (
                let px = Math.floor(left * scale);
                px < Math.ceil((left + width) * scale);
                px += 1
              ) {
                if (px < 0 || py < 0 || px >= image.width || py >= image.height) continue;
                const i = (py * image.width + px) * 4;
                all += 1;
                if (contrast(ink, luminance([pixels[i]!, pixels[i + 1]!, pixels[i + 2]!])) < 3)
                  poor += 1;
              }
            }
            if (all > 0 && poor / all > 0.15) {
              problems.push(
                `${page}: "${line!.slice(0, 40)}…" ${Math.round((100 * poor) / all)}% below 3:1`,
              );
            }
          }
        }
      }
    }
    expect(
      problems,
      'set ink: "light" or panel: true on these text boxes, or move them to a calmer place',
    ).toEqual([]);
  });
});

describe('every catalogue option is drawn on the pages', () => {
  // Pages that together show every pose each role takes somewhere in the book (greedy cover).
  const wanted = new Set<string>();
  const posesOn = new Map<string, Set<string>>();
  for (const page of PAGE_IDS) {
    // Figures in night things (pyjamas, a dressing gown) show no kit: only day clothes count.
    const keys = new Set(
      SPREAD_LAYOUTS[page]!.slots.filter((slot) => (slot.outfit ?? 'day') === 'day').map(
        (slot) => `${slot.role}:${slot.pose}`,
      ),
    );
    posesOn.set(page, keys);
    keys.forEach((key) => wanted.add(key));
  }
  const pages: string[] = [];
  const missing = new Set(wanted);
  while (missing.size > 0) {
    const [best] = [...posesOn.entries()].sort(
      (a, b) =>
        [...b[1]].filter((k) => missing.has(k)).length -
        [...a[1]].filter((k) => missing.has(k)).length,
    );
    pages.push(best![0]);
    best![1].forEach((key) => missing.delete(key));
  }

  /**
   * Character sets that together contain every option: set i takes the i-th option of every
   * single-choice category (wrapping round), every accessory but one pair of glasses.
   */
  function sets(gender: Gender): CharacterSet[] {
    const pick = (role: Role, category: Category, i: number) => {
      const options = optionsOf(role, category).filter((o) => !o.gender || o.gender === gender);
      return options.length === 0 ? [] : [options[i % options.length]!.asset];
    };
    const longest = Math.max(
      ...(['child', 'dad', 'mum'] as const).flatMap((role) =>
        categoriesOf(role).map(
          (c) => optionsOf(role, c).filter((o) => !o.gender || o.gender === gender).length,
        ),
      ),
    );
    return Array.from({ length: longest }, (_, i) => {
      const assets = (['child', 'dad', 'mum'] as const).flatMap((role) =>
        categoriesOf(role).flatMap((category) => {
          if (category !== 'accessories') return pick(role, category, i);
          // one of each exclusive group (the glasses, a grown-up's clothes colour and build)
          const all = optionsOf(role, category);
          const keep = (o: (typeof all)[number]) => {
            const group = all.filter((g) => g.exclusiveGroup === o.exclusiveGroup);
            return group[i % group.length] === o;
          };
          return all.filter((o) => !o.exclusiveGroup || keep(o)).map((o) => o.asset);
        }),
      );
      const result = resolveCharacterSet(assets, gender);
      if (!result.ok) throw new Error(`sweep set ${i} does not resolve: ${JSON.stringify(result)}`);
      return result.value;
    });
  }

  it('draws the characters at every slot of every page', () => {
    for (const page of PAGE_IDS) {
      const body = renderPageArt(input(page)).body;
      for (const slot of SPREAD_LAYOUTS[page]!.slots) {
        // reaching hands: the page point in the figure's own units
        const sx = slot.flip ? -slot.scale : slot.scale;
        const toFigure = (p: { x: number; y: number }) => ({
          x: (p.x - slot.x) / sx,
          y: (p.y - slot.y) / slot.scale,
        });
        const reach = slot.reach && {
          ...(slot.reach.L ? { L: toFigure(slot.reach.L) } : {}),
          ...(slot.reach.R ? { R: toFigure(slot.reach.R) } : {}),
          ...(slot.reach.round ? { round: slot.reach.round } : {}),
        };
        expect(body, `${slot.role} ${slot.pose} on ${page}`).toContain(
          drawCharacter(slot.role, girl, slot.pose, expressionOf(page, slot), slot.outfit, {
            ...(slot.view ? { view: slot.view } : {}),
            ...(slot.gaze ? { gaze: slot.gaze } : {}),
            ...(slot.part ? { part: slot.part } : {}),
            ...(reach ? { reach } : {}),
          }),
        );
      }
    }
  });

  for (const gender of ['boy', 'girl'] as const) {
    it(`shows every option for a ${gender} as its data-layer in every pose its role takes`, () => {
      const seen = new Map<string, Set<string>>(); // asset -> "page role:pose" where it was drawn
      for (const characters of sets(gender)) {
        const assets = new Set(characterSetToAssetNames(characters));
        for (const page of pages) {
          const body = renderPageArt(
            input(page, { characters, child: { name: 'Anna', gender } }),
          ).body;
          for (const asset of assets) {
            const role = findOption(asset)!.role;
            const slots = SPREAD_LAYOUTS[page]!.slots.filter(
              // a hugger's arms drawn in front of the partner (part 'arms') carry no hair or face
              (slot) =>
                slot.role === role && (slot.outfit ?? 'day') === 'day' && slot.part !== 'arms',
            );
            const drawn = body.split(`data-layer="${asset}"`).length - 1;
            // Drawn once (at least) for every figure of that role on the page.
            if (slots.length > 0 && drawn >= slots.length) {
              const set = seen.get(asset) ?? new Set<string>();
              slots.forEach((slot) => set.add(`${role}:${slot.pose}`));
              seen.set(asset, set);
            }
          }
        }
      }
      for (const role of ['child', 'dad', 'mum'] as const) {
        const poses = [...wanted].filter((key) => key.startsWith(`${role}:`));
        for (const category of categoriesOf(role)) {
          for (const option of optionsOf(role, category)) {
            if (option.gender && option.gender !== gender) continue;
            if (category === 'lashes' && gender === 'boy') continue;
            const drawn = seen.get(option.asset);
            expect(drawn, `${option.asset} never drawn`).toBeDefined();
            // Each role appears in each of its poses on the covering pages; the layer is on them.
            for (const pose of poses)
              expect(drawn!.has(pose), `${option.asset} missing in ${pose}`).toBe(true);
          }
        }
      }
    });
  }
});
