// Who is in the book (issue #33), on the child's step: the eight family shapes as radio cards,
// each with its name in the page's language and the grown-ups drawn as small figures' initials.

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_SHAPES, SHAPE_MEMBERS, type FamilyShape, type GrownUpKind } from '#book/family.ts';
import './family.css';

const KIND_MARK: Record<GrownUpKind, string> = {
  mum: 'family-card__person--mum',
  dad: 'family-card__person--dad',
  grandma: 'family-card__person--grandma',
  grandpa: 'family-card__person--grandpa',
};

export function FamilyChoice({
  shape,
  onChange,
}: {
  shape: FamilyShape;
  onChange(shape: FamilyShape): void;
}) {
  const { t } = useTranslation('characters');
  const { t: tc } = useTranslation('common');
  const id = useId();
  return (
    <fieldset className="family-choice" aria-describedby={`${id}-hint`}>
      <legend>{t('family.legend')}</legend>
      <p id={`${id}-hint`} className="family-choice__hint">
        {t('family.hint')}
      </p>
      <div className="family-choice__cards">
        {FAMILY_SHAPES.map((option) => (
          <label key={option} className={`family-card${option === shape ? ' is-selected' : ''}`}>
            <input
              className="option__input"
              type="radio"
              name={`${id}-family`}
              value={option}
              checked={option === shape}
              onChange={() => onChange(option)}
            />
            <span className="family-card__people" aria-hidden="true">
              {SHAPE_MEMBERS[option].map((kind, i) => (
                <span key={i} className={`family-card__person ${KIND_MARK[kind]}`} />
              ))}
            </span>
            <span className="family-card__name">{tc(`familyShapes.${option}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
