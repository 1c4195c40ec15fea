import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageGateMachine } from '#machines/survey-gate.ts';
import { DEFAULT_LANGUAGE, toLanguage } from '#contract/markets.ts';
import { isSurveySubmitted } from '#src/lib/subscriber-storage.ts';
import './survey.css';
import { ButtonLinks } from '#src/ui/button-links.tsx';

/** YouTube's privacy-enhanced host (no cookies until play); the only origin the CSP allows in frames. */
const PRIVACY_ENHANCED_EMBED = 'https://www.youtube-nocookie.com/embed/';
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The thank-you video, configured at build time by VITE_REWARD_VIDEO_ID (an 11-character YouTube id). */
const REWARD_VIDEO_ID = (import.meta.env.VITE_REWARD_VIDEO_ID as string | undefined)?.trim() ?? '';

/** Our own thank-you video (scripts/make-reward-video.ts), served by our server. */
const OWN_VIDEO = {
  webm: '/video/thank-you.webm',
  mp4: '/video/thank-you.mp4',
  poster: '/video/thank-you-poster.webp',
  captions: (language: string) => `/video/thank-you.${language}.vtt`,
  width: 640,
  height: 392,
};

/**
 * The thank-you video drawn from the book's pictures, from our own server: nothing is requested
 * from anyone else. It has no sound; the captions (on by default) carry the words in the page's
 * language.
 */
function OwnVideo() {
  const { t, i18n } = useTranslation('survey');
  const language = toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <figure className="reward__video">
      <p className="reward__text">{t('reward.videoIntro')}</p>
      <div className="reward__frame">
        {/* Captions are on by default and carry all the words: the video has no sound. */}
        <video
          key={language}
          controls
          playsInline
          preload="metadata"
          poster={OWN_VIDEO.poster}
          width={OWN_VIDEO.width}
          height={OWN_VIDEO.height}
          aria-label={t('reward.ownVideoTitle')}
        >
          <source src={OWN_VIDEO.webm} type="video/webm" />
          <source src={OWN_VIDEO.mp4} type="video/mp4" />
          <track
            kind="captions"
            src={OWN_VIDEO.captions(language)}
            srcLang={language}
            label={t('reward.captionsLabel')}
            default
          />
        </video>
      </div>
      <figcaption>{t('reward.ownVideoNote')}</figcaption>
    </figure>
  );
}

interface RewardPageProps {
  videoId?: string;
}

/**
 * /thank-you-reward: only with the local `surveySubmitted` flag (else to /). Without a configured
 * YouTube id the page plays our own video (OwnVideo). A configured video is an
 * iframe on youtube-nocookie.com (privacy-enhanced mode), created only here and only when the
 * visitor presses play: until then nothing is requested from a third party, whatever the cookie
 * consent, and pressing play is the visitor's own request for YouTube's player.
 */
export function RewardPage({ videoId = REWARD_VIDEO_ID }: RewardPageProps) {
  const { t } = useTranslation('survey');
  const navigate = useNavigate();
  const actor = useActorRef(
    pageGateMachine.provide({
      actions: { goHome: () => void navigate({ to: '/', replace: true }) },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'access.checked', allowed: isSurveySubmitted() });
  }, [actor]);
  const shown = useSelector(actor, (snapshot) => snapshot.matches('shown'));
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The play button is replaced by the player: keyboard focus moves into it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  if (!shown) return null;

  const video = VIDEO_ID.test(videoId) ? videoId : null;
  return (
    <article className="reward" aria-labelledby="reward-title">
      <h1 id="reward-title">{t('reward.title')}</h1>
      <p className="reward__text">{t('reward.text')}</p>
      {!video && <OwnVideo />}
      {video && (
        <figure className="reward__video">
          <p className="reward__text">{t('reward.videoIntro')}</p>
          <div className="reward__frame">
            {playing ? (
              <iframe
                ref={frame}
                src={`${PRIVACY_ENHANCED_EMBED}${video}?autoplay=1&rel=0`}
                title={t('reward.videoTitle')}
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                allowFullScreen
              />
            ) : (
              <button type="button" className="reward__play" onClick={() => setPlaying(true)}>
                <svg
                  viewBox="0 0 64 64"
                  width="72"
                  height="72"
                  aria-hidden="true"
                  focusable="false"
                >
                  <circle cx="32" cy="32" r="30" fill="#b4430f" />
                  <path d="M26 20l20 12-20 12z" fill="#fff" />
                </svg>
                <span>{t('reward.play')}</span>
              </button>
            )}
          </div>
          <figcaption>{t('reward.videoNote')}</figcaption>
        </figure>
      )}
      <ButtonLinks
        className="reward__actions"
        primary={{ to: '/YouCanDoIt', label: t('reward.cta') }}
        secondary={{ to: '/', label: t('reward.home') }}
      />
    </article>
  );
}
