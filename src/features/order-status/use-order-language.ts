import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#src/lib/languages.ts';

/**
 * The status page speaks the order's language (the parent's, whichever browser opens the link),
 * unless the visitor chose another with the language switch: that choice goes into the address
 * (`?lang=en-US`), so a reload keeps it, and the server renders the page in it too. The server
 * renders the first page in the same language (server/app.ts), so this changes nothing on a
 * page it rendered; it follows the order after a navigation within the app.
 */
export function useOrderLanguage(orderLanguage: Language, chosen: Language | undefined): void {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const wanted = chosen ?? orderLanguage;

  useEffect(() => {
    // When the page opens, or the order or the choice changes (a switch is followed below).
    if (i18n.language !== wanted) void i18n.changeLanguage(wanted);
  }, [i18n, wanted]);

  useEffect(() => {
    const follow = (next: string) => {
      if (next === wanted) return;
      const lang = next === orderLanguage ? undefined : (next as Language);
      void navigate({ to: '.', search: lang ? { lang } : {}, replace: true, resetScroll: false });
    };
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n, navigate, orderLanguage, wanted]);
}
