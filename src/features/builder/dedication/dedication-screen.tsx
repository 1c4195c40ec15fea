import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookLanguage } from '#book/types.ts';
import {
  DEDICATION_MAX_LINES,
  dedicationLines,
  type DedicationProblem,
} from '#book/personalization.ts';
import '#src/features/builder/step-frame.css';
import './dedication-screen.css';

interface DedicationScreenProps {
  /** The dedication as it stands (the first suggestion until the parent changes it). */
  text: string;
  suggestions: readonly [string, string, string];
  /**
   * The book's language when it is not the interface language: a line says the book (and so the
   * suggestions) is in that language. Null or absent when they match.
   */
  bookLanguage?: BookLanguage | null;
  /** Why the last change was refused or Continue could not go on; null when all is well. */
  note: DedicationProblem | null;
  /** The dedication page drawn with the words as they stand (beside the editor; below it on phones). */
  page?: ReactNode;
  onChange(text: string): void;
  onContinue(): void;
  onReturn(): void;
}

/**
 * The dedication step: a return link, the text (at most 10 lines, blank lines count: a change
 * past that is refused by the purchase machine and a note says why), three suggestions with the
 * child's name, the page as the book prints it, and Continue to the preview.
 */
export function DedicationScreen({
  text,
  suggestions,
  bookLanguage,
  note,
  page,
  onChange,
  onContinue,
  onReturn,
}: DedicationScreenProps) {
  const { t } = useTranslation('builder');
  const id = useId();
  const lines = text === '' ? 0 : dedicationLines(text).length;
  return (
    <section className="dedication" aria-labelledby={`${id}-title`}>
      <button type="button" className="step-frame__back" onClick={onReturn}>
        <span aria-hidden="true">←</span>
        {t('dedication.return')}
      </button>
      <h1 id={`${id}-title`} className="dedication__title">
        {t('dedication.title')}
      </h1>
      <p className="dedication__intro">{t('dedication.intro')}</p>
      {bookLanguage && (
        <p className="dedication__book-language">{t(`dedication.bookLanguage.${bookLanguage}`)}</p>
      )}
      <div className="dedication__layout">
        <div className="dedication__editor">
          <label htmlFor={`${id}-text`} className="dedication__label">
            {t('dedication.label')}
          </label>
          <textarea
            id={`${id}-text`}
            className="dedication__text"
            rows={DEDICATION_MAX_LINES}
            value={text}
            aria-describedby={`${id}-lines ${id}-note`}
            aria-invalid={note === 'blank' ? true : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          <p id={`${id}-lines`} className="dedication__lines">
            {t('dedication.lines', { count: lines, max: DEDICATION_MAX_LINES })}
          </p>
          <p id={`${id}-note`} className="dedication__note" role="status" aria-live="polite">
            {note ? t(`dedication.notes.${note}`, { max: DEDICATION_MAX_LINES }) : ''}
          </p>
        </div>
        {page}
        <div className="dedication__suggestions">
          <h2 className="dedication__suggestions-title">{t('dedication.suggestions')}</h2>
          <ul>
            {suggestions.map((suggestion, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="dedication__suggestion"
                  aria-pressed={suggestion === text}
                  onClick={() => onChange(suggestion)}
                >
                  <span className="dedication__suggestion-label">
                    {t('dedication.suggestion', { number: index + 1 })}
                  </span>
                  <span className="dedication__suggestion-text">{suggestion}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="builder-actions">
        <button type="button" className="button button--primary button--large" onClick={onContinue}>
          {t('dedication.continue')}
        </button>
      </div>
    </section>
  );
}
