import { assign, setup } from 'xstate';
import { isValidEmail } from '#contract/email.ts';

/** SPEC section 7: up to 4 retries of POST /api/Subscriptions. */
const MAX_SUBSCRIBE_RETRIES = 4;
/** Statuses worth another try (with network errors, which have no status). */
const RETRYABLE_STATUSES: readonly number[] = [500, 502, 503, 504];

/** The wait before retry number `retry` (1 to 4): 2^n x 1000 ms, so 2, 4, 8 and 16 seconds. */
function retryDelayMs(retry: number): number {
  return 2 ** retry * 1000;
}

/** True for a failure that may go away: no answer at all (network) or one of 500/502/503/504. */
function isRetryableFailure(status: number | undefined): boolean {
  return status === undefined || RETRYABLE_STATUSES.includes(status);
}

interface NewsletterContext {
  email: string;
  /** Retries made for the current submission (0 on the first attempt). */
  retries: number;
  subscriberId: string | null;
}

export type NewsletterEvent =
  | { type: 'email.change'; value: string }
  | { type: 'subscribe.submit' }
  | { type: 'subscribe.done'; subscriberId: string }
  /** `status` is the HTTP status, undefined for a network error. */
  | { type: 'subscribe.failed'; status: number | undefined }
  /** The wait asked for by `waitBeforeRetry` is over. */
  | { type: 'retry.due' };

/**
 * The subscribe block. The button is enabled only in `valid` (and `failed`, which keeps a valid
 * address). Effects are named actions provided by src/: `sendSubscription` (POST, then report
 * `subscribe.done` or `subscribe.failed`), `waitBeforeRetry` (report `retry.due` after the delay),
 * `storeSubscriber` (SubscriberId and subscribed=true), `trackSubscribe` (analytics),
 * `goToThankYou` and `reportFailure` (console.error, no message to the visitor).
 */
export const newsletterMachine = setup({
  types: {
    context: {} as NewsletterContext,
    events: {} as NewsletterEvent,
  },
  actions: {
    sendSubscription: (_, _params: { email: string }) => {},
    waitBeforeRetry: (_, _params: { delayMs: number; retry: number }) => {},
    storeSubscriber: (_, _subscriberId: string) => {},
    trackSubscribe: () => {},
    goToThankYou: () => {},
    reportFailure: (_, _params: { status: number | undefined }) => {},
    setEmail: assign(({ event }) => (event.type === 'email.change' ? { email: event.value } : {})),
    resetRetries: assign({ retries: 0 }),
    countRetry: assign(({ context }) => ({ retries: context.retries + 1 })),
    keepSubscriber: assign(({ event }) =>
      event.type === 'subscribe.done' ? { subscriberId: event.subscriberId } : {},
    ),
  },
  guards: {
    emailEmpty: ({ event }) => event.type === 'email.change' && event.value.trim() === '',
    emailValid: ({ event }) => event.type === 'email.change' && isValidEmail(event.value),
    mayRetry: ({ context, event }) =>
      event.type === 'subscribe.failed' &&
      isRetryableFailure(event.status) &&
      context.retries < MAX_SUBSCRIBE_RETRIES,
  },
}).createMachine({
  id: 'newsletter',
  context: { email: '', retries: 0, subscriberId: null },
  initial: 'idle',
  on: {
    'email.change': [
      { guard: 'emailEmpty', target: '.idle', actions: 'setEmail' },
      { guard: 'emailValid', target: '.valid', actions: 'setEmail' },
      { target: '.invalid', actions: 'setEmail' },
    ],
  },
  states: {
    idle: {},
    invalid: {},
    valid: {
      on: {
        'subscribe.submit': {
          target: 'submitting',
          actions: [
            'resetRetries',
            {
              type: 'sendSubscription',
              params: ({ context }) => ({ email: context.email.trim() }),
            },
          ],
        },
      },
    },
    submitting: {
      // The address cannot change while a submission is under way.
      on: {
        'email.change': {},
        'subscribe.done': {
          target: 'done',
          actions: [
            'keepSubscriber',
            { type: 'storeSubscriber', params: ({ event }) => event.subscriberId },
            'trackSubscribe',
            'goToThankYou',
          ],
        },
        'subscribe.failed': [
          {
            guard: 'mayRetry',
            target: 'retrying',
            actions: [
              'countRetry',
              {
                type: 'waitBeforeRetry',
                params: ({ context }) => ({
                  delayMs: retryDelayMs(context.retries),
                  retry: context.retries,
                }),
              },
            ],
          },
          {
            target: 'failed',
            actions: { type: 'reportFailure', params: ({ event }) => ({ status: event.status }) },
          },
        ],
      },
    },
    retrying: {
      on: {
        'email.change': {},
        'retry.due': {
          target: 'submitting',
          actions: {
            type: 'sendSubscription',
            params: ({ context }) => ({ email: context.email.trim() }),
          },
        },
      },
    },
    /** Silent failure: the visitor stays with the address typed and may try again. */
    failed: {
      on: {
        'subscribe.submit': {
          target: 'submitting',
          actions: [
            'resetRetries',
            {
              type: 'sendSubscription',
              params: ({ context }) => ({ email: context.email.trim() }),
            },
          ],
        },
      },
    },
    done: {
      on: { 'email.change': {} },
    },
  },
});
