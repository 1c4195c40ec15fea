import { useTranslation } from 'react-i18next';
import { MARKETING_IMAGES, type MarketingImage } from '../../ui/marketing-images.ts';
import { PageMeta } from '../../ui/page-meta.tsx';
import { CoverCarousel } from './cover-carousel.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { CoverOptions, FoundersStory, LearningValues, ReleaseBanner, StepsSection } from './home-sections.tsx';
import './home.css';

const COVERS: readonly MarketingImage[] = [
  MARKETING_IMAGES['cover-anna'],
  MARKETING_IMAGES['cover-leo'],
  MARKETING_IMAGES['cover-janis'],
  MARKETING_IMAGES['cover-mia'],
];

/** The first cover is in the page's language, so the first thing a visitor sees reads right. */
function coversFor(language: string): readonly MarketingImage[] {
  const bookLanguage = language.toLowerCase();
  const first = COVERS.findIndex((cover) => cover.language === bookLanguage);
  return first <= 0 ? COVERS : [...COVERS.slice(first), ...COVERS.slice(0, first)];
}

/**
 * Home: hero with the cover carousel, the four steps, the first-edition banner, feature cards,
 * learning values, the founders' story and the cover options. The route adds the community block
 * (#adventure-community) after it.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
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
          <CoverCarousel covers={coversFor(i18n.language)} sizes="(max-width: 768px) min(22rem, 100vw), 480px" />
        </div>
      </section>
      <StepsSection />
      <ReleaseBanner />
      <FeatureCards />
      <LearningValues />
      <FoundersStory />
      <CoverOptions />
    </>
  );
}
