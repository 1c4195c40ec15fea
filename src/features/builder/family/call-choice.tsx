// "What does {child} call them?" on a grown-up's step: the words of the book's language for this
// kind of grown-up (book/family.ts CALL_WORDS) and "By name". A word the other grown-up already
// has is shown but cannot be chosen (the story must tell two grown-ups apart).

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeChildName } from '#book/grammar/name.ts';
import { CALL_BY_NAME } from '#contract/family.ts';
import './family.css';

export interface CallChoiceProps {
  childName: string;
  words: readonly string[];
  value: string;
  /** Words the other grown-up is called by. */
  taken: readonly string[];
  onChange(call: string): void;
}

export function CallChoice({ childName, words, value, taken, onChange }: CallChoiceProps) {
  const { t } = useTranslation('characters');
  const id = useId();
  // The name as the book prints it: 'anna' typed is 'Anna' in the question too.
  const name = normalizeChildName(childName);
  const options = [...words, CALL_BY_NAME];
  return (
    <fieldset className="call-choice">
      <legend>{name ? t('call.legend', { child: name }) : t('call.legendNoName')}</legend>
      <div className="call-choice__options">
        {options.map((word) => {
          const isTaken = taken.includes(word) && word !== value;
          return (
            <label
              key={word}
              className={`call-choice__option${word === value ? ' is-selected' : ''}${isTaken ? ' is-taken' : ''}`}
            >
              <input
                className="option__input"
                type="radio"
                name={`${id}-call`}
                value={word}
                checked={word === value}
                disabled={isTaken}
                aria-describedby={isTaken ? `${id}-taken` : undefined}
                onChange={() => onChange(word)}
              />
              {word === CALL_BY_NAME ? t('call.byName') : word}
            </label>
          );
        })}
      </div>
      {taken.some((word) => word !== value && options.includes(word)) && (
        <p id={`${id}-taken`} className="call-choice__note">
          {t('call.taken')}
        </p>
      )}
    </fieldset>
  );
}
