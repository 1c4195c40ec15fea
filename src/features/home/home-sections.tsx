import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FamilyShapes } from '#src/ui/family-shapes.tsx';
import { marketingSet, srcSet, type MarketingImage } from '#src/ui/marketing-images.ts';

interface Item {
  title: string;
  text: string;
}

/** The id of the subscribe block ('adventure community') that every 'I'm in' button scrolls to. */
const COMMUNITY_ID = 'adventure-community';

/** 'I'm in': scrolls to the community block and moves focus there (a plain #link without script). */
function ImInLink({ className = 'button button--primary' }: { className?: string }) {
  const { t } = useTranslation('home');
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(COMMUNITY_ID);
    if (!target) return;
    event.preventDefault();
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    history.replaceState(history.state, '', `#${COMMUNITY_ID}`);
  };
  return (
    <a href={`#${COMMUNITY_ID}`} className={className} onClick={onClick}>
      {t('imIn')}
    </a>
  );
}

function Picture({
  image,
  alt,
  sizes,
  className,
}: {
  image: MarketingImage;
  alt: string;
  sizes: string;
  className?: string;
}) {
  const small = image.sources[0];
  const large = image.sources[image.sources.length - 1];
  return (
    <img
      className={className}
      src={large?.src}
      srcSet={srcSet(image)}
      sizes={sizes}
      width={small?.width}
      height={small?.height}
      alt={alt}
      loading="lazy"
      decoding="async"
    />
  );
}

const STEP_ICONS = [
  // personalise: a pencil
  'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  // preview: an eye
  'M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  // order: a parcel
  'M3 7l9-4 9 4v10l-9 4-9-4V7zM3 7l9 4 9-4M12 11v10',
  // keep the memory: a heart
  'M12 20s-7-4.5-9-9a5 5 0 019-3 5 5 0 019 3c-2 4.5-9 9-9 9z',
];

/** Every family the book is made for, drawn and named (issue #49). */
export function FamiliesSection() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section families" aria-labelledby="families-title">
      <h2 id="families-title">{t('families.title')}</h2>
      <p>{t('families.text')}</p>
      <FamilyShapes label={t('families.list')} />
    </section>
  );
}

/** Personalise, preview, order, keep the memory. */
export function StepsSection() {
  const { t } = useTranslation('home');
  const items = t('steps.items', { returnObjects: true }) as Item[];
  return (
    <section className="home-section steps" aria-labelledby="steps-title">
      <h2 id="steps-title">{t('steps.title')}</h2>
      <p className="home-section__intro">{t('steps.intro')}</p>
      <ol className="steps__list">
        {items.map((item, index) => (
          <li key={item.title} className="steps__item">
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
              <path
                d={STEP_ICONS[index] ?? ''}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The way to the product page (/YouCanDoIt): book language, details, reviews. */
export function SeeBookLink({ className = 'button button--secondary' }: { className?: string }) {
  const { t } = useTranslation('home');
  return (
    <Link to="/YouCanDoIt" className={className}>
      {t('seeBook')}
    </Link>
  );
}

/** The first edition, on sale now: limited to 100 numbered books. */
export function ReleaseBanner() {
  const { t, i18n } = useTranslation('home');
  return (
    <section className="release" aria-labelledby="release-title">
      <div className="release__text">
        <p className="release__register">{t('release.register')}</p>
        <h2 id="release-title">{t('release.title')}</h2>
        <p>{t('release.intro')}</p>
        <ul className="release__facts">
          <li>{t('release.limited', { size: FIRST_EDITION_SIZE })}</li>
          <li>{t('release.onSale')}</li>
        </ul>
        <p className="release__urge">{t('release.dontMiss')}</p>
        <Link to="/YouCanDoIt" className="button button--primary button--large">
          {t('release.cta')}
        </Link>
      </div>
      <Picture
        image={marketingSet(i18n.language).spreads['spread-match']}
        alt=""
        sizes="(max-width: 768px) 100vw, 480px"
        className="release__art"
      />
    </section>
  );
}

/** Five things the story teaches. */
export function LearningValues() {
  const { t } = useTranslation('home');
  const items = t('values.items', { returnObjects: true }) as Item[];
  return (
    <section className="home-section values" aria-labelledby="values-title">
      <h2 id="values-title">{t('values.title')}</h2>
      <ul className="values__list">
        {items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How Storymade began, with the way to About Us. */
export function FoundersStory() {
  const { t, i18n } = useTranslation('home');
  const image = marketingSet(i18n.language).spreads['spread-garden'];
  return (
    <section className="home-section founders" aria-labelledby="founders-title">
      <Picture
        image={image}
        alt={t('founders.imageAlt', { name: image.name })}
        sizes="(max-width: 768px) 100vw, 560px"
        className="founders__art"
      />
      <div>
        <p className="home-section__eyebrow">{t('founders.eyebrow')}</p>
        <h2 id="founders-title">{t('founders.title')}</h2>
        <p>{t('founders.text')}</p>
        <div className="founders__actions">
          <Link to="/about-us" className="button button--secondary">
            {t('founders.link')}
          </Link>
          <ImInLink />
        </div>
      </div>
    </section>
  );
}

/** The two cover designs (girl, boy) and three cover styles (hardcover, softcover, PDF). */
export function CoverOptions() {
  const { t, i18n } = useTranslation('home');
  const covers = marketingSet(i18n.language).covers;
  const designs = t('covers.designs', { returnObjects: true }) as { title: string }[];
  const styles = t('covers.styles', { returnObjects: true }) as Item[];
  return (
    <section className="home-section covers" aria-labelledby="covers-title">
      <h2 id="covers-title">{t('covers.title')}</h2>
      <div className="covers__grid">
        <div>
          <h3>{t('covers.designsTitle')}</h3>
          <ul className="covers__designs">
            {designs.map((design, index) => {
              const image = covers[index];
              return (
                <li key={design.title}>
                  {image && (
                    <Picture
                      image={image}
                      alt={t(`covers.designs.${index}.alt`, { name: image.name })}
                      sizes="(max-width: 768px) 45vw, 220px"
                    />
                  )}
                  <p>{design.title}</p>
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h3>{t('covers.stylesTitle')}</h3>
          <ul className="covers__styles">
            {styles.map((style) => (
              <li key={style.title}>
                <h4>{style.title}</h4>
                <p>{style.text}</p>
              </li>
            ))}
          </ul>
          <SeeBookLink />
        </div>
      </div>
    </section>
  );
}
