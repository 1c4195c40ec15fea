import { and, assign, setup } from 'xstate';
import type { DeliveryPayloadInput } from '#contract/checkout.ts';
import type { Language } from '#contract/markets.ts';
import {
  deliveryPayloadOf,
  firstProblem,
  formProblems,
  isAllDigital,
  problemsOfMessages,
  withField,
  type CheckoutForm,
  type FieldPath,
  type FieldProblems,
} from './checkout-form.ts';

/**
 * The purchase flow after the cart (docs/product-rules.md section 4, 'Shipping' and 'Payment'): the delivery
 * form, saving it, starting a payment, the provider's page, and the return to /payment-status.
 *
 *   entering ─┬─ no stored order id ──────────────────────────────► noOrder  (navigate home, logged)
 *             ├─ /checkout/delivery ─► delivery ─pay(valid)─► saving ─delivery.saved─► initiating
 *             │                          ▲  ▲   pay(invalid): errors, focus      │           │
 *             │                          │  └────── delivery.failed ─────────────┘  payment.initiated
 *             │                          └──────────── payment.failed ────────────────────┤
 *             │                          └── page.restored ◄── redirecting ◄──────────────┘
 *             └─ /payment-status ─► verifying ─verify.paid─► paid (draft, order id, form cleared)
 *                                             └verify.failed─► failed ─retry─► delivery page or home
 *
 * Effects are named actions that src/ provides with `machine.provide`; their results come back
 * as events. A press of Pay now carries the payment attempt key src/ made for it (`pay.attemptKey`):
 * kept for that press, it is sent with its initiate, so the server answers a repeat of it with the
 * same attempt; a later press brings a new one. No invoke, no after: tests/machines/checkout.test.ts walks it model-based.
 *   persistForm({ form })            session storage `checkoutFormData`
 *   markShippingDetails()            session storage `shippingDetails` = true
 *   saveDelivery({ orderId, payload })   POST /api/order/{orderId}/delivery-address -> delivery.saved | delivery.failed
 *   initiatePayment({ orderId, language, wallet, attemptKey }) POST /api/payment/initiate -> payment.initiated | payment.failed
 *   redirect({ url })                the browser goes to the provider's page
 *   verifyPayment({ reference })     POST /api/payment/verify -> verify.paid | verify.failed
 *   forgetOrder({ language })        the draft, the order id cookie and the checkout data are cleared
 *   navigate({ to, replace })        the router: 'home' or 'delivery'
 *   focusField({ path })             the first invalid field gets the focus
 *   log({ message })                 SPEC section 8's logged messages
 */

export type CheckoutScreen = 'delivery' | 'paymentStatus';

export interface CheckoutInput {
  screen: CheckoutScreen;
  language: Language;
  /** The stored order id of this language (cookie), or null. */
  orderId: string | null;
  /** /payment-status's `payment_reference`, or null. */
  reference: string | null;
  /** The form kept in session storage (or an empty one for the market). */
  form: CheckoutForm;
  /** The cart's wallet-style button: the same form, then the provider's page (which offers the wallets). */
  wallet: boolean;
}

interface PaidOrder {
  orderId: string;
  orderNumber: string | null;
}

/**
 * Why the checkout could not go on: `save` (the details), `payment` (the payment could not be
 * started: try again), `paid` (already paid), `limited` (too many tries), `review` (a PayPal
 * payment for the order is being checked by the shop: do not pay again), `unavailable` (the shop
 * cannot take payments just now: the provider refused the shop itself).
 */
export type CheckoutFailure =
  'save' | 'payment' | 'paid' | 'limited' | 'review' | 'unavailable' | null;

/**
 * Why the payment-status screen failed, when the server said: `declined` (402 not_paid: declined or
 * cancelled, no money taken), `replaced` (402: an older attempt; a newer one began or the order is
 * paid), `mismatch` (402: the provider's answer did not match; the shop was alerted), `review`
 * (409: a PayPal payment the shop reviews before the order is placed), `capture_scheduled` (409:
 * approved, its capture scheduled by the provider; the confirmation follows by mail); null: unknown.
 */
export type PaymentVerdict =
  'declined' | 'replaced' | 'mismatch' | 'review' | 'capture_scheduled' | null;

interface CheckoutContext extends CheckoutInput {
  /** The formats of the cart's items (from the order summary): decides 'billing details'. */
  formats: string[];
  /** Field messages show after the first 'Pay now' and then follow the typing. */
  showErrors: boolean;
  /** Problems the server found that the form's own check did not (a country we do not deliver to). */
  serverProblems: FieldProblems;
  failure: CheckoutFailure;
  paid: PaidOrder | null;
  /** What the server said of a payment that did not pay (the failure view explains it). */
  verdict: PaymentVerdict;
  /** With `replaced`: the order, when another attempt paid it (the failure view links to it). */
  replacedBy: PaidOrder | null;
  /** The attempt key of the press of Pay now being worked on (null before the first). */
  attemptKey: string | null;
}

