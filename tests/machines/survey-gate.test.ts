import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { QuestionnaireRequest } from '#contract/subscriptions.ts';
import { pageGateMachine, surveyMachine, type SurveyEvent } from '#machines/survey-gate.ts';

type Effect = ['home'] | ['send', QuestionnaireRequest] | ['marked'] | ['reward'] | ['logged'];

const ID = 'Abc123_-Abc123_-Abc123_-';
const REVERSED = ['managing', 'conversations', 'feeling in the body', 'recognizing'];

/** The survey rules of SPEC sections 3, 4 and 5, written out independently of the machine. */
class Expectation {
  screen: 'checking' | 'incomplete' | 'complete' | 'submitting' | 'submitted' | 'leaving' =
    'checking';
  answers: Record<number, string> = {};
  ranking = ['recognizing', 'feeling in the body', 'conversations', 'managing'];
  subscriberId = '';
  effects: Effect[] = [];

  apply(event: SurveyEvent) {
    const answering = this.screen === 'incomplete' || this.screen === 'complete';
    switch (event.type) {
      case 'access.checked':
        if (this.screen !== 'checking') return;
        if (event.subscribed) {
          this.subscriberId = event.subscriberId ?? '';
          this.screen = 'incomplete';
        } else {
          this.effects.push(['home']);
          this.screen = 'leaving';
        }
        return;
      case 'survey.answer':
        if (!answering) return;
        this.answers[event.questionId] = event.value;
        this.screen = [1, 2, 3, 4, 5].every((id) => (this.answers[id] ?? '').trim() !== '')
          ? 'complete'
          : 'incomplete';
        return;
      case 'survey.rank':
        if (answering) this.ranking = [...event.ranking];
        return;
      case 'survey.submit':
        if (this.screen !== 'complete') return;
        this.effects.push([
          'send',
          {
            QuestionnaireId: 1,
            SubscriberId: this.subscriberId,
            Responses: [
              ...[1, 2, 3, 4, 5].map((id) => ({
                QuestionId: id,
                ResponseText: this.answers[id]!.trim(),
              })),
              {
                QuestionId: 6,
                ResponseText: this.ranking.map((o, i) => `${i + 1}: ${o}`).join(', '),
              },
            ],
          },
        ]);
        this.screen = 'submitting';
        return;
      case 'submit.done':
        if (this.screen !== 'submitting') return;
        this.effects.push(['marked'], ['reward']);
        this.screen = 'submitted';
        return;
      case 'submit.failed':
        if (this.screen !== 'submitting') return;
        this.effects.push(['logged']);
        this.screen = 'complete';
        return;
    }
  }
}

const screenOf = (value: unknown) =>
  typeof value === 'string' ? value : (Object.values(value as Record<string, string>)[0] ?? '');

const model = createTestModel(surveyMachine, {
  events: [
    { type: 'access.checked', subscribed: true, subscriberId: ID },
    { type: 'access.checked', subscribed: false, subscriberId: null },
    { type: 'survey.answer', questionId: 1, value: 'sports' },
    { type: 'survey.answer', questionId: 2, value: 'up to 10' },
    { type: 'survey.answer', questionId: 3, value: 'engaging, durability' },
    { type: 'survey.answer', questionId: 4, value: 'mix' },
    { type: 'survey.answer', questionId: 5, value: 'neutral' },
    { type: 'survey.answer', questionId: 5, value: '   ' },
    { type: 'survey.rank', ranking: REVERSED },
    { type: 'survey.submit' },
    { type: 'submit.done' },
    { type: 'submit.failed' },
  ],
});
const paths = model.getShortestPaths();

function nameOf(path: (typeof paths)[number]): string {
  return path.steps
    .map(({ event }) => {
      if ((event.type as string) === 'xstate.init') return 'start';
      if (event.type === 'access.checked')
        return event.subscribed ? 'open(subscribed)' : 'open(not subscribed)';
      if (event.type === 'survey.answer')
        return `answer(${event.questionId}=${JSON.stringify(event.value)})`;
      return event.type;
    })
    .join(' → ');
}

