import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBottomInset } from './bottom-inset.ts';

const BACK_TO_TOP_AFTER_PX = 300;

/** A button that appears after 300 px of scroll and takes the page back to the top. */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // Above the cookie banner while it is shown.
  const inset = useBottomInset();
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      style={inset ? { bottom: `calc(var(--space-4) + ${inset}px)` } : undefined}
      onClick={() => {
        const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V19h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
      <span className="visually-hidden">{t('backToTop')}</span>
    </button>
  );
}
