// The character screens of the builder (child, dad, mum): name, Boy/Girl for the child, the live
// picture drawn by book/ (no request: the SVG is built in the page the moment an option is
// chosen), zoom, and the option editors (tabs up to 768 px wide, stacked sections above).
// The screen holds no draft: the spine owns name and character and passes every change up.

import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildCharacter, ParentCharacter } from '#book/catalogue.ts';
import { renderCharacterSvg, type CharacterZoom } from '#book/art/characters/draw-character.ts';
import { MAX_NAME_LENGTH } from '#book/grammar/name.ts';
import { PARENT_NAME_MAX_LENGTH } from '#book/personalization.ts';
import type { Who } from '#book/art/characters/wardrobe.ts';
import { characterSetFor, type CharacterRole } from './character-art.ts';
import { EditorTabs } from './editor-tabs.tsx';
import {
  AccessoriesEditor,
  ClothingEditor,
  EyesEditor,
  HairEditor,
  SkinEditor,
  editorsOf,
  type EditorId,
  type EditorProps,
} from './editors.tsx';
import { ZoomIcon } from './option-swatches.tsx';
import { useAfterPaint } from './use-after-paint.ts';
import { useMediaQuery } from './use-media-query.ts';
import './character-screen.css';
import './character-screen-controls.css';

export interface CharacterScreenProps {
  /** Whose options and figure are shown: the child, or the body of a grown-up ('mum' for a grandma). */
  role: CharacterRole;
  /**
   * The locale key of the screen's title, intro, name label, name error and picture: the role by
   * default; a family's grown-up names theirs ('grandma', 'mum_first', 'mum_second', …).
   */
  textKey?: string;
  /** A grown-up: who they are in the book (a grandma's posture, a second mum's own clothes). */
  who?: Who;
  /** Shown next to the name (a grown-up's call word). */
  identityExtra?: ReactNode;
  /** Shown before Back and Next (the child's step: who is in the book). */
  footer?: ReactNode;
  name: string;
  /**
   * Shown under the name field when not null. The codes of machines/purchase.ts `NameProblem`
   * ('required', 'tooLong', 'invalid') are worded here in the page's language (docs/product-rules.md section 5:
   * "Child's name is required" …); any other string is shown as it is.
   */
  nameError: string | null;
  character: ChildCharacter | ParentCharacter;
  onNameChange(name: string): void;
  onGenderChange?(gender: 'boy' | 'girl'): void;
  /** A single-choice option was chosen: category 'hair' | 'eyes' | 'skin' | 'tshirt' | 'shorts'. */
  onSelect(category: string, asset: string): void;
  onToggleAccessory(asset: string): void;
  onNext(): void;
  onBack?(): void;
}

/** docs/product-rules.md: tabs on screens up to 768 px wide, stacked sections otherwise. */
const TABS_QUERY = '(max-width: 768px)';

/** Zoom steps from the whole figure in to the face. */
const ZOOMS: readonly CharacterZoom[] = ['full', 'body', 'face'];

const EDITORS: Record<EditorId, ComponentType<EditorProps>> = {
  hair: HairEditor,
  eyes: EyesEditor,
  clothing: ClothingEditor,
  skin: SkinEditor,
  accessories: AccessoriesEditor,
};

export function CharacterScreen(props: CharacterScreenProps) {
  // A new role is a new screen: zoom and the open tab start over.
  return <CharacterScreenView key={props.textKey ?? props.role} {...props} />;
}

