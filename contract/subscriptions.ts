import * as v from 'valibot';
import { EmailSchema } from './email.ts';
import { LanguageParamSchema } from './language-param.ts';

/** Subscriber ids and link tokens: random base64url strings (144 bits, 24 characters). */
const RANDOM_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** POST /api/Subscriptions. `preferredLanguage` is matched case-insensitively ('en-gb' -> 'en-GB'). */
export const SubscribeRequestSchema = v.object({
  email: EmailSchema,
  preferredLanguage: LanguageParamSchema,
});
export type SubscribeRequest = v.InferInput<typeof SubscribeRequestSchema>;

/** The answer of POST /api/Subscriptions: the subscriber id as a JSON string (kept as SubscriberId). */
export const SubscriberIdSchema = v.pipe(v.string(), v.regex(RANDOM_ID));
export type SubscriberId = v.InferOutput<typeof SubscriberIdSchema>;

/** `{token}` of POST /api/subscriptions/confirm/{token} and /unsubscribe/{token}. */
export const SubscriptionTokenParamsSchema = v.object({
  token: v.pipe(v.string(), v.regex(RANDOM_ID)),
});

/** The answer of the confirm and unsubscribe calls. */
export const SubscriptionStatusSchema = v.object({
  status: v.picklist(['confirmed', 'unsubscribed']),
});
export type SubscriptionStatus = v.InferOutput<typeof SubscriptionStatusSchema>;

// ---- Survey ----------------------------------------------------------------------------------

export const QUESTIONNAIRE_ID = 1;

/** The six survey questions (SPEC section 3). Question 6 is a ranking, 1 the most important. */
export const SURVEY_QUESTIONS = [
  { id: 1, name: 'themes', options: ['sports', 'arts', 'outdoor', 'stem'] },
  { id: 2, name: 'age', options: ['up to 5', 'up to 10', 'up to 15'] },
  {
    id: 3,
    name: 'aspects',
    options: ['engaging', 'educational', 'illustrations', 'personalization', 'durability'],
  },
  { id: 4, name: 'storyType', options: ['realistic', 'fantasy', 'mix'] },
  {
    id: 5,
    name: 'teachEmotions',
    options: [
      'very important',
      'somewhat important',
      'neutral',
      'not very important',
      'not important',
    ],
  },
  {
    id: 6,
    name: 'emotionsFocus',
    options: ['recognizing', 'feeling in the body', 'conversations', 'managing'],
  },
] as const;
/** Questions 1 to 5 need a non-blank answer; question 6 (the ranking) may be left as it is. */
export const REQUIRED_QUESTION_IDS = [1, 2, 3, 4, 5] as const;
export const RANKING_QUESTION_ID = 6;
const RESPONSE_TEXT_MAX_LENGTH = 1000;

/** Question 6's ResponseText: the ranked options as 'position: option' joined by commas. */
export function formatRanking(options: readonly string[]): string {
  return options.map((option, index) => `${index + 1}: ${option}`).join(', ');
}

/** The options of a ranking in order, or undefined when `text` is not 1: a, 2: b, … */
export function parseRanking(text: string): string[] | undefined {
  const entries = text.split(',').map((entry) => entry.trim());
  const options: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const match = /^(\d+)\s*:\s*(\S.*)$/.exec(entry);
    if (!match || Number(match[1]) !== index + 1) return undefined;
    options.push(match[2]!.trim());
  }
  return new Set(options.map((o) => o.toLowerCase())).size === options.length ? options : undefined;
}

const ResponseSchema = v.object({
  QuestionId: v.pipe(
    v.number('QuestionId must be a number from 1 to 6.'),
    v.integer('QuestionId must be a number from 1 to 6.'),
    v.minValue(1, 'QuestionId must be a number from 1 to 6.'),
    v.maxValue(6, 'QuestionId must be a number from 1 to 6.'),
  ),
  ResponseText: v.pipe(
    v.string('ResponseText must be text.'),
    v.trim(),
    v.maxLength(
      RESPONSE_TEXT_MAX_LENGTH,
      `An answer has at most ${RESPONSE_TEXT_MAX_LENGTH} characters.`,
    ),
  ),
});

/** POST /api/QuestionnaireResponses. */
export const QuestionnaireRequestSchema = v.object({
  QuestionnaireId: v.literal(QUESTIONNAIRE_ID, `QuestionnaireId must be ${QUESTIONNAIRE_ID}.`),
  SubscriberId: v.pipe(
    v.string('SubscriberId is required.'),
    v.trim(),
    v.nonEmpty('SubscriberId is required.'),
    v.maxLength(64, 'SubscriberId is not valid.'),
  ),
  Responses: v.pipe(
    v.array(ResponseSchema, 'Responses must be a list.'),
    v.maxLength(SURVEY_QUESTIONS.length, 'There are only six questions.'),
    v.check(
      (responses) => new Set(responses.map((r) => r.QuestionId)).size === responses.length,
      'Each question may be answered once.',
    ),
    v.check(
      (responses) =>
        REQUIRED_QUESTION_IDS.every((id) =>
          responses.some((r) => r.QuestionId === id && r.ResponseText !== ''),
        ),
      'Please answer all questions.',
    ),
    v.check((responses) => {
      const ranking = responses.find((r) => r.QuestionId === RANKING_QUESTION_ID);
      return (
        !ranking || ranking.ResponseText === '' || parseRanking(ranking.ResponseText) !== undefined
      );
    }, "The ranking must read '1: option, 2: option, …'."),
  ),
});
export type QuestionnaireRequest = v.InferInput<typeof QuestionnaireRequestSchema>;
