import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with 'Page 2 of 7'. */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.position', { page, pages })}</span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}
