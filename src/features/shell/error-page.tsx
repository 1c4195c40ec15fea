import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface ErrorPageProps {
  error: unknown;
}

/** 'Oops! Something went wrong.' with a full reload to / (the app state may be broken). */
export function ErrorPage({ error }: ErrorPageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error('Render failed:', error);
  }, [error]);
  return (
    <section className="status-page" role="alert">
      <h1>{t('error.title')}</h1>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.assign('/')}
      >
        {t('error.home')}
      </button>
    </section>
  );
}
