import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from './use-hydrated.ts';

interface PageMetaProps {
  /** Key under `meta.pages` in common.json. */
  page: string;
}

/**
 * The page's title ('<Page> - Storymade'), description and sharing tags. The tags are rendered
 * (React 19 hoists them to <head>); the title is set on the document's one <title> instead, so
 * while the next page's code and texts load the document keeps the last title rather than
 * having none (a rendered <title> leaves with its page). On the server and while hydrating it
 * renders nothing: the server writes the page's head tags itself (server/web/head.ts), and a tag
 * rendered here would land inside the page's body.
 */
export function PageMeta({ page }: PageMetaProps) {
  const { t } = useTranslation();
  const title = `${t(`meta.pages.${page}.title`)} - ${t('meta.siteName')}`;
  const description = t(`meta.pages.${page}.description`);
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  if (!hydrated) return null;
  return (
    <>
      <meta name="description" content={description} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

/** A route's page: its head tags and what it shows. */
export function PageWithMeta({ page, children }: PageMetaProps & { children: ReactNode }) {
  return (
    <>
      <PageMeta page={page} />
      {children}
    </>
  );
}
