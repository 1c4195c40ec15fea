import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_CATEGORIES, type ConsentCategory } from '#machines/consent.ts';
import { Dialog } from '#src/ui/dialog.tsx';

interface ConsentDialogProps {
  draft: Record<ConsentCategory, boolean>;
  onToggle: (category: ConsentCategory) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The cookie settings: a modal dialog (ui/dialog.tsx) with a switch per optional category. Focus
 * moves to the first switch when it opens and back to what opened it when it closes; Escape cancels.
 */
export function ConsentDialog({ draft, onToggle, onSave, onCancel }: ConsentDialogProps) {
  const { t } = useTranslation('consent');
  const id = useId();

  return (
    <Dialog
      className="consent-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      onCancel={onCancel}
    >
      <form
        className="consent-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <h2 id={`${id}-title`}>{t('dialog.title')}</h2>
        <p id={`${id}-intro`}>{t('dialog.intro')}</p>
        <ul className="consent-dialog__list">
          <li className="consent-option">
            <div className="consent-option__text">
              <p className="consent-option__label">{t('dialog.essential.label')}</p>
              <p className="consent-option__description">{t('dialog.essential.description')}</p>
            </div>
            <p className="consent-option__status">{t('dialog.essential.status')}</p>
          </li>
          {CONSENT_CATEGORIES.map((category) => (
            <li key={category} className="consent-option">
              <div className="consent-option__text">
                <label className="consent-option__label" htmlFor={`${id}-${category}`}>
                  {t(`dialog.${category}.label`)}
                </label>
                <p className="consent-option__description" id={`${id}-${category}-description`}>
                  {t(`dialog.${category}.description`)}
                </p>
              </div>
              <input
                id={`${id}-${category}`}
                className="consent-switch"
                type="checkbox"
                role="switch"
                checked={draft[category]}
                aria-describedby={`${id}-${category}-description`}
                onChange={() => onToggle(category)}
              />
            </li>
          ))}
        </ul>
        <div className="consent-dialog__actions">
          <button type="submit" className="button consent-accept">
            {t('dialog.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('dialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
