import type { QuestionnaireRequest } from '#contract/subscriptions.ts';
import { api } from '#src/lib/api.ts';

/** POST /api/QuestionnaireResponses; the answer is only checked for success. */
export function postQuestionnaire(body: QuestionnaireRequest) {
  return api<{ status: 'saved' }>('/QuestionnaireResponses', { method: 'POST', body });
}
