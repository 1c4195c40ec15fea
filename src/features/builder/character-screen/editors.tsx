// The option editors of the character screen: hair (style, then colour), eye colour, clothing
// (the child's T-shirt and shorts; a grown-up's clothes colour and build), skin tone and accessories. Single choices are native radio
// groups (arrow keys move and choose, as in any form); accessories are toggle buttons with
// aria-pressed. Every option shows itself: a swatch in the book's palette or a small drawing of
// this very character wearing it.

import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  findOption,
  optionsOf,
  type CatalogueOption,
  type ChildCharacter,
  type EyeColourCode,
  type HairColourCode,
  type ParentCharacter,
  type SkinToneId,
} from '#book/catalogue.ts';
import { renderCharacterSvg } from '#book/art/characters/draw-character.ts';
import { defaultWear, whoOf, type Who } from '#book/art/characters/wardrobe.ts';
import { characterSetFor, cropToHead, svgDataUrl, type CharacterRole } from './character-art.ts';
import {
  CheckBadge,
  ClothesColourSwatch,
  EyeColourSwatch,
  HairColourSwatch,
  ShortsSwatch,
  SkinToneSwatch,
  TshirtSwatch,
} from './option-swatches.tsx';

export type EditorId = 'hair' | 'eyes' | 'clothing' | 'skin' | 'accessories';

/** Editors in the order of docs/product-rules.md (a grown-up's clothing: the clothes colour and the build). */
export function editorsOf(_role: CharacterRole): readonly EditorId[] {
  return ['hair', 'eyes', 'clothing', 'skin', 'accessories'];
}

export interface EditorProps {
  role: CharacterRole;
  /** The character as chosen: what the buttons show as selected. */
  character: ChildCharacter | ParentCharacter;
  /**
   * The character the option thumbnails are drawn on: a copy that follows after the next paint,
   * so a choice repaints the big picture first and the small drawings follow right after.
   */
  drawn: ChildCharacter | ParentCharacter;
  onSelect(category: string, asset: string): void;
  onToggleAccessory(asset: string): void;
  /** A grown-up: who they are in the book (their body, their clothes when none are chosen). */
  who?: Who;
}

interface RadioOption {
  value: string;
  label: string;
  visual: ReactNode;
}

interface OptionGroupProps {
  legend: string;
  /** Keep the legend for screen readers only (when a heading or tab already says it). */
  legendHidden?: boolean;
  options: readonly RadioOption[];
  value: string;
  onChange(value: string): void;
  kind: 'thumb' | 'swatch';
}

