import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageGateMachine } from '#machines/survey-gate.ts';
import { isSurveySubmitted } from '../../lib/subscriber-storage.ts';
import './survey.css';

/** YouTube's privacy-enhanced host (no cookies until play); the only origin the CSP allows in frames. */
export const PRIVACY_ENHANCED_EMBED = 'https://www.youtube-nocookie.com/embed/';
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The thank-you video, configured at build time by VITE_REWARD_VIDEO_ID (an 11-character YouTube id). */
export const REWARD_VIDEO_ID = (import.meta.env.VITE_REWARD_VIDEO_ID as string | undefined)?.trim() ?? '';

export interface RewardPageProps {
  videoId?: string;
}

/**
 * /thank-you-reward: only with the local `surveySubmitted` flag (else to /). The video is an
 * iframe on youtube-nocookie.com, created only here and only once the visitor is allowed in.
 */
export function RewardPage({ videoId = REWARD_VIDEO_ID }: RewardPageProps) {
  const { t } = useTranslation('survey');
  const navigate = useNavigate();
  const actor = useActorRef(pageGateMachine.provide({ actions: { goHome: () => void navigate({ to: '/', replace: true }) } }));
  useEffect(() => {
    actor.send({ type: 'access.checked', allowed: isSurveySubmitted() });
  }, [actor]);
  const shown = useSelector(actor, (snapshot) => snapshot.matches('shown'));
  if (!shown) return null;

  const video = VIDEO_ID.test(videoId) ? videoId : null;
  return (
    <article className="reward" aria-labelledby="reward-title">
      <h1 id="reward-title">{t('reward.title')}</h1>
      <p className="reward__text">{t('reward.text')}</p>
      {video && (
        <figure className="reward__video">
          <div className="reward__frame">
            <iframe
              src={`${PRIVACY_ENHANCED_EMBED}${video}?rel=0`}
              title={t('reward.videoTitle')}
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </div>
          <figcaption>{t('reward.videoNote')}</figcaption>
        </figure>
      )}
      <p className="reward__actions">
        <Link to="/YouCanDoIt" className="button button--primary">
          {t('reward.cta')}
        </Link>
        <Link to="/" className="button button--secondary">
          {t('reward.home')}
        </Link>
      </p>
    </article>
  );
}
