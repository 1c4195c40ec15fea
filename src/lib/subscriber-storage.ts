import { local } from './storage.ts';

/**
 * The newsletter's local flags (SPEC section 3): `SubscriberId` and `subscribed` ('true') after
 * subscribing, `surveySubmitted` after the survey. They gate /thank-you and /thank-you-reward.
 * Storage may be unavailable (private mode, blocked); then nothing is remembered.
 */
const SUBSCRIBER_ID_KEY = 'SubscriberId';
const SUBSCRIBED_KEY = 'subscribed';
const SURVEY_SUBMITTED_KEY = 'surveySubmitted';

const read = (key: string) => local.get(key);

function write(key: string, value: string) {
  if (!local.set(key, value)) console.error(`Could not store ${key}.`);
}

export function storeSubscriber(subscriberId: string) {
  write(SUBSCRIBER_ID_KEY, subscriberId);
  write(SUBSCRIBED_KEY, 'true');
}

export function readSubscriber(): { subscribed: boolean; subscriberId: string | null } {
  return { subscribed: read(SUBSCRIBED_KEY) === 'true', subscriberId: read(SUBSCRIBER_ID_KEY) };
}

export function markSurveySubmitted() {
  write(SURVEY_SUBMITTED_KEY, 'true');
}

export function isSurveySubmitted(): boolean {
  return read(SURVEY_SUBMITTED_KEY) === 'true';
}
