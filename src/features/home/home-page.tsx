import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../ui/page-meta.tsx';
import './home.css';

/** Home. The hero for now; the marketing sections come with the marketing issue. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta page="home" />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 id="hero-title">{t('home.hero.title')}</h1>
          <p>{t('home.hero.text')}</p>
          <div className="hero__actions">
            <a href="/personalizeTest/football_story" className="button button--primary button--large">
              {t('home.hero.cta')}
            </a>
            <p className="hero__price">{t('home.hero.price')}</p>
          </div>
        </div>
        <div className="hero__art">
          <img src="/images/hero-cover.svg" width="480" height="588" alt={t('home.hero.imageAlt')} fetchPriority="high" />
        </div>
      </section>
    </>
  );
}