function CharacterScreenView({
  role,
  textKey,
  who,
  identityExtra,
  footer,
  name,
  nameError,
  character,
  onNameChange,
  onGenderChange,
  onSelect,
  onToggleAccessory,
  onNext,
  onBack,
}: CharacterScreenProps) {
  const { t, i18n } = useTranslation('characters');
  const id = useId();
  const tabs = useMediaQuery(TABS_QUERY);
  const [zoom, setZoom] = useState<CharacterZoom>('full');
  const nameInput = useRef<HTMLInputElement>(null);

  const drawn = useAfterPaint(character);
  const svg = useMemo(
    () =>
      renderCharacterSvg(role, characterSetFor(role, character), { zoom, ...(who ? { who } : {}) }),
    [role, character, zoom, who],
  );

  // When the spine reports a name error (after Next), bring the field into view with the focus.
  useEffect(() => {
    if (nameError) nameInput.current?.focus();
  }, [nameError]);

  const select = (category: string, asset: string) => {
    onSelect(category, asset);
    if (category === 'eyes') setZoom('face');
    else if (category === 'tshirt' || category === 'shorts') setZoom('body');
  };

  const text = textKey ?? role;
  const zoomIndex = ZOOMS.indexOf(zoom);
  const zoomBy = (step: 1 | -1) => {
    const next = ZOOMS[zoomIndex + step];
    if (next) setZoom(next);
  };

  const maxLength = role === 'child' ? MAX_NAME_LENGTH : PARENT_NAME_MAX_LENGTH;
  const errorText =
    nameError === null
      ? null
      : nameError === 'required'
        ? t(`name.errors.required.${text}`)
        : i18n.exists(`name.errors.${nameError}`, { ns: 'characters' })
          ? t(`name.errors.${nameError}`, { max: maxLength })
          : nameError;

  const editorProps: EditorProps = {
    role,
    character,
    drawn,
    onSelect: select,
    onToggleAccessory,
    ...(who ? { who } : {}),
  };
  const renderEditor = (editor: EditorId) => {
    const Editor = EDITORS[editor];
    return <Editor {...editorProps} />;
  };
  const editors = editorsOf(role);
  const gender = 'gender' in character ? character.gender : null;

  return (
    <div className={`character-screen character-screen--${role}`}>
      <header className="character-screen__head">
        <h1>{t(`title.${text}`)}</h1>
        <p className="character-screen__intro">{t(`intro.${text}`)}</p>
      </header>

      <div className="character-screen__identity">
        <div className="field character-screen__name">
          <label htmlFor={`${id}-name`}>{t(`name.label.${text}`)}</label>
          <input
            ref={nameInput}
            id={`${id}-name`}
            name={`${role}-name`}
            autoComplete="off"
            spellCheck={false}
            maxLength={maxLength}
            value={name}
            aria-invalid={errorText ? true : undefined}
            aria-describedby={errorText ? `${id}-name-error` : undefined}
            onChange={(event) => onNameChange(event.target.value)}
          />
          {errorText && (
            <p id={`${id}-name-error`} className="field__error">
              {errorText}
            </p>
          )}
        </div>
        {gender && onGenderChange && (
          <fieldset className="gender-toggle">
            <legend>{t('gender.legend')}</legend>
            <div className="gender-toggle__options">
              {(['boy', 'girl'] as const).map((option) => (
                <label
                  key={option}
                  className={`gender-toggle__option${gender === option ? ' is-selected' : ''}`}
                >
                  <input
                    className="option__input"
                    type="radio"
                    name={`${id}-gender`}
                    value={option}
                    checked={gender === option}
                    onChange={() => onGenderChange(option)}
                  />
                  {t(`gender.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {identityExtra}
      </div>

      <div className={`character-stage character-stage--${zoom}`}>
        <div
          className={`character-stage__picture character-stage__picture--${zoom}`}
          role="img"
          aria-label={t(`picture.${text}`, { view: t(`zoom.views.${zoom}`) })}
          data-zoom={zoom}
          // The SVG is built by book/ from catalogue asset names only; no user text is in it.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
        <div className="character-stage__zoom" role="group" aria-label={t('zoom.label')}>
          <button
            type="button"
            className="zoom-button"
            aria-label={t('zoom.out')}
            aria-disabled={zoomIndex === 0}
            onClick={() => zoomBy(-1)}
          >
            <ZoomIcon direction="out" />
          </button>
          <button
            type="button"
            className="zoom-button"
            aria-label={t('zoom.in')}
            aria-disabled={zoomIndex === ZOOMS.length - 1}
            onClick={() => zoomBy(1)}
          >
            <ZoomIcon direction="in" />
          </button>
        </div>
      </div>

      <div className="character-screen__editors">
        {tabs ? (
          <EditorTabs
            label={t('editors.label')}
            tabs={editors}
            title={(editor) => t(`editors.${editor}`)}
            render={renderEditor}
          />
        ) : (
          editors.map((editor) => (
            <section key={editor} className="editor-section" aria-labelledby={`${id}-${editor}`}>
              <h2 id={`${id}-${editor}`}>{t(`editors.${editor}`)}</h2>
              {renderEditor(editor)}
            </section>
          ))
        )}
      </div>

      {footer}

      <div className="character-screen__actions">
        {onBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {t('actions.back')}
          </button>
        )}
        <button
          type="button"
          className="button button--primary button--large character-screen__next"
          onClick={onNext}
        >
          {t('actions.next')}
        </button>
      </div>
    </div>
  );
}
