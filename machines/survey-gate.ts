import { assign, setup } from 'xstate';
import {
  QUESTIONNAIRE_ID,
  RANKING_QUESTION_ID,
  REQUIRED_QUESTION_IDS,
  SURVEY_QUESTIONS,
  formatRanking,
  type QuestionnaireRequest,
} from '#contract/subscriptions.ts';

export type RequiredQuestionId = (typeof REQUIRED_QUESTION_IDS)[number];
/** The answers of questions 1 to 5 as they will be sent (a multi-choice answer joined by ', '). */
type SurveyAnswers = Partial<Record<RequiredQuestionId, string>>;

/** Question 6's options in their default order. */
const DEFAULT_RANKING: readonly string[] = SURVEY_QUESTIONS[RANKING_QUESTION_ID - 1]!.options;

function isSurveyComplete(answers: SurveyAnswers): boolean {
  return REQUIRED_QUESTION_IDS.every((id) => (answers[id] ?? '').trim() !== '');
}

/** The body of POST /api/QuestionnaireResponses: questions 1-5, then 6 as '1: option, 2: option, …'. */
function questionnairePayload(
  subscriberId: string,
  answers: SurveyAnswers,
  ranking: readonly string[],
): QuestionnaireRequest {
  return {
    QuestionnaireId: QUESTIONNAIRE_ID,
    SubscriberId: subscriberId,
    Responses: [
      ...REQUIRED_QUESTION_IDS.map((id) => ({
        QuestionId: id,
        ResponseText: (answers[id] ?? '').trim(),
      })),
      { QuestionId: RANKING_QUESTION_ID, ResponseText: formatRanking(ranking) },
    ],
  };
}

interface SurveyContext {
  subscriberId: string;
  answers: SurveyAnswers;
  ranking: readonly string[];
}

export type SurveyEvent =
  /** What local storage says when the page opens: the `subscribed` flag and the SubscriberId. */
  | { type: 'access.checked'; subscribed: boolean; subscriberId: string | null }
  | { type: 'survey.answer'; questionId: RequiredQuestionId; value: string }
  | { type: 'survey.rank'; ranking: readonly string[] }
  | { type: 'survey.submit' }
  | { type: 'submit.done' }
  | { type: 'submit.failed' };

/**
 * The survey page (/thank-you). Without the local `subscribed` flag the visitor goes to /
 * (`goHome`). Submit is accepted only when questions 1-5 have a non-blank answer. Effects provided
 * by src/: `goHome`, `sendResponses` (POST, then `submit.done` or `submit.failed`),
 * `markSubmitted` (surveySubmitted in local storage), `goToReward`, `reportFailure` (logged only).
 */
export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
  },
  actions: {
    goHome: () => {},
    sendResponses: (_, _payload: QuestionnaireRequest) => {},
    markSubmitted: () => {},
    goToReward: () => {},
    reportFailure: () => {},
    keepSubscriber: assign(({ event }) =>
      event.type === 'access.checked' ? { subscriberId: event.subscriberId ?? '' } : {},
    ),
    setAnswer: assign(({ context, event }) =>
      event.type === 'survey.answer'
        ? { answers: { ...context.answers, [event.questionId]: event.value } }
        : {},
    ),
    setRanking: assign(({ event }) =>
      event.type === 'survey.rank' ? { ranking: event.ranking } : {},
    ),
  },
  guards: {
    subscribed: ({ event }) => event.type === 'access.checked' && event.subscribed,
    complete: ({ context }) => isSurveyComplete(context.answers),
  },
}).createMachine({
  id: 'survey',
  context: { subscriberId: '', answers: {}, ranking: DEFAULT_RANKING },
  initial: 'checking',
  states: {
    checking: {
      on: {
        'access.checked': [
          { guard: 'subscribed', target: 'answering', actions: 'keepSubscriber' },
          { target: 'leaving', actions: 'goHome' },
        ],
      },
    },
    answering: {
      initial: 'incomplete',
      on: {
        'survey.answer': { target: '.checking', actions: 'setAnswer' },
        'survey.rank': { actions: 'setRanking' },
      },
      states: {
        checking: {
          always: [{ guard: 'complete', target: 'complete' }, { target: 'incomplete' }],
        },
        incomplete: {},
        complete: {
          on: {
            'survey.submit': {
              target: '#survey.submitting',
              actions: {
                type: 'sendResponses',
                params: ({ context }) =>
                  questionnairePayload(context.subscriberId, context.answers, context.ranking),
              },
            },
          },
        },
      },
    },
    submitting: {
      on: {
        'submit.done': { target: 'submitted', actions: ['markSubmitted', 'goToReward'] },
        'submit.failed': { target: 'answering.complete', actions: 'reportFailure' },
      },
    },
    submitted: { type: 'final' },
    leaving: { type: 'final' },
  },
});

type PageGateEvent = { type: 'access.checked'; allowed: boolean };

/**
 * A page shown only with a local flag: the reward page needs `surveySubmitted`. Without it the
 * visitor goes to / (`goHome`, provided by src/).
 */
export const pageGateMachine = setup({
  types: { events: {} as PageGateEvent },
  actions: { goHome: () => {} },
  guards: { allowed: ({ event }) => event.allowed },
}).createMachine({
  id: 'pageGate',
  initial: 'checking',
  states: {
    checking: {
      on: {
        'access.checked': [
          { guard: 'allowed', target: 'shown' },
          { target: 'leaving', actions: 'goHome' },
        ],
      },
    },
    shown: {},
    leaving: { type: 'final' },
  },
});
