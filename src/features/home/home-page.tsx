import { useTranslation } from 'react-i18next';
import type { ReviewList as ReviewListData } from '#contract/reviews.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';
import { ReviewList } from '#src/ui/reviews/review-list.tsx';
import { CAROUSEL_SIZES, marketingSet } from '#src/ui/marketing-images.ts';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { CoverCarousel } from './cover-carousel.tsx';
import { FeatureCards } from './feature-cards.tsx';
import {
  CoverOptions,
  FamiliesSection,
  FoundersStory,
  LearningValues,
  ReleaseBanner,
  SeeBookLink,
  StepsSection,
} from './home-sections.tsx';
import './home.css';

/**
 * Home: hero with the cover carousel (covers drawn in the visitor's language), the four steps, the first-edition banner, feature cards,
 * learning values, the founders' story, the approved reviews of real buyers (when there are any) and the cover options. The route adds the community block
 * (#adventure-community) after it.
 */
export function HomePage({ reviews = null }: { reviews?: ReviewListData | null }) {
  const { t, i18n } = useTranslation();
  const { priceFrom } = useShopInfo();
  return (
    <>
      <PageMeta page="home" />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1 id="hero-title">{t('home.hero.title')}</h1>
          <p>{t('home.hero.text')}</p>
          <div className="hero__actions">
            <a
              href="/personalizeTest/football_story"
              className="button button--primary button--large"
            >
              {t('home.hero.cta')}
            </a>
            <SeeBookLink className="button button--secondary button--large" />
            <p className="hero__price">
              {priceFrom ? t('home.hero.price', { price: priceFrom }) : '\u00a0'}
            </p>
          </div>
        </div>
        <div className="hero__art">
          <CoverCarousel covers={marketingSet(i18n.language).covers} sizes={CAROUSEL_SIZES} />
        </div>
      </section>
      <StepsSection />
      <ReleaseBanner />
      <FeatureCards />
      <FamiliesSection />
      <LearningValues />
      <FoundersStory />
      {reviews && reviews.reviews.length > 0 && (
        <div className="home-section">
          <ReviewList data={reviews} headingId="home-reviews" limit={3} />
        </div>
      )}
      <CoverOptions />
    </>
  );
}
