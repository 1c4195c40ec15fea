import { Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from '../../lib/languages.ts';
import './language-change.css';

export interface LanguageChangeConfirmation {
  /** For the header's language dropdown: true to switch at once, false while the dialog asks. */
  confirmLanguageChange: (next: Language) => boolean;
  /** The dialog, when it is open; render it anywhere. */
  dialog: ReactNode;
}

/**
 * Changing the language while the cart has books asks first: each language has its own order,
 * prices and currency, so the cart the visitor sees is reset. Confirming switches the language
 * (kept for 7 days); cancelling stays.
 */
export function useLanguageChangeConfirmation(cartCount: number): LanguageChangeConfirmation {
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<Language | null>(null);
  const confirmLanguageChange = useCallback(
    (next: Language) => {
      if (cartCount === 0 || next === i18n.language) return true;
      setPending(next);
      return false;
    },
    [cartCount, i18n],
  );
  const dialog = pending ? (
    <Suspense fallback={null}>
      <LanguageChangeDialog
        current={i18n.language as Language}
        next={pending}
        onConfirm={() => {
          setPending(null);
          rememberLanguage(pending);
          void i18n.changeLanguage(pending);
        }}
        onCancel={() => setPending(null)}
      />
    </Suspense>
  ) : null;
  return { confirmLanguageChange, dialog };
}

interface LanguageChangeDialogProps {
  current: Language;
  next: Language;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal dialog; focus goes to Cancel (the safe choice) and returns to the dropdown after. */
export function LanguageChangeDialog({ current, next, onConfirm, onCancel }: LanguageChangeDialogProps) {
  const { t } = useTranslation('cart');
  const { t: tc } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancel.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const onCloseRequest = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onCancel();
  };
  const names = { current: tc(`language.${current}`), next: tc(`language.${next}`) };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes a dialog
    <dialog ref={ref} className="language-change" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onKeyDown={onKeyDown} onCancel={onCloseRequest}>
      <h2 id={`${id}-title`}>{t('languageChange.title')}</h2>
      <p id={`${id}-text`}>{t('languageChange.text', names)}</p>
      <div className="language-change__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('languageChange.confirm', names)}
        </button>
        <button type="button" ref={cancel} className="button button--secondary" onClick={onCancel}>
          {t('languageChange.cancel', names)}
        </button>
      </div>
    </dialog>
  );
}
