import { useTranslation } from 'react-i18next';
import type { ReviewList as ReviewListData } from '#contract/reviews.ts';
import { Stars } from './stars.tsx';
import './reviews.css';

interface ReviewListProps {
  data: ReviewListData | undefined;
  /** The section's heading level id (the page gives its own title id). */
  headingId: string;
  /** At most this many reviews (the home page shows a few). */
  limit?: number;
}

/**
 * Approved reviews from real buyers (the 'reviews' namespace): stars, the text, the first name
 * and town when given, the book's photo, and 'verified purchase' (every review comes from a paid,
 * delivered order's signed link). Nothing at all while there are no reviews: no invented ones.
 */
export function ReviewList({ data, headingId, limit }: ReviewListProps) {
  const { t } = useTranslation('reviews');
  if (!data || data.reviews.length === 0) return null;
  const shown = limit ? data.reviews.slice(0, limit) : data.reviews;
  return (
    <section className="review-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('list.title')}</h2>
      {data.rating && (
        <p className="review-list__summary">
          <Stars
            value={data.rating.value}
            label={t('list.stars', { count: data.rating.value })}
            size={20}
          />
          <span>{t('list.rated', { value: data.rating.value, count: data.rating.count })}</span>
        </p>
      )}
      <ul className="review-list__items">
        {shown.map((review) => {
          const who = [review.firstName, review.city].filter(Boolean).join(', ');
          return (
            <li key={review.id} className="review-card">
              <figure>
                <Stars value={review.rating} label={t('list.stars', { count: review.rating })} />
                <blockquote>
                  {review.text.split(/\n+/).map((paragraph, i) => (
                    <p key={i}>{paragraph}</p>
                  ))}
                </blockquote>
                {review.photoUrl && (
                  <img
                    className="review-card__photo"
                    src={review.photoUrl}
                    alt={t('list.photo')}
                    loading="lazy"
                    width={320}
                    height={240}
                  />
                )}
                <figcaption>
                  <span className="review-card__who">{who || t('list.anonymous')}</span>
                  <span className="review-card__verified">
                    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                      <path
                        d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5.1-5.1L12.7 5z"
                        fill="currentColor"
                      />
                    </svg>
                    {t('list.verified')}
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