/** A radio group of picture buttons. */
function OptionGroup({
  legend,
  legendHidden = false,
  options,
  value,
  onChange,
  kind,
}: OptionGroupProps) {
  const name = useId();
  return (
    <fieldset className="option-group">
      <legend className={legendHidden ? 'visually-hidden' : 'option-group__legend'}>
        {legend}
      </legend>
      <div className={`option-group__options option-group__options--${kind}`}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <label
              key={option.value}
              className={`option option--${kind}${selected ? ' is-selected' : ''}`}
            >
              <input
                className="option__input"
                type="radio"
                name={name}
                value={option.value}
                checked={selected}
                onChange={() => onChange(option.value)}
              />
              <span className="option__visual" aria-hidden="true">
                {option.visual}
                {selected && <CheckBadge />}
              </span>
              <span className="option__name">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Thumb({ svg }: { svg: string }) {
  return (
    <img
      className="option__thumb"
      src={svgDataUrl(svg)}
      alt=""
      decoding="async"
      draggable={false}
    />
  );
}

function faceWith(
  role: CharacterRole,
  character: ChildCharacter | ParentCharacter,
  change: Partial<ChildCharacter>,
  zoom: 'face' | 'body' = 'face',
  who?: Who,
): string {
  const svg = renderCharacterSvg(
    role,
    characterSetFor(role, { ...character, ...change } as typeof character),
    { zoom, ...(who ? { who } : {}) },
  );
  return zoom === 'face' ? cropToHead(svg) : svg;
}

/** The option of a group a grown-up wears: the one chosen, else their default. */
function chosenIn(
  character: ChildCharacter | ParentCharacter,
  role: 'dad' | 'mum',
  group: 'clothes' | 'build',
  fallback: string,
): string {
  const picked = character.accessories.find((a) => findOption(a)?.exclusiveGroup === group);
  return picked ?? `${role}_acc_${group}_${fallback}`;
}

/** A grown-up's clothes colour (swatches) and build (drawings of them in each build). */
function GrownUpClothing({ role, character, drawn, onToggleAccessory, who }: EditorProps) {
  const { t } = useTranslation('characters');
  const body = role === 'mum' ? 'mum' : 'dad';
  const person = whoOf(body, who);
  const defaults = defaultWear(person);
  const options = optionsOf(body, 'accessories');
  const colours = options.filter((o) => o.exclusiveGroup === 'clothes');
  const builds = options.filter((o) => o.exclusiveGroup === 'build');
  const thumbs = useMemo(() => {
    const others = drawn.accessories.filter((a) => findOption(a)?.exclusiveGroup !== 'build');
    return new Map(
      builds.map((o) => [
        o.asset,
        faceWith(body, drawn, { accessories: [...others, o.asset] }, 'body', person),
      ]),
    );
  }, [builds, body, drawn, person]);
  const choose = (asset: string) => onToggleAccessory(asset);
  return (
    <div className="editor editor--clothing">
      <OptionGroup
        legend={t('clothing.colour')}
        options={colours.map((o) => ({
          value: o.asset,
          label: t(`clothing.colours.${o.styleKey}`),
          visual: <ClothesColourSwatch colour={o.swatch} top={body} />,
        }))}
        value={chosenIn(character, body, 'clothes', defaults.colour)}
        kind="swatch"
        onChange={choose}
      />
      <OptionGroup
        legend={t('clothing.build')}
        options={builds.map((o) => ({
          value: o.asset,
          label: t(`clothing.builds.${o.styleKey}`),
          visual: <Thumb svg={thumbs.get(o.asset) ?? ''} />,
        }))}
        value={chosenIn(character, body, 'build', defaults.build)}
        kind="thumb"
        onChange={choose}
      />
    </div>
  );
}

/** The catalogue's hair options this character may wear (a boy's or a girl's styles for the child). */
function hairOptions(
  role: CharacterRole,
  character: ChildCharacter | ParentCharacter,
): CatalogueOption[] {
  const gender = 'gender' in character ? character.gender : undefined;
  return optionsOf(role, 'hair').filter((o) => !gender || o.gender === gender);
}

export function HairEditor({ role, character, drawn, onSelect, who }: EditorProps) {
  const { t } = useTranslation('characters');
  const options = useMemo(() => hairOptions(role, character), [role, character]);
  const current = findOption(character.hair);
  const first = options[0];
  const currentStyle = current && options.includes(current) ? current.style : (first?.style ?? '');
  const currentColour = current?.colour ?? first?.colour ?? '';

  /** Each style in a colour: the given one, or the style's first colour when it lacks it. */
  const inColour = (
    style: string,
    colour: string | null | undefined,
  ): CatalogueOption | undefined =>
    options.find((o) => o.style === style && o.colour === colour) ??
    options.find((o) => o.style === style);

  const styles = useMemo(() => {
    const seen = new Map<string, CatalogueOption>();
    for (const o of options) if (!seen.has(o.style)) seen.set(o.style, o);
    return [...seen.values()];
  }, [options]);

  // Thumbnails: every style on the (deferred) character, in its hair colour.
  const thumbs = useMemo(() => {
    const colour = findOption(drawn.hair)?.colour;
    const all = optionsOf(role, 'hair');
    return new Map(
      styles.map((s) => {
        const hair = all.find((o) => o.style === s.style && o.colour === colour) ?? s;
        return [s.style, faceWith(role, drawn, { hair: hair.asset }, 'face', who)] as const;
      }),
    );
  }, [styles, role, drawn, who]);

  const styleOptions = styles.map((s) => ({
    value: s.style,
    label: t(`hair.styles.${s.styleKey}`),
    visual: <Thumb svg={thumbs.get(s.style) ?? ''} />,
  }));
  const colourOptions = options
    .filter((o) => o.style === currentStyle)
    .map((o) => ({
      value: o.asset,
      label: t(`hair.colours.${o.colour}`),
      visual: <HairColourSwatch colour={o.colour as HairColourCode} />,
    }));

  return (
    <div className="editor editor--hair">
      <OptionGroup
        legend={t('hair.style')}
        options={styleOptions}
        value={currentStyle}
        kind="thumb"
        onChange={(style) => {
          const chosen = inColour(style, currentColour);
          if (chosen) onSelect('hair', chosen.asset);
        }}
      />
      <OptionGroup
        legend={t('hair.colour')}
        options={colourOptions}
        value={character.hair}
        kind="swatch"
        onChange={(asset) => onSelect('hair', asset)}
      />
    </div>
  );
}

export function EyesEditor({ role, character, onSelect }: EditorProps) {
  const { t } = useTranslation('characters');
  const options = optionsOf(role, 'eyes').map((o) => ({
    value: o.asset,
    label: t(`eyes.colours.${o.colour}`),
    visual: <EyeColourSwatch colour={o.colour as EyeColourCode} />,
  }));
  return (
    <div className="editor">
      <OptionGroup
        legend={t('editors.eyes')}
        legendHidden
        options={options}
        value={character.eyes}
        kind="swatch"
        onChange={(asset) => onSelect('eyes', asset)}
      />
    </div>
  );
}

export function ClothingEditor(props: EditorProps) {
  if (!('tshirt' in props.character)) return <GrownUpClothing {...props} />;
  return <ChildClothing {...props} />;
}

function ChildClothing({ character, onSelect }: EditorProps) {
  const { t } = useTranslation('characters');
  if (!('tshirt' in character)) return null;
  const tshirts = optionsOf('child', 'tshirt').map((o) => ({
    value: o.asset,
    label: t(`clothing.tshirts.${o.style}`),
    visual: <TshirtSwatch style={o.style} />,
  }));
  const shorts = optionsOf('child', 'shorts').map((o) => ({
    value: o.asset,
    label: t(`clothing.shortsOptions.${o.style}`),
    visual: <ShortsSwatch style={o.style} />,
  }));
  return (
    <div className="editor editor--clothing">
      <OptionGroup
        legend={t('clothing.tshirt')}
        options={tshirts}
        value={character.tshirt}
        kind="swatch"
        onChange={(asset) => onSelect('tshirt', asset)}
      />
      <OptionGroup
        legend={t('clothing.shorts')}
        options={shorts}
        value={character.shorts}
        kind="swatch"
        onChange={(asset) => onSelect('shorts', asset)}
      />
    </div>
  );
}

export function SkinEditor({ role, character, onSelect }: EditorProps) {
  const { t } = useTranslation('characters');
  const options = optionsOf(role, 'skin').map((o) => ({
    value: o.asset,
    label: t(`skin.tones.${o.style}`),
    visual: <SkinToneSwatch tone={Number(o.style) as SkinToneId} />,
  }));
  return (
    <div className="editor">
      <OptionGroup
        legend={t('editors.skin')}
        legendHidden
        options={options}
        value={character.skin}
        kind="swatch"
        onChange={(asset) => onSelect('skin', asset)}
      />
    </div>
  );
}

export function AccessoriesEditor({ role, character, drawn, onToggleAccessory, who }: EditorProps) {
  const { t } = useTranslation('characters');
  // what is worn on the face; a grown-up's clothes colour and build have the clothing editor
  const options = useMemo(
    () =>
      optionsOf(role, 'accessories').filter(
        (o) => o.exclusiveGroup !== 'clothes' && o.exclusiveGroup !== 'build',
      ),
    [role],
  );
  const thumbs = useMemo(
    () =>
      new Map(
        options.map((o) => [
          o.asset,
          faceWith(role, drawn, { accessories: [o.asset] }, 'face', who),
        ]),
      ),
    [options, role, drawn, who],
  );
  const hasGlassesPair = options.filter((o) => o.exclusiveGroup === 'glasses').length > 1;
  const hintId = useId();
  return (
    <div
      className="editor editor--accessories"
      role="group"
      aria-label={t('editors.accessories')}
      aria-describedby={hintId}
    >
      <p id={hintId} className="editor__hint">
        {t(hasGlassesPair ? 'accessories.hintGlasses' : 'accessories.hint')}
      </p>
      <ul className="option-group__options option-group__options--thumb">
        {options.map((o) => {
          const on = character.accessories.includes(o.asset);
          return (
            <li key={o.asset}>
              <button
                type="button"
                className={`option option--thumb${on ? ' is-selected' : ''}`}
                aria-pressed={on}
                onClick={() => onToggleAccessory(o.asset)}
              >
                <span className="option__visual" aria-hidden="true">
                  <Thumb svg={thumbs.get(o.asset) ?? ''} />
                  {on && <CheckBadge />}
                </span>
                <span className="option__name">{t(`accessories.options.${o.styleKey}`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
