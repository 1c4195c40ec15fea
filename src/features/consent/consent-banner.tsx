import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ConsentBannerProps {
  onAcceptAll: () => void;
  onAcceptEssential: () => void;
  onCustomize: () => void;
  /**
   * Shown before the stored choice is read (the server's page, hydration): hidden by the style
   * sheet when the page's first script found a stored choice (consent-gate.tsx). Its buttons wait
   * (disabled) until the page is live, so no press is lost.
   */
  pending?: boolean;
}

/**
 * A non-modal region at the bottom of the window. The page keeps room below its content for it
 * (--consent-banner-height), so nothing the visitor needs stays hidden under the banner.
 */
export function ConsentBanner({ onAcceptAll, onAcceptEssential, onCustomize, pending = false }: ConsentBannerProps) {
  const { t } = useTranslation('consent');
  const ref = useReservedSpace();
  return (
    <section ref={ref} className={pending ? 'consent-banner consent-banner--pending' : 'consent-banner'} aria-labelledby="consent-banner-title" aria-describedby="consent-banner-text">
      <div className="consent-banner__inner">
        <div className="consent-banner__text">
          <p id="consent-banner-title" className="consent-banner__title">
            {t('banner.title')}
          </p>
          <p id="consent-banner-text">
            {t('banner.text')} <Link to="/privacy-policy">{t('banner.privacy')}</Link>
          </p>
        </div>
        <div className="consent-banner__actions">
          <button type="button" className="button consent-accept" onClick={onAcceptAll} disabled={pending}>
            {t('banner.acceptAll')}
          </button>
          <button type="button" className="button consent-accept" onClick={onAcceptEssential} disabled={pending}>
            {t('banner.acceptEssential')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCustomize} disabled={pending}>
            {t('banner.customize')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Publishes the banner's height as --consent-banner-height on <html> while it is shown. */
function useReservedSpace() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--consent-banner-height', `${Math.ceil(banner.getBoundingClientRect().height)}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, []);
  return ref;
}
