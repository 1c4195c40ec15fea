import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '#src/ui/page-meta.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="status-page">
      <PageMeta page="notFound" />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
