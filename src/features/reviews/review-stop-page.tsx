import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stopReviewRequests } from './api/review-form-api.ts';
import './reviews.css';

/** /review-stop/$token: the mail's 'stop review requests' link withdraws the consent (no sign-in). */
export function ReviewStopPage({ token }: { token: string }) {
  const { t } = useTranslation('reviews');
  const [state, setState] = useState<'working' | 'done' | 'invalid'>('working');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    stopReviewRequests(token).then(
      () => setState('done'),
      () => setState('invalid'),
    );
  }, [token]);
  return (
    <div className="review-page">
      <h1>{t('stop.title')}</h1>
      <p role={state === 'invalid' ? 'alert' : 'status'}>{t(`stop.${state}`)}</p>
      {state !== 'working' && (
        <Link to="/" className="button button--primary">
          {t('stop.home')}
        </Link>
      )}
    </div>
  );
}