export type CheckoutEvent =
  | { type: 'field.set'; path: FieldPath; value: string }
  | { type: 'billing.same'; same: boolean }
  /** 'This is a gift' ticked or unticked (#36). */
  | { type: 'gift.set'; gift: boolean }
  | { type: 'subscribe.set'; subscribe: boolean }
  | { type: 'cart.loaded'; formats: string[] }
  /** A press of Pay now, with the attempt key made for it (8-64 of A-Z a-z 0-9 _ -: contract/payments.ts). */
  | { type: 'pay'; attemptKey: string }
  | { type: 'delivery.saved' }
  /** `fields`: the server's 400 field messages; `status`: 409 already paid, 429 too many writes. */
  | { type: 'delivery.failed'; fields?: Record<string, string[]>; status?: number }
  | { type: 'payment.initiated'; paymentLink: string }
  | { type: 'payment.failed'; status?: number; code?: string }
  /** The parent came back from the provider's page with the browser's Back button. */
  | { type: 'page.restored' }
  | { type: 'verify.paid'; order: PaidOrder }
  /** `verdict`: what the server said (see PaymentVerdict); `order`: with `replaced`, the paid order. */
  | { type: 'verify.failed'; verdict?: PaymentVerdict; order?: PaidOrder }
  | { type: 'retry' };

/** Everything the form check and the screen need to know whether the cart is digital only. */
export function allDigitalOf(context: Pick<CheckoutContext, 'formats'>): boolean {
  return isAllDigital(context.formats);
}

/** The messages under the fields right now: the schema's (after the first Pay now) and the server's. */
export function visibleProblems(context: CheckoutContext): FieldProblems {
  if (!context.showErrors) return context.serverProblems;
  return { ...context.serverProblems, ...formProblems(context.form, allDigitalOf(context)) };
}