describe('survey machine (model-based, shortest paths)', () => {
  it('reaches the way home, both sides of the completeness rule, submitting, submitted and failure', () => {
    // Shortest paths that are the start of a longer one are left out; count every state passed.
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))),
    );
    for (const state of [
      '"leaving"',
      '{"answering":"incomplete"}',
      '{"answering":"complete"}',
      '"submitting"',
      '"submitted"',
    ]) {
      expect(reached).toContain(state);
    }
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends in ${JSON.stringify(path.state.value)}`, async () => {
      const effects: Effect[] = [];
      const actor = createActor(
        surveyMachine.provide({
          actions: {
            goHome: () => void effects.push(['home']),
            sendResponses: (_, payload) => void effects.push(['send', payload]),
            markSubmitted: () => void effects.push(['marked']),
            goToReward: () => void effects.push(['reward']),
            reportFailure: () => void effects.push(['logged']),
          },
        }),
      ).start();
      const expected = new Expectation();
      const check = () => {
        const snapshot = actor.getSnapshot();
        expect(screenOf(snapshot.value)).toBe(expected.screen);
        expect(effects).toEqual(expected.effects);
        if (expected.screen !== 'checking' && expected.screen !== 'leaving') {
          expect(snapshot.context.ranking).toEqual(expected.ranking);
        }
      };
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as SurveyEvent);
        expected.apply(event as SurveyEvent);
      };
      await path.test({
        states: {
          checking: check,
          leaving: check,
          'answering.incomplete': check,
          'answering.complete': check,
          submitting: check,
          submitted: check,
        },
        events: {
          'access.checked': exec,
          'survey.answer': exec,
          'survey.rank': exec,
          'survey.submit': exec,
          'submit.done': exec,
          'submit.failed': exec,
        },
      });
      actor.stop();
    });
  }

  it('will not submit while any of questions 1-5 is blank, even with all others answered', () => {
    for (const blank of [1, 2, 3, 4, 5] as const) {
      const sent: QuestionnaireRequest[] = [];
      const actor = createActor(
        surveyMachine.provide({
          actions: { sendResponses: (_, payload) => void sent.push(payload) },
        }),
      ).start();
      actor.send({ type: 'access.checked', subscribed: true, subscriberId: ID });
      for (const id of [1, 2, 3, 4, 5] as const) {
        actor.send({ type: 'survey.answer', questionId: id, value: id === blank ? ' ' : 'x' });
      }
      actor.send({ type: 'survey.submit' });
      expect(sent).toEqual([]);
      expect(actor.getSnapshot().value).toEqual({ answering: 'incomplete' });
    }
  });
});

describe('page gate (reward page)', () => {
  const model = createTestModel(pageGateMachine, {
    events: [
      { type: 'access.checked', allowed: true },
      { type: 'access.checked', allowed: false },
    ],
  });
  for (const path of model.getShortestPaths()) {
    it(`${path.steps.map((s) => JSON.stringify(s.event)).join(' → ')} ends in ${String(path.state.value)}`, async () => {
      let wentHome = 0;
      const actor = createActor(
        pageGateMachine.provide({ actions: { goHome: () => void wentHome++ } }),
      ).start();
      let allowed: boolean | undefined;
      await path.test({
        states: {
          checking: () => expect(wentHome).toBe(0),
          shown: () => expect(allowed).toBe(true),
          leaving: () => {
            expect(allowed).toBe(false);
            expect(wentHome).toBe(1);
          },
        },
        events: {
          'access.checked': ({ event }) => {
            allowed = (event as unknown as { allowed: boolean }).allowed;
            actor.send(event as { type: 'access.checked'; allowed: boolean });
          },
        },
      });
    });
  }
});
