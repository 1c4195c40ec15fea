// The checkout model shared by its two walks: against the bare machine
// (tests/machines/checkout.test.ts) and through the delivery screen in jsdom
// (tests/unit/checkout-flow.model.test.tsx). One definition of the parent's and the network's
// moves per state and of what tells states apart; the machine walk takes every move (each field
// both ways, the server refusing the country, the payment's return), the screen walk the moves a
// parent makes on the delivery screen, guided by what the form holds so its paths stay few.
import type { createTestModel } from 'xstate/graph';
import { formProblems } from '#machines/checkout-form.ts';
import type { CheckoutEvent, CheckoutInput, checkoutMachine } from '#machines/checkout.ts';

export type Traversal = NonNullable<Parameters<typeof createTestModel<typeof checkoutMachine>>[1]>;
export type Snapshot = Parameters<NonNullable<Traversal['serializeState']>>[0];
export type Walk = 'machine' | 'screen';

export const PHONE = '+447911123456';
/** The server refusing the delivery country (a 400 with the field's message). */
export const NOT_DELIVERED = {
  'shippingAddress.countryId': ['We do not deliver to the selected country.'],
};
export const PAID = { orderId: 'o'.repeat(24), orderNumber: 'SM-2026-00042' };
/** A press of Pay now, with the attempt key src/ makes for each press (the screen walk's page makes its own). */
export const PAY = {
  type: 'pay',
  attemptKey: 'press-attempt-key-0001',
} as const satisfies CheckoutEvent;

/** Every move of the machine walk on the delivery screen: each field to the other side of its rule. */
function everyDeliveryMove({ form }: Snapshot['context']): CheckoutEvent[] {
  return [
    PAY,
    {
      type: 'field.set',
      path: 'contactInfo.phone',
      value: form.phone === '' ? '+37120000000' : '+3712',
    },
    {
      type: 'field.set',
      path: 'contactInfo.email',
      value: form.email.includes('@') ? 'anna.example.lv' : 'anna@example.lv',
    },
    {
      type: 'field.set',
      path: 'shippingAddress.countryId',
      value: form.shippingAddress.countryId === 45 ? '19' : '45',
    },
    ...(form.shippingAddress.countryId === 45
      ? [
          {
            type: 'field.set',
            path: 'shippingAddress.province',
            value: form.shippingAddress.province ? '' : 'NY',
          } as const,
        ]
      : []),
    // A postcode in the other country's format (LV-1010 in the United States is refused).
    {
      type: 'field.set',
      path: 'shippingAddress.zip',
      value: form.shippingAddress.zip === 'LV-1010' ? '10001' : 'LV-1010',
    },
    {
      type: 'field.set',
      path: 'shippingAddress.firstName',
      value: form.shippingAddress.firstName.trim() ? '  ' : 'Anna',
    },
    { type: 'billing.same', same: !form.sameBilling },
    { type: 'subscribe.set', subscribe: !form.subscribe },
    ...(!form.sameBilling
      ? [
          {
            type: 'field.set',
            path: 'billingAddress.city',
            value: form.billingAddress.city ? '' : 'Rīga',
          } as const,
        ]
      : []),
  ];
}

/**
 * The screen walk's moves on the delivery screen: Pay now, the phone, the United States and its
 * state, a billing address of its own; after a failure only Pay now again (the failures' other
 * combinations are the machine walk's).
 */
function screenDeliveryMoves({ form, failure }: Snapshot['context']): CheckoutEvent[] {
  if (failure !== null) return [PAY];
  return [
    PAY,
    ...(form.phone === ''
      ? [{ type: 'field.set', path: 'contactInfo.phone', value: PHONE } as const]
      : []),
    ...(form.shippingAddress.countryId === 31 && form.sameBilling
      ? [{ type: 'field.set', path: 'shippingAddress.countryId', value: '45' } as const]
      : []),
    ...(form.shippingAddress.countryId === 45 && form.shippingAddress.province === ''
      ? [{ type: 'field.set', path: 'shippingAddress.province', value: 'NY' } as const]
      : []),
    // A British postcode is no US ZIP code: the parent types one.
    ...(form.shippingAddress.countryId === 45 && form.shippingAddress.zip !== '10001'
      ? [{ type: 'field.set', path: 'shippingAddress.zip', value: '10001' } as const]
      : []),
    ...(form.sameBilling && form.shippingAddress.countryId === 31
      ? [{ type: 'billing.same', same: false } as const]
      : []),
    ...(!form.sameBilling && form.billingAddress.city !== ''
      ? [{ type: 'field.set', path: 'billingAddress.city', value: '' } as const]
      : []),
  ];
}

export function checkoutEvents(walk: Walk): (snapshot: Snapshot) => CheckoutEvent[] {
  const machine = walk === 'machine';
  return (snapshot) => {
    switch (snapshot.value) {
      case 'delivery':
        return machine
          ? everyDeliveryMove(snapshot.context)
          : screenDeliveryMoves(snapshot.context);
      case 'saving':
        return [
          { type: 'delivery.saved' },
          { type: 'delivery.failed', status: 503 },
          ...(machine
            ? ([{ type: 'delivery.failed', status: 400, fields: NOT_DELIVERED }, PAY] as const)
            : []),
        ];
      case 'initiating':
        return [
          {
            type: 'payment.initiated',
            paymentLink: machine ? 'http://127.0.0.1/sandbox/pay/abc' : 'from the server',
          },
          { type: 'payment.failed', status: machine ? 502 : 503 },
        ];
      case 'redirecting':
        return machine ? [{ type: 'page.restored' }] : [];
      case 'verifying':
        return machine ? [{ type: 'verify.paid', order: PAID }, { type: 'verify.failed' }] : [];
      case 'failed':
        return machine ? [{ type: 'retry' }] : [];
      default:
        return [];
    }
  };
}

/**
 * What tells states apart: the state, which fields have problems, the delivery country, whether
 * billing is the same, the errors shown and the failure; the machine walk also the newsletter box
 * and the fields the server refused.
 */
export function checkoutState(walk: Walk): (snapshot: Snapshot) => string {
  return (snapshot) => {
    const { form, showErrors, failure, serverProblems } = snapshot.context;
    const common = [
      snapshot.value,
      Object.keys(formProblems(form, false)).sort(),
      form.shippingAddress.countryId,
      form.sameBilling,
    ];
    if (walk === 'screen') return JSON.stringify([...common, showErrors, failure]);
    return JSON.stringify([
      ...common,
      form.subscribe,
      showErrors,
      failure,
      Object.keys(serverProblems),
    ]);
  };
}

/** The traversal of a walk from an input (pass it to getShortestPaths too). */
export function checkoutTraversal(walk: Walk, input: CheckoutInput): Traversal {
  return { input, events: checkoutEvents(walk), serializeState: checkoutState(walk) };
}