const persist = {
  type: 'persistForm',
  params: ({ context }: { context: CheckoutContext }) => ({ form: context.form }),
} as const;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actions: {
    persistForm: (_, _params: { form: CheckoutForm }) => {},
    markShippingDetails: () => {},
    saveDelivery: (_, _params: { orderId: string; payload: DeliveryPayloadInput }) => {},
    initiatePayment: (
      _,
      _params: { orderId: string; language: Language; wallet: boolean; attemptKey: string | null },
    ) => {},
    redirect: (_, _params: { url: string }) => {},
    verifyPayment: (_, _params: { reference: string }) => {},
    forgetOrder: (_, _params: { language: Language }) => {},
    navigate: (_, _params: { to: 'home' | 'delivery'; replace: boolean }) => {},
    focusField: (_, _params: { path: FieldPath }) => {},
    log: (_, _params: { message: string }) => {},

    setField: assign(({ context, event }) => {
      if (event.type !== 'field.set') return {};
      const serverProblems = { ...context.serverProblems };
      delete serverProblems[event.path];
      return {
        form: withField(context.form, event.path, event.value),
        serverProblems,
        failure: null,
      };
    }),
    setSameBilling: assign(({ context, event }) =>
      event.type === 'billing.same' ? { form: { ...context.form, sameBilling: event.same } } : {},
    ),
    setGift: assign(({ context, event }) => {
      if (event.type !== 'gift.set') return {};
      // The server's messages about the fields that come or go with the gift no longer apply.
      const serverProblems = Object.fromEntries(
        Object.entries(context.serverProblems).filter(([path]) => !path.startsWith('gift.')),
      );
      return { form: { ...context.form, gift: event.gift }, serverProblems };
    }),
    setSubscribe: assign(({ context, event }) =>
      event.type === 'subscribe.set'
        ? { form: { ...context.form, subscribe: event.subscribe } }
        : {},
    ),
    setFormats: assign(({ event }) =>
      event.type === 'cart.loaded' ? { formats: [...event.formats] } : {},
    ),
    showErrors: assign({ showErrors: true, failure: null }),
    startWork: assign(({ event }) => ({
      failure: null,
      serverProblems: {},
      ...(event.type === 'pay' ? { attemptKey: event.attemptKey } : {}),
    })),
    noteSaveFailure: assign(({ event }) => {
      if (event.type !== 'delivery.failed') return {};
      const serverProblems = event.fields ? problemsOfMessages(event.fields) : {};
      const failure: CheckoutFailure =
        event.status === 409
          ? 'paid'
          : event.status === 429
            ? 'limited'
            : Object.keys(serverProblems).length > 0
              ? null
              : 'save';
      return { serverProblems, failure, showErrors: true };
    }),
    notePaymentFailure: assign(({ event }) => ({
      failure: (event.type !== 'payment.failed'
        ? 'payment'
        : event.code === 'review'
          ? 'review'
          : event.code === 'payments_unavailable'
            ? 'unavailable'
            : event.status === 409
              ? 'paid'
              : 'payment') as CheckoutFailure,
    })),
    noteVerdict: assign(({ event }) =>
      event.type === 'verify.failed'
        ? {
            verdict: event.verdict ?? null,
            replacedBy: event.verdict === 'replaced' ? (event.order ?? null) : null,
          }
        : {},
    ),
    notePaid: assign(({ event }) => (event.type === 'verify.paid' ? { paid: event.order } : {})),
  },
  guards: {
    returning: ({ context }) => context.screen === 'paymentStatus',
    hasReference: ({ context }) => context.reference !== null && context.reference.trim() !== '',
    hasOrder: ({ context }) => context.orderId !== null,
    formValid: ({ context }) =>
      Object.keys(formProblems(context.form, allDigitalOf(context))).length === 0,
    rejectedFields: ({ event }) => event.type === 'delivery.failed' && event.fields !== undefined,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    formats: [],
    showErrors: false,
    serverProblems: {},
    failure: null,
    paid: null,
    verdict: null,
    replacedBy: null,
    attemptKey: null,
  }),
  initial: 'entering',
  states: {
    entering: {
      always: [
        { guard: and(['returning', 'hasReference']), target: 'verifying' },
        { guard: 'returning', target: 'failed' },
        { guard: 'hasOrder', target: 'delivery' },
        {
          target: 'noOrder',
          actions: [
            { type: 'log', params: { message: 'Order ID not found' } },
            { type: 'navigate', params: { to: 'home', replace: true } },
          ],
        },
      ],
    },
    /** SPEC section 8: 'Missing order id on the shipping page': the parent is sent to /. */
    noOrder: {},
    delivery: {
      on: {
        'field.set': { actions: ['setField', persist] },
        'billing.same': { actions: ['setSameBilling', persist] },
        'gift.set': { actions: ['setGift', persist] },
        'subscribe.set': { actions: ['setSubscribe', persist] },
        'cart.loaded': { actions: 'setFormats' },
        pay: [
          { guard: 'formValid', target: 'saving', actions: 'startWork' },
          {
            actions: [
              'showErrors',
              { type: 'log', params: { message: 'Form validation failed' } },
              {
                type: 'focusField',
                params: ({ context }) => ({
                  path:
                    firstProblem(formProblems(context.form, allDigitalOf(context))) ??
                    'shippingAddress.firstName',
                }),
              },
            ],
          },
        ],
      },
    },
    saving: {
      entry: {
        type: 'saveDelivery',
        params: ({ context }) => ({
          orderId: context.orderId ?? '',
          payload: deliveryPayloadOf(context.form, allDigitalOf(context)),
        }),
      },
      on: {
        'cart.loaded': { actions: 'setFormats' },
        // The newsletter box travels with the details (contactInfo.subscribe): once the order is
        // paid, the server starts the double opt-in (its confirmation mail), never before.
        'delivery.saved': { target: 'initiating', actions: 'markShippingDetails' },
        'delivery.failed': [
          {
            guard: 'rejectedFields',
            target: 'delivery',
            actions: [
              'noteSaveFailure',
              {
                type: 'focusField',
                params: ({ event }) => ({
                  path:
                    firstProblem(
                      event.type === 'delivery.failed' && event.fields
                        ? problemsOfMessages(event.fields)
                        : {},
                    ) ?? 'shippingAddress.firstName',
                }),
              },
            ],
          },
          { target: 'delivery', actions: 'noteSaveFailure' },
        ],
      },
    },
    initiating: {
      entry: {
        type: 'initiatePayment',
        params: ({ context }) => ({
          orderId: context.orderId ?? '',
          language: context.language,
          wallet: context.wallet,
          attemptKey: context.attemptKey,
        }),
      },
      on: {
        'payment.initiated': {
          target: 'redirecting',
          actions: { type: 'redirect', params: ({ event }) => ({ url: event.paymentLink }) },
        },
        'payment.failed': {
          target: 'delivery',
          actions: [
            'notePaymentFailure',
            { type: 'log', params: { message: 'Payment initiation failed' } },
          ],
        },
      },
    },
    /** The browser is on its way to the provider's page; Back from there restores the form. */
    redirecting: {
      on: { 'page.restored': { target: 'delivery' } },
    },
    verifying: {
      entry: {
        type: 'verifyPayment',
        params: ({ context }) => ({ reference: context.reference?.trim() ?? '' }),
      },
      on: {
        'verify.paid': {
          target: 'paid',
          actions: [
            'notePaid',
            { type: 'forgetOrder', params: ({ context }) => ({ language: context.language }) },
          ],
        },
        'verify.failed': { target: 'failed', actions: 'noteVerdict' },
      },
    },
    /** 'Payment Successful': the order number and a link to follow the order. */
    paid: {},
    /**
     * 'Payment Failed'. 'Try Again' leads back to the delivery step while the cart is still there
     * (the order id is kept after a failed or abandoned payment, and the form is still filled in),
     * else to / as SPEC says.
     */
    failed: {
      on: {
        retry: [
          {
            guard: 'hasOrder',
            actions: { type: 'navigate', params: { to: 'delivery', replace: false } },
          },
          { actions: { type: 'navigate', params: { to: 'home', replace: false } } },
        ],
      },
    },
  },
});
