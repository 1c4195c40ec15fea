import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberLanguage, type Language } from '#src/lib/languages.ts';
import { QuestionDialog } from '#src/ui/question-dialog.tsx';

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
  const names = { current: tc(`language.${current}`), next: tc(`language.${next}`) };

  return (
    <QuestionDialog
      title={t('languageChange.title')}
      text={t('languageChange.text', names)}
      confirm={t('languageChange.confirm', names)}
      cancel={t('languageChange.cancel', names)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
