import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import { useTranslation } from 'react-i18next';
import './about.css';

interface TitledText {
  title: string;
  text: string;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

function titledTexts(value: unknown): TitledText[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is TitledText =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Record<string, unknown>).title === 'string' &&
      typeof (item as Record<string, unknown>).text === 'string',
  );
}

/** About Us: story, mission, what we believe, our journey and the founders' story. */
export function AboutPage() {
  const { t } = useTranslation('about');
  const mission = strings(t('mission.paragraphs', { returnObjects: true }));
  const values = titledTexts(t('values.items', { returnObjects: true }));
  const steps = titledTexts(t('journey.steps', { returnObjects: true, size: FIRST_EDITION_SIZE }));
  const founders = strings(t('founders.paragraphs', { returnObjects: true }));

  return (
    <article className="about">
      <div className="about-hero">
        <p className="about-eyebrow">{t('story.eyebrow')}</p>
        <h1>{t('story.title')}</h1>
        <p className="about-lead">{t('story.lead')}</p>
      </div>

      <section className="about-mission">
        <h2>{t('mission.title')}</h2>
        {mission.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>

      <section className="about-values">
        <h2>{t('values.title')}</h2>
        <p className="about-section-intro">{t('values.intro')}</p>
        <ul className="about-values-list">
          {values.map((value) => (
            <li key={value.title} className="about-value">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-journey">
        <div className="about-journey-text">
          <h2>{t('journey.title')}</h2>
          <p className="about-section-intro">{t('journey.intro')}</p>
          <ol className="about-journey-steps">
            {steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <img
          className="about-journey-image"
          src="/images/about-journey.svg"
          alt={t('journey.imageAlt')}
          width={560}
          height={480}
          loading="lazy"
          decoding="async"
        />
      </section>

      <section className="about-founders">
        <h2>{t('founders.title')}</h2>
        {founders.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="about-signature">{t('founders.signature')}</p>
      </section>
    </article>
  );
}
