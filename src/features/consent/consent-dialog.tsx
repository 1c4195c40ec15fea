import { useEffect, useId, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_CATEGORIES, type ConsentCategory } from '#machines/cookie-consent.ts';

export interface ConsentDialogProps {
  draft: Record<ConsentCategory, boolean>;
  onToggle: (category: ConsentCategory) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The cookie settings: a modal dialog with a switch per optional category. Focus moves to the
 * first switch when it opens and back to what opened it when it closes; Escape cancels.
 */
export function ConsentDialog({ draft, onToggle, onSave, onCancel }: ConsentDialogProps) {
  const { t } = useTranslation('consent');
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('input')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // After the dialog (and maybe the banner) left the page: back to the opener, else to the page.
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  // A close request without a key (e.g. the Android back gesture).
  const onCloseRequest = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog
    <dialog
      ref={ref}
      className="consent-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onKeyDown={onKeyDown}
      onCancel={onCloseRequest}
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
    </dialog>
  );
}
