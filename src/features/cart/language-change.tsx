import { Suspense, useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from '../../lib/languages.ts';
import { Dialog } from '../../ui/dialog.tsx';
import './language-change.css';

interface LanguageChangeConfirmation {
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
function LanguageChangeDialog({ current, next, onConfirm, onCancel }: LanguageChangeDialogProps) {
  const { t } = useTranslation('cart');
  const { t: tc } = useTranslation();
  const id = useId();
  const names = { current: tc(`language.${current}`), next: tc(`language.${next}`) };

  return (
    <Dialog className="language-change" labelledBy={`${id}-title`} describedBy={`${id}-text`} onCancel={onCancel}>
      <h2 id={`${id}-title`}>{t('languageChange.title')}</h2>
      <p id={`${id}-text`}>{t('languageChange.text', names)}</p>
      <div className="language-change__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t('languageChange.confirm', names)}
        </button>
        <button type="button" data-initial-focus className="button button--secondary" onClick={onCancel}>
          {t('languageChange.cancel', names)}
        </button>
      </div>
    </Dialog>
  );
}
