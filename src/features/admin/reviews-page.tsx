import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATUSES, type ReviewStatus } from '#contract/reviews.ts';
import { useAdminReviews, useDecideReview } from './api/reviews-api.ts';
import { QueryView } from './admin-table.tsx';
import { formatDateTime } from './format.ts';

/**
 * Moderation of the buyers' reviews (owners): waiting ones first, oldest first; approve or reject
 * each (the server writes the audit entry). Only approved reviews show on the shop.
 */
export function ReviewsPage() {
  const { t, i18n } = useTranslation('admin');
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const reviews = useAdminReviews(status);
  const decide = useDecideReview();
  return (
    <section aria-labelledby="reviews-title" className="admin-reviews">
      <h1 id="reviews-title">{t('reviews.title')}</h1>
      <div className="admin-reviews__filter" role="group" aria-label={t('reviews.status')}>
        {REVIEW_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            className="button button--secondary"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`reviews.${value}`)}
          </button>
        ))}
      </div>
      {decide.isError && <p role="alert">{t('errors.network')}</p>}
      <QueryView query={reviews}>
        {(data) =>
          data.rows.length === 0 ? (
            <p>{t('reviews.empty')}</p>
          ) : (
            <ul className="admin-reviews__list">
              {data.rows.map((review) => (
                <li key={review.id} className="admin-reviews__item">
                  <article aria-labelledby={`review-${review.id}`}>
                    <h2 id={`review-${review.id}`}>
                      {t('reviews.review')} #{review.id}:{' '}
                      {t('reviews.stars', { count: review.rating })}
                    </h2>
                    <dl className="admin-reviews__facts">
                      <div>
                        <dt>{t('reviews.order')}</dt>
                        <dd>{review.orderNumber ?? '-'}</dd>
                      </div>
                      <div>
                        <dt>{t('reviews.orderState')}</dt>
                        <dd>
                          {t(`status.${review.orderStatus}`)}
                          {review.partlyRefunded && `, ${t('reviews.partlyRefunded')}`}
                        </dd>
                      </div>
                      <div>
                        <dt>{t('reviews.language')}</dt>
                        <dd>{review.language}</dd>
                      </div>
                      <div>
                        <dt>{t('reviews.who')}</dt>
                        <dd>
                          {[review.firstName, review.city].filter(Boolean).join(', ') ||
                            t('reviews.anonymous')}
                        </dd>
                      </div>
                      <div>
                        <dt>{t('reviews.received')}</dt>
                        <dd>{formatDateTime(review.createdAt, i18n.language)}</dd>
                      </div>
                      {review.decidedAt && (
                        <div>
                          <dt>{t('reviews.decided')}</dt>
                          <dd>{formatDateTime(review.decidedAt, i18n.language)}</dd>
                        </div>
                      )}
                    </dl>
                    {!review.verifiedPurchase && (
                      <p className="admin-reviews__note">{t('reviews.notVerified')}</p>
                    )}
                    {review.verifiedPurchase && review.consentWithdrawn && (
                      <p className="admin-reviews__note">{t('reviews.consentWithdrawn')}</p>
                    )}
                    <blockquote className="admin-reviews__text">{review.text}</blockquote>
                    {review.hasPhoto && (
                      <img
                        className="admin-reviews__photo"
                        src={`/api/admin/reviews/${review.id}/photo.webp`}
                        alt={t('reviews.photo')}
                        width={240}
                        height={180}
                      />
                    )}
                    <div className="admin-reviews__actions">
                      {/* An order cancelled or refunded in full is no verified purchase: never shown. */}
                      {review.status !== 'approved' && review.verifiedPurchase && (
                        <button
                          type="button"
                          className="button button--primary"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ id: review.id, status: 'approved' })}
                        >
                          {t('reviews.approve')}
                        </button>
                      )}
                      {review.status !== 'rejected' && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ id: review.id, status: 'rejected' })}
                        >
                          {t('reviews.reject')}
                        </button>
                      )}
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
