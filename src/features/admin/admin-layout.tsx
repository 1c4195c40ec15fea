import { Link, Navigate, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#contract/markets.ts';
import { useSession, useSignOut } from './api/session-api.ts';
import './admin.css';

/**
 * The owner's pages (their API answers staff 403: server/routes/admin/admin-routes.ts OWNER_PATHS)
 * and what a staff member who opens one reads instead (#44 finding 9).
 */
const OWNER_PAGES: Readonly<Record<string, string>> = {
  '/admin/community': 'ownerOnly.community',
  '/admin/staff': 'ownerOnly.staff',
  '/admin/audit': 'ownerOnly.audit',
  '/admin/personal-data': 'ownerOnly.personalData',
  '/admin/reviews': 'ownerOnly.reviews',
};

const LANGUAGE_NAMES: Record<Language, string> = {
  lv: 'Latviešu',
  'en-GB': 'English',
  'en-US': 'English US',
};

/**
 * The back office's frame: the session gate (signed out -> sign-in page; a one-time password ->
 * the password page), the navigation (owner-only items for owners) and the page.
 */
export function AdminLayout() {
  const { t, i18n } = useTranslation('admin');
  const pathname = useRouterState({
    select: (state) => state.location.pathname.replace(/\/+$/, ''),
  });
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${t('pageTitle')} - Storymade`;
  }, [t]);

  if (session.isPending) return <p className="loading">{t('loading')}</p>;
  if (session.isError) return <p role="alert">{t('errors.load')}</p>;
  const onSignIn = pathname === '/admin/sign-in';
  const current = session.data;
  if (!current)
    return onSignIn ? (
      <Outlet />
    ) : (
      <Navigate to="/admin/sign-in" search={{ redirect: pathname }} replace />
    );
  if (onSignIn) return <Navigate to="/admin" replace />;
  if (current.staff.mustChangePassword && pathname !== '/admin/password')
    return <Navigate to="/admin/password" replace />;
  const owner = current.staff.role === 'owner';
  const links = [
    { to: '/admin', label: t('nav.dashboard'), exact: true },
    { to: '/admin/orders', label: t('nav.orders') },
    { to: '/admin/messages', label: t('nav.messages') },
    ...(owner
      ? [
          { to: '/admin/community', label: t('nav.community') },
          { to: '/admin/staff', label: t('nav.staff') },
          { to: '/admin/audit', label: t('nav.audit') },
          { to: '/admin/personal-data', label: t('nav.personalData') },
          { to: '/admin/reviews', label: t('nav.reviews') },
        ]
      : []),
  ] as const;

  return (
    <div className="admin">
      <header className="admin__bar">
        <p className="admin__brand">{t('title')}</p>
        {!current.staff.mustChangePassword && (
          <nav aria-label={t('nav.label')}>
            <ul className="admin__nav">
              {links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    activeOptions={{ exact: 'exact' in link }}
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="admin__who">
          <label className="admin__language">
            <span className="visually-hidden">{t('language')}</span>
            <select
              value={i18n.language}
              onChange={(event) => void i18n.changeLanguage(event.target.value)}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </label>
          <span>
            {t('signedInAs', {
              email: current.staff.email,
              role: t(`roles.${current.staff.role}`),
            })}
          </span>
          <Link to="/admin/password">{t('nav.password')}</Link>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => void navigate({ to: '/admin/sign-in' }),
              })
            }
          >
            {t('signOut')}
          </button>
        </div>
      </header>
      <div className="admin__page">
        {!owner && OWNER_PAGES[pathname] ? (
          <OwnerOnlyPage text={t(OWNER_PAGES[pathname])} />
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}

/** An owner's page opened by staff: who can use it, and the way back (never a load error or a spinner). */
function OwnerOnlyPage({ text }: { text: string }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="owner-only-title" className="admin-owner-only">
      <h1 id="owner-only-title">{t('ownerOnly.title')}</h1>
      <p>{text}</p>
      <p>{t('ownerOnly.ask')}</p>
      <Link to="/admin">{t('ownerOnly.back')}</Link>
    </section>
  );
}
