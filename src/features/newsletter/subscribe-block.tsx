import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newsletterMachine } from '#machines/newsletter.ts';
import { trackEvent } from '#src/lib/analytics.ts';
import { storeSubscriber } from '#src/lib/subscriber-storage.ts';
import { DelayedTooltip } from '#src/ui/delayed-tooltip.tsx';
import { failureStatus, postSubscription } from './newsletter-api.ts';
import './newsletter.css';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

/** The id Home's 'I'm in' buttons scroll to. */
const ADVENTURE_COMMUNITY_ID = 'adventure-community';

interface SubscribeBlockProps {
  /** The single POST /api/Subscriptions (default: the real call). */
  subscribe?: typeof postSubscription;
}

/**
 * 'Join our adventure community': the e-mail field and the join-now button, enabled only for an
 * address matching the SPEC pattern (with a tooltip saying so). Subscribing retries network
 * errors and 500/502/503/504 up to four times, 2, 4, 8 and 16 s apart; success stores the
 * subscriber and opens the survey at /thank-you; failure is only logged.
 */
export function SubscribeBlock({ subscribe = postSubscription }: SubscribeBlockProps) {
  const { t, i18n } = useTranslation('newsletter');
  const navigate = useNavigate();
  const id = useId();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const actor = useActorRef(
    newsletterMachine.provide({
      actions: {
        sendSubscription: ({ self }, { email }) => {
          subscribe({ email, preferredLanguage: shopLanguageOf(i18n.language) }).then(
            (subscriberId) => {
              if (self.getSnapshot().status === 'active')
                self.send({ type: 'subscribe.done', subscriberId });
            },
            (error: unknown) => {
              if (self.getSnapshot().status === 'active')
                self.send({ type: 'subscribe.failed', status: failureStatus(error) });
            },
          );
        },
        waitBeforeRetry: ({ self }, { delayMs }) => {
          const timer = setTimeout(() => {
            timers.current.delete(timer);
            if (self.getSnapshot().status === 'active') self.send({ type: 'retry.due' });
          }, delayMs);
          timers.current.add(timer);
        },
        storeSubscriber: (_, subscriberId) => storeSubscriber(subscriberId),
        trackSubscribe: () => void trackEvent('subscribe_button_home'),
        goToThankYou: () => void navigate({ to: '/thank-you' }),
        reportFailure: (_, { status }) =>
          console.error('Failed to send subscription data', status ?? 'network error'),
      },
    }),
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const state = useSelector(actor, (snapshot) => snapshot.value);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const busy = state === 'submitting' || state === 'retrying' || state === 'done';
  const canSubmit = state === 'valid' || state === 'failed';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) actor.send({ type: 'subscribe.submit' });
  };

  return (
    <section
      id={ADVENTURE_COMMUNITY_ID}
      className="subscribe-block"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
    >
      <div className="subscribe-block__inner">
        <h2 id={`${id}-title`} className="subscribe-block__title">
          <span className="subscribe-block__prefix">{t('prefix')}</span> <span>{t('title')}</span>
        </h2>
        <p className="subscribe-block__description">{t('description')}</p>
        <form className="subscribe-block__form" onSubmit={submit} noValidate aria-busy={busy}>
          <label htmlFor={`${id}-email`} className="subscribe-block__label">
            {t('emailLabel')}
          </label>
          <div className="subscribe-block__row">
            {/* No name: the page's first script holds an Enter before the app has started
                (lib/early-input-script.ts); should the browser ever send the form itself, it puts no
                address in the URL. */}
            <input
              id={`${id}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('emailPlaceholder')}
              required
              value={email}
              readOnly={busy}
              aria-describedby={`${id}-note`}
              onChange={(event) => actor.send({ type: 'email.change', value: event.target.value })}
            />
            <DelayedTooltip text={t('tooltip')} active={!canSubmit && !busy}>
              {(describedBy) => (
                <button
                  type="submit"
                  className="button button--primary subscribe-block__button"
                  aria-disabled={!canSubmit}
                  aria-describedby={describedBy}
                >
                  {busy ? t('sending') : t('submit')}
                </button>
              )}
            </DelayedTooltip>
          </div>
          <p id={`${id}-note`} className="subscribe-block__note">
            {t('note')}
          </p>
        </form>
      </div>
    </section>
  );
}
