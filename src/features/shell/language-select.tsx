import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, rememberLanguage, type Language } from '#src/lib/languages.ts';

interface LanguageSelectProps {
  /**
   * Asked before switching; return false to stay. The cart feature uses it to confirm, because
   * the cart is reset when the language changes.
   */
  confirmChange?: (next: Language) => boolean;
}

/** The language dropdown: 'Latviešu', 'English', 'English US'. The choice is kept for 7 days. */
export function LanguageSelect({ confirmChange }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 100 20 10 10 0 000-20zm6.9 6h-2.9a15.7 15.7 0 00-1.4-3.6A8 8 0 0118.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8.2 8.2 0 010-4h3.4a16.5 16.5 0 000 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 015.1 16zM8 8H5.1a8 8 0 014.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 010-4h4.6a14.7 14.7 0 010 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 01-4.3 3.6zM16.3 14a16.5 16.5 0 000-4h3.4a8.2 8.2 0 010 4h-3.4z"
        />
      </svg>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const next = event.target.value as Language;
          if (confirmChange && !confirmChange(next)) {
            event.target.value = i18n.language;
            return;
          }
          rememberLanguage(next);
          void i18n.changeLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
