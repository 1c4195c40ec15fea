import { useTranslation } from 'react-i18next';

interface PageMetaProps {
  /** Key under `meta.pages` in common.json. */
  page: string;
}

/** The page's title ('<Page> - Storymade'), description and sharing tags (React 19 hoists them to <head>). */
export function PageMeta({ page }: PageMetaProps) {
  const { t } = useTranslation();
  const title = `${t(`meta.pages.${page}.title`)} - ${t('meta.siteName')}`;
  const description = t(`meta.pages.${page}.description`);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}
