import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '#contract/markets.ts';

/**
 * The interface language as one of the shop's three (i18n may report a fallback such as 'en' or
 * 'dev' while loading): it picks the currency, the order cookie and the book's default language.
 */
export function shopLanguageOf(i18nLanguage: string): Language {
  return toLanguage(i18nLanguage) ?? DEFAULT_LANGUAGE;
}

/** The shop language of the page, following the language switch. */
export function useShopLanguage(): Language {
  const { i18n } = useTranslation();
  return shopLanguageOf(i18n.language);
}
