import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_QUESTIONS, type QuestionnaireRequest } from '#contract/subscriptions.ts';
import { surveyMachine, type RequiredQuestionId } from '#machines/survey-gate.ts';
import { markSurveySubmitted, readSubscriber } from '#src/lib/subscriber-storage.ts';
import { DelayedTooltip } from '#src/ui/delayed-tooltip.tsx';
import { RankingList } from './ranking-list.tsx';
import { postQuestionnaire } from './survey-api.ts';
import './survey.css';

/** Question 3 takes several answers (checkboxes); 1, 2, 4 and 5 one each (radio groups). */
const MULTIPLE_CHOICE = new Set<number>([3]);

interface SurveyPageProps {
  /** The POST (default: the real call). */
  send?: (body: QuestionnaireRequest) => Promise<unknown>;
}

/**
 * /thank-you: the six questions after subscribing. Only with the local `subscribed` flag (else
 * to /). Submit stays unavailable, with the tooltip 'Please answer all questions', until 1-5 are
 * answered; question 6 is a ranking. Success stores `surveySubmitted` and opens the reward page;
 * failure is only logged.
 */
export function SurveyPage({ send = postQuestionnaire }: SurveyPageProps) {
  const { t } = useTranslation('survey');
  const navigate = useNavigate();
  const id = useId();
  const actor = useActorRef(
    surveyMachine.provide({
      actions: {
        goHome: () => void navigate({ to: '/', replace: true }),
        sendResponses: ({ self }, payload) => {
          send(payload).then(
            () => {
              if (self.getSnapshot().status === 'active') self.send({ type: 'submit.done' });
            },
            (error: unknown) => {
              console.error('Failed to send survey responses:', error);
              if (self.getSnapshot().status === 'active') self.send({ type: 'submit.failed' });
            },
          );
        },
        markSubmitted: () => markSurveySubmitted(),
        goToReward: () => void navigate({ to: '/thank-you-reward' }),
      },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'access.checked', ...readSubscriber() });
  }, [actor]);

  const state = useSelector(actor, (snapshot) => snapshot);
  const answers = state.context.answers;
  const ranking = state.context.ranking;
  const labelOf = useCallback(
    (option: string) => t(`questions.emotionsFocus.options.${option}`),
    [t],
  );

  if (state.matches('checking') || state.matches('leaving')) return null;

  const complete = state.matches({ answering: 'complete' });
  const busy = state.matches('submitting') || state.matches('submitted');
  const answer = (questionId: RequiredQuestionId, value: string) =>
    actor.send({ type: 'survey.answer', questionId, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) actor.send({ type: 'survey.submit' });
  };
  const count = SURVEY_QUESTIONS.length;

  return (
    <article className="survey" aria-labelledby={`${id}-title`}>
      <header className="survey__header">
        <h1 id={`${id}-title`}>{t('title')}</h1>
        <p className="survey__intro">{t('intro')}</p>
        <p className="survey__meta">
          <span className="survey__duration">{t('duration')}</span>
          <span>{t('requiredNote')}</span>
        </p>
      </header>
      <form className="survey__form" onSubmit={submit} noValidate aria-busy={busy}>
        {SURVEY_QUESTIONS.map((question) => {
          const number = t('questionNumber', { number: question.id, count });
          const base = `questions.${question.name}`;
          if (question.id === 6) {
            return (
              <fieldset key={question.id} className="card survey__question">
                <legend>
                  <span className="survey__number">{number}</span>
                  <span className="survey__label">{t(`${base}.label`)}</span>
                </legend>
                <p id={`${id}-ranking-hint`} className="survey__hint">
                  {t(`${base}.hint`)}
                </p>
                <RankingList
                  order={ranking}
                  labelOf={labelOf}
                  describedBy={`${id}-ranking-hint`}
                  onChange={(next) => actor.send({ type: 'survey.rank', ranking: next })}
                />
              </fieldset>
            );
          }
          const questionId = question.id as RequiredQuestionId;
          const multiple = MULTIPLE_CHOICE.has(question.id);
          const current = answers[questionId] ?? '';
          const chosen = multiple ? current.split(', ').filter(Boolean) : [current];
          return (
            <fieldset
              key={question.id}
              className="card survey__question"
              aria-describedby={multiple ? `${id}-${question.id}-hint` : undefined}
            >
              <legend>
                <span className="survey__number">{number}</span>
                <span className="survey__label">{t(`${base}.label`)}</span>
              </legend>
              {multiple && (
                <p id={`${id}-${question.id}-hint`} className="survey__hint">
                  {t(`${base}.hint`)}
                </p>
              )}
              <div className="survey__options">
                {question.options.map((option) => {
                  const inputId = `${id}-${question.id}-${option.replace(/\s+/g, '-')}`;
                  return (
                    <label key={option} htmlFor={inputId} className="survey__option">
                      <input
                        id={inputId}
                        type={multiple ? 'checkbox' : 'radio'}
                        name={`question-${question.id}`}
                        value={option}
                        checked={chosen.includes(option)}
                        disabled={busy}
                        onChange={(event) => {
                          if (!multiple) return answer(questionId, option);
                          // Keep the options' own order, whatever order they were ticked in.
                          const next = question.options.filter((o) =>
                            o === option ? event.target.checked : chosen.includes(o),
                          );
                          answer(questionId, next.join(', '));
                        }}
                      />
                      <span>{t(`${base}.options.${option}`)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        })}
        <div className="survey__submit">
          <DelayedTooltip text={t('tooltip')} active={!complete && !busy}>
            {(describedBy) => (
              <button
                type="submit"
                className="button button--primary button--large"
                aria-disabled={!complete}
                aria-describedby={describedBy}
              >
                {busy ? t('sending') : t('submit')}
              </button>
            )}
          </DelayedTooltip>
        </div>
      </form>
    </article>
  );
}
