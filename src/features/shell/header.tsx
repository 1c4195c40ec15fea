import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#src/lib/languages.ts';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSelect } from './language-select.tsx';

interface HeaderProps {
  /** Books in the cart; the count is shown when above zero. */
  cartCount: number;
  confirmLanguageChange?: (next: Language) => boolean;
}

export function Header({ cartCount, confirmLanguageChange }: HeaderProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/YouCanDoIt', label: t('nav.book') },
    { to: '/about-us', label: t('nav.about') },
    { to: '/contact-us', label: t('nav.contact') },
    { to: '/faq', label: t('nav.faq') },
  ] as const;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label={t('nav.brandHome')} onClick={close}>
          <BrandMark />
          <span aria-hidden="true">Storymade</span>
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d={
                menuOpen
                  ? 'M6.4 5L5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z'
                  : 'M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z'
              }
            />
          </svg>
          <span className="visually-hidden">
            {menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          </span>
        </button>
        <nav
          id="site-nav"
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label={t('nav.label')}
        >
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  activeOptions={{ exact: true }}
                  activeProps={{ 'aria-current': 'page' }}
                  onClick={close}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          {/* Plain links until the builder and cart routes exist (builder issue). */}
          <a
            href="/personalizeTest/football_story"
            className="button button--primary site-nav__cta"
          >
            {t('nav.personalise')}
          </a>
        </nav>
        <div className="site-header__tools">
          <LanguageSelect confirmChange={confirmLanguageChange} />
          <Link
            to="/cart"
            className="cart-link"
            aria-label={
              cartCount > 0 ? t('cart.labelWithCount', { count: cartCount }) : t('cart.label')
            }
          >
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M7 18a2 2 0 100 4 2 2 0 000-4zm10 0a2 2 0 100 4 2 2 0 000-4zM5.2 4l.5 2H21l-2.4 8.4a2 2 0 01-1.9 1.6H8.1a2 2 0 01-1.9-1.5L3.4 4H1V2h3.9a1 1 0 011 .8L5.2 4zm1 4l1.9 6h8.6l1.7-6H6.2z"
              />
            </svg>
            {cartCount > 0 && (
              <span className="cart-link__count" aria-hidden="true">
                {cartCount}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
