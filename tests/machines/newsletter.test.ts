import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { newsletterMachine, type NewsletterEvent } from '#machines/newsletter.ts';

type Effect =
  | ['send', string]
  | ['wait', number]
  | ['store', string]
  | ['track']
  | ['thankYou']
  | ['fail', number | undefined];

/** What a visitor expects from SPEC sections 4 and 7, written out independently of the machine. */
class Expectation {
  screen: 'idle' | 'invalid' | 'valid' | 'submitting' | 'retrying' | 'done' | 'failed' = 'idle';
  email = '';
  retries = 0;
  effects: Effect[] = [];

  get buttonEnabled() {
    return this.screen === 'valid' || this.screen === 'failed';
  }

  apply(event: NewsletterEvent) {
    const busy =
      this.screen === 'submitting' || this.screen === 'retrying' || this.screen === 'done';
    switch (event.type) {
      case 'email.change':
        if (busy) return;
        this.email = event.value;
        this.screen =
          event.value.trim() === ''
            ? 'idle'
            : /^\S+@\S+\.\S+$/.test(event.value.trim())
              ? 'valid'
              : 'invalid';
        return;
      case 'subscribe.submit':
        if (!this.buttonEnabled) return;
        this.retries = 0;
        this.effects.push(['send', this.email.trim()]);
        this.screen = 'submitting';
        return;
      case 'subscribe.done':
        if (this.screen !== 'submitting') return;
        this.effects.push(['store', event.subscriberId], ['track'], ['thankYou']);
        this.screen = 'done';
        return;
      case 'subscribe.failed': {
        if (this.screen !== 'submitting') return;
        const retryable = event.status === undefined || [500, 502, 503, 504].includes(event.status);
        if (retryable && this.retries < 4) {
          this.retries += 1;
          this.effects.push(['wait', [2000, 4000, 8000, 16000][this.retries - 1]!]);
          this.screen = 'retrying';
        } else {
          this.effects.push(['fail', event.status]);
          this.screen = 'failed';
        }
        return;
      }
      case 'retry.due':
        if (this.screen !== 'retrying') return;
        this.effects.push(['send', this.email.trim()]);
        this.screen = 'submitting';
        return;
    }
  }
}

const model = createTestModel(newsletterMachine, {
  events: [
    { type: 'email.change', value: '' },
    { type: 'email.change', value: 'anna@example' },
    { type: 'email.change', value: ' anna@example.lv ' },
    { type: 'subscribe.submit' },
    { type: 'subscribe.done', subscriberId: 'Abc123_-Abc123_-Abc123_-' },
    { type: 'subscribe.failed', status: 503 },
    { type: 'subscribe.failed', status: undefined },
    { type: 'subscribe.failed', status: 400 },
    { type: 'retry.due' },
  ],
});
const paths = model.getShortestPaths();

function nameOf(path: (typeof paths)[number]): string {
  return path.steps
    .map(({ event }) => {
      if ((event.type as string) === 'xstate.init') return 'start';
      if (event.type === 'email.change') return `type(${JSON.stringify(event.value)})`;
      if (event.type === 'subscribe.failed') return `failed(${event.status ?? 'network'})`;
      return event.type;
    })
    .join(' → ');
}

describe('newsletter machine (model-based, shortest paths)', () => {
  it('reaches every state, including each of the four retries and the give-up after them', () => {
    const states = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...states].sort()).toEqual(
      ['"done"', '"failed"', '"idle"', '"invalid"', '"retrying"', '"submitting"', '"valid"'].sort(),
    );
    const retries = new Set(paths.map((p) => p.state.context.retries));
    expect([...retries].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  for (const path of paths) {
    it(`${nameOf(path)} ends in ${JSON.stringify(path.state.value)}`, async () => {
      const effects: Effect[] = [];
      const actor = createActor(
        newsletterMachine.provide({
          actions: {
            sendSubscription: (_, { email }) => void effects.push(['send', email]),
            waitBeforeRetry: (_, { delayMs }) => void effects.push(['wait', delayMs]),
            storeSubscriber: (_, id) => void effects.push(['store', id]),
            trackSubscribe: () => void effects.push(['track']),
            goToThankYou: () => void effects.push(['thankYou']),
            reportFailure: (_, { status }) => void effects.push(['fail', status]),
          },
        }),
      ).start();
      const expected = new Expectation();
      const check = () => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe(expected.screen);
        expect(snapshot.context.email).toBe(expected.email);
        expect(effects).toEqual(expected.effects);
      };
      const exec = ({ event }: { event: { type: string } }) => {
        actor.send(event as NewsletterEvent);
        expected.apply(event as NewsletterEvent);
      };
      await path.test({
        states: {
          idle: check,
          invalid: check,
          valid: check,
          submitting: check,
          retrying: check,
          done: check,
          failed: check,
        },
        events: {
          'email.change': exec,
          'subscribe.submit': exec,
          'subscribe.done': exec,
          'subscribe.failed': exec,
          'retry.due': exec,
        },
      });
      actor.stop();
    });
  }

  it('gives up silently after the fourth retry: five requests in all, 2, 4, 8 and 16 s apart', () => {
    const effects: Effect[] = [];
    const actor = createActor(
      newsletterMachine.provide({
        actions: {
          sendSubscription: () => void effects.push(['send', '']),
          waitBeforeRetry: (_, { delayMs }) => void effects.push(['wait', delayMs]),
          reportFailure: (_, { status }) => void effects.push(['fail', status]),
        },
      }),
    ).start();
    actor.send({ type: 'email.change', value: 'anna@example.lv' });
    actor.send({ type: 'subscribe.submit' });
    for (let i = 0; i < 4; i++) {
      actor.send({ type: 'subscribe.failed', status: 502 });
      actor.send({ type: 'retry.due' });
    }
    actor.send({ type: 'subscribe.failed', status: 502 });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(effects.filter(([kind]) => kind === 'send')).toHaveLength(5);
    expect(effects.filter(([kind]) => kind === 'wait').map(([, ms]) => ms)).toEqual([
      2000, 4000, 8000, 16000,
    ]);
    expect(effects.at(-1)).toEqual(['fail', 502]);
  });
});
