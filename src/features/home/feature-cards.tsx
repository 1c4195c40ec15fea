import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product-rules.md section 9: the mobile breakpoint and how much of a card must show before its text appears. */
const MOBILE_QUERY = '(max-width: 768px)';
export const FEATURE_CARD_THRESHOLD = 0.8;

function subscribeNarrow(onChange: () => void) {
  if (!window.matchMedia) return () => {};
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}
const narrowNow = () => (window.matchMedia ? window.matchMedia(MOBILE_QUERY).matches : false);

interface FeatureCardProps {
  index: number;
  title: string;
  text: string;
  /** On phones the text waits until the card is 80% on screen. */
  reveal: boolean;
}

function FeatureCard({ index, title, text, reveal }: FeatureCardProps) {
  const ref = useRef<HTMLLIElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const card = ref.current;
    if (!reveal || seen || !card) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (
          entries.some(
            (entry) => entry.isIntersecting && entry.intersectionRatio >= FEATURE_CARD_THRESHOLD,
          )
        ) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: FEATURE_CARD_THRESHOLD },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [reveal, seen]);
  const shown = !reveal || seen;
  return (
    <li
      ref={ref}
      className={`feature-card${shown ? ' feature-card--shown' : ''}`}
      data-revealed={shown}
    >
      <span className="feature-card__number" aria-hidden="true">
        {index + 1}
      </span>
      <h3>{title}</h3>
      <p className="feature-card__text">{text}</p>
    </li>
  );
}

/** The four 'special features' cards. */
export function FeatureCards() {
  const { t } = useTranslation('home');
  const narrow = useSyncExternalStore(subscribeNarrow, narrowNow, () => false);
  const items = t('features.items', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <section className="home-section features" aria-labelledby="features-title">
      <h2 id="features-title">{t('features.title')}</h2>
      <ul className="features__list">
        {items.map((item, index) => (
          <FeatureCard
            key={item.title}
            index={index}
            title={item.title}
            text={item.text}
            reveal={narrow}
          />
        ))}
      </ul>
    </section>
  );
}
