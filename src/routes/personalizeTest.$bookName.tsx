import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_ROUTE } from '#src/features/builder/flow-params.ts';
import { parseDraft } from '#machines/draft-storage.ts';
import { startNewBook, startSiblingBook } from '#src/features/builder/purchase-flow.ts';
import { readBookLanguage } from '#src/lib/book-language.ts';
import { takeSiblingDraft } from '#src/lib/sibling-draft.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

/**
 * The product page's entry: a fresh football-story draft in session storage, in the book language
 * chosen on the product page (kept in the session), then the child step.
 */
export const Route = createFileRoute('/personalizeTest/$bookName')({
  ...BOOK_ROUTE,
  component: PersonalizeTestPage,
});

function PersonalizeTestPage() {
  const { bookName } = Route.useParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const language = shopLanguageOf(i18n.language);
  useEffect(() => {
    if (!bookName) return;
    // From the cart's 'Start from Ella's family': that family and a blank child; else a fresh book.
    const sibling = takeSiblingDraft();
    if (sibling) startSiblingBook(bookName, parseDraft(sibling));
    else startNewBook(bookName, readBookLanguage(language));
    void navigate({ to: '/personalize/$bookName', params: { bookName }, replace: true });
  }, [bookName, language, navigate]);
  return (
    <>
      <PageMeta page="personalize" />
      <p className="loading" role="status">
        {t('loading')}
      </p>
    </>
  );
}
