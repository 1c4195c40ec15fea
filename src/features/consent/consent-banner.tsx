import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setBottomInset } from '#src/ui/bottom-inset.ts';

interface ConsentBannerProps {
  onAcceptAll: () => void;
  onAcceptEssential: () => void;
  onCustomize: () => void;
  /**
   * Shown before the stored choice is read (the server's page, hydration): hidden by the style
   * sheet when the page's first script found a stored choice (consent-gate.tsx). Its buttons can be
   * pressed at once: the page's first script holds a press made before the app has arrived, and the
   * app presses it again once the banner is live (lib/early-input.ts).
   */
  pending?: boolean;
}

/**
 * A non-modal region at the bottom of the window. The page keeps room below its content for it
 * (ui/bottom-inset.ts), so nothing the visitor needs stays hidden under the banner.
 */
export function ConsentBanner({
  onAcceptAll,
  onAcceptEssential,
  onCustomize,
  pending = false,
}: ConsentBannerProps) {
  const { t } = useTranslation('consent');
  const ref = useReservedSpace();
  return (
    <section
      ref={ref}
      className={pending ? 'consent-banner consent-banner--pending' : 'consent-banner'}
      aria-labelledby="consent-banner-title"
      aria-describedby="consent-banner-text"
    >
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
          <button type="button" className="button consent-accept" onClick={onAcceptAll}>
            {t('banner.acceptAll')}
          </button>
          <button type="button" className="button consent-accept" onClick={onAcceptEssential}>
            {t('banner.acceptEssential')}
          </button>
          <button type="button" className="button button--secondary" onClick={onCustomize}>
            {t('banner.customize')}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * Keeps the banner's height free at the bottom of the page while it is shown. The height comes from
 * a ResizeObserver, which reports it after the browser's own layout (at once after the banner
 * appears, and on every change), so the effect forces no layout of its own.
 */
function useReservedSpace() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    if (typeof ResizeObserver === 'undefined') {
      setBottomInset(banner.getBoundingClientRect().height);
      return () => setBottomInset(0);
    }
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.borderBoxSize?.[0];
      setBottomInset(box ? box.blockSize : banner.getBoundingClientRect().height);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      setBottomInset(0);
    };
  }, []);
  return ref;
}
