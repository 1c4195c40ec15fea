import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { UNPRINTABLE_MESSAGE } from '#contract/text.ts';
import {
  deliveryPayloadOf,
  emptyForm,
  formProblems,
  isAllDigital,
  parseStoredForm,
  problemsOfMessages,
  withField,
  type CheckoutForm,
  type FieldPath,
} from '#machines/checkout-form.ts';
import {
  checkoutMachine,
  visibleProblems,
  type CheckoutEvent,
  type CheckoutInput,
} from '#machines/checkout.ts';
import { checkoutTraversal, PAY } from '../checkout-model.ts';

// What a parent and the shop expect of the checkout, written from docs/product-rules.md sections 4, 5 and 8
// independently of the machine: which fields are required and when, the province rule for Canada
// and the United States, the billing address when it differs, what is sent and when, the provider's
// page, the return, and what is forgotten after a payment.

const ORDER_ID = 'o'.repeat(24);
const REFERENCE = 'r'.repeat(32);
const ANNA: CheckoutForm = {
  email: 'anna@example.lv',
  phone: '',
  subscribe: true,
  shippingAddress: {
    firstName: 'Anna',
    lastName: 'Bērziņa',
    address1: 'Brīvības iela 1',
    address2: '',
    city: 'Rīga',
    zip: 'LV-1010',
    countryId: 19,
    province: '',
  },
  // Typed on an earlier visit, kept in session storage while 'use shipping as billing' is on.
  billingAddress: {
    firstName: 'Jānis',
    lastName: 'Bērziņš',
    address1: 'Elizabetes iela 2',
    address2: '',
    city: 'Rīga',
    zip: 'LV-1050',
    countryId: 19,
    province: '',
  },
  sameBilling: true,
  gift: false,
  recipient: { ...emptyForm('lv').recipient },
  giftMessage: '',
  giftArriveBy: '',
};

const POSTCODE_FORMATS: Record<number, RegExp> = {
  19: /^(LV-?)?\d{4}$/i,
  45: /^\d{5}(-?\d{4})?$/,
  31: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  5: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
};

type Failure = 'save' | 'payment' | 'paid' | 'limited' | null;

/** The oracle: SPEC's rules, kept apart from the machine's code. */
class Expectation {
  screen: string;
  form: CheckoutForm;
  showErrors = false;
  failure: Failure = null;
  rejectedCountry = false;
  sent: unknown[] = [];
  initiated = 0;
  redirects: string[] = [];
  verifications = 0;
  forgotten = 0;
  navigations: string[] = [];
  logs: string[] = [];
  marked = 0;
  focused: string[] = [];
  subscribeSent: boolean[] = [];

  constructor(private input: CheckoutInput) {
    this.form = structuredClone(input.form);
    if (input.screen === 'paymentStatus') {
      this.screen = input.reference ? 'verifying' : 'failed';
      if (input.reference) this.verifications = 1;
    } else if (input.orderId) {
      this.screen = 'delivery';
    } else {
      this.screen = 'noOrder';
      this.logs.push('Order ID not found');
      this.navigations.push('home (replace)');
    }
  }

  /** SPEC section 5, field by field. */
  problems(): string[] {
    const wrong: string[] = [];
    const address = (kind: 'shippingAddress' | 'billingAddress') => {
      const a = this.form[kind];
      for (const field of ['firstName', 'lastName', 'address1', 'city', 'zip'] as const) {
        if (a[field].trim() === '') wrong.push(`${kind}.${field}`);
      }
      if ((a.countryId === 5 || a.countryId === 45) && a.province.trim() === '')
        wrong.push(`${kind}.province`);
      // A postcode a courier accepts: Latvia LV-1234, US ZIP 12345(-6789), the UK, Canada A1A 1A1.
      const format = POSTCODE_FORMATS[a.countryId];
      if (a.zip.trim() !== '' && format && !format.test(a.zip.trim())) wrong.push(`${kind}.zip`);
    };
    address('shippingAddress');
    if (!/^\S+@\S+\.\S+$/.test(this.form.email.trim())) wrong.push('contactInfo.email');
    if (!['+37120000000', '+12025550123'].includes(this.form.phone))
      wrong.push('contactInfo.phone');
    if (!this.form.sameBilling) address('billingAddress');
    return wrong.sort();
  }

  apply(event: CheckoutEvent) {
    const s = this.screen;
    switch (event.type) {
      case 'field.set': {
        if (s !== 'delivery') return;
        this.form = withFieldByHand(this.form, event.path, event.value);
        if (event.path === 'shippingAddress.countryId') this.rejectedCountry = false;
        this.failure = null;
        return;
      }
      case 'billing.same':
        if (s === 'delivery') this.form.sameBilling = event.same;
        return;
      case 'subscribe.set':
        if (s === 'delivery') this.form.subscribe = event.subscribe;
        return;
      case 'pay':
        if (s !== 'delivery') return;
        if (this.problems().length > 0) {
          this.showErrors = true;
          this.failure = null;
          this.logs.push('Form validation failed');
          this.focused.push(firstOnPage(this.problems()));
          return;
        }
        this.screen = 'saving';
        this.failure = null;
        this.rejectedCountry = false;
        this.sent.push(this.form.sameBilling ? 'same billing' : 'own billing');
        this.subscribeSent.push(this.form.subscribe);
        return;
      case 'delivery.saved':
        if (s !== 'saving') return;
        this.marked += 1;
        this.screen = 'initiating';
        this.initiated += 1;
        return;
      case 'delivery.failed':
        if (s !== 'saving') return;
        this.screen = 'delivery';
        this.showErrors = true;
        this.rejectedCountry = event.fields !== undefined;
        if (event.fields) this.focused.push('shippingAddress.countryId');
        this.failure = event.fields ? null : event.status === 409 ? 'paid' : 'save';
        return;
      case 'payment.initiated':
        if (s !== 'initiating') return;
        this.screen = 'redirecting';
        this.redirects.push(event.paymentLink);
        return;
      case 'payment.failed':
        if (s !== 'initiating') return;
        this.screen = 'delivery';
        this.failure = 'payment';
        this.logs.push('Payment initiation failed');
        return;
      case 'page.restored':
        if (s === 'redirecting') this.screen = 'delivery';
        return;
      case 'verify.paid':
        if (s !== 'verifying') return;
        this.screen = 'paid';
        this.forgotten += 1;
        return;
      case 'verify.failed':
        if (s === 'verifying') this.screen = 'failed';
        return;
      case 'retry':
        if (s === 'failed') this.navigations.push(this.input.orderId ? 'delivery' : 'home');
        return;
      default:
        return;
    }
  }
}

/** The same change written out by hand: a province goes with a country that needs none. */
function withFieldByHand(form: CheckoutForm, path: FieldPath, value: string): CheckoutForm {
  const next = structuredClone(form);
  if (path === 'contactInfo.email') next.email = value;
  else if (path === 'contactInfo.phone') next.phone = value;
  else {
    const [kind, field] = path.split('.') as ['shippingAddress', 'city'];
    if (field === ('countryId' as string)) {
      next[kind].countryId = Number(value);
      if (![5, 45].includes(Number(value))) next[kind].province = '';
    } else next[kind][field] = value;
  }
  return next;
}

const INPUTS: Record<string, CheckoutInput> = {
  delivery: {
    screen: 'delivery',
    language: 'lv',
    orderId: ORDER_ID,
    reference: null,
    form: ANNA,
    wallet: false,
  },
  'no order': {
    screen: 'delivery',
    language: 'lv',
    orderId: null,
    reference: null,
    form: ANNA,
    wallet: false,
  },
  return: {
    screen: 'paymentStatus',
    language: 'en-GB',
    orderId: ORDER_ID,
    reference: REFERENCE,
    form: emptyForm('en-GB'),
    wallet: false,
  },
  'return, cart gone': {
    screen: 'paymentStatus',
    language: 'en-US',
    orderId: null,
    reference: REFERENCE,
    form: emptyForm('en-US'),
    wallet: false,
  },
  'return without reference': {
    screen: 'paymentStatus',
    language: 'en-US',
    orderId: ORDER_ID,
    reference: null,
    form: emptyForm('en-US'),
    wallet: false,
  },
};

function describeEvent(event: CheckoutEvent | { type: 'xstate.init' }): string {
  if (event.type === 'field.set')
    return `${event.path.replace('Address', '')}=${JSON.stringify(event.value)}`;
  if (event.type === 'billing.same') return `sameBilling=${event.same}`;
  if (event.type === 'subscribe.set') return `subscribe=${event.subscribe}`;
  if (event.type === 'delivery.failed')
    return `delivery.failed(${event.fields ? 'country' : event.status})`;
  return event.type === 'xstate.init' ? 'start' : event.type;
}

for (const [name, input] of Object.entries(INPUTS)) {
  // The model's moves and states: tests/checkout-model.ts, every move of the machine walk.
  const traversal = checkoutTraversal('machine', input);
  const model = createTestModel(checkoutMachine, traversal);
  const paths = model.getShortestPaths(traversal);

  describe(`checkout machine from ${name} (model-based, shortest paths)`, () => {
    it('has paths to walk', () => expect(paths.length).toBeGreaterThan(0));
    for (const path of paths) {
      const title = path.steps
        .map(({ event }) => describeEvent(event as CheckoutEvent))
        .join(' → ');
      it(`${title} ends in ${String(path.state.value)}`, async () => {
        const effects = {
          persisted: [] as CheckoutForm[],
          sent: [] as unknown[],
          initiated: [] as unknown[],
          redirects: [] as string[],
          verifications: [] as string[],
          forgotten: [] as string[],
          navigations: [] as string[],
          logs: [] as string[],
          focused: [] as string[],
          marked: 0,
        };
        const actor = createActor(
          checkoutMachine.provide({
            actions: {
              persistForm: (_, { form }) => void effects.persisted.push(structuredClone(form)),
              markShippingDetails: () => void (effects.marked += 1),
              saveDelivery: (_, params) => void effects.sent.push(params),
              initiatePayment: (_, params) => void effects.initiated.push(params),
              redirect: (_, { url }) => void effects.redirects.push(url),
              verifyPayment: (_, { reference }) => void effects.verifications.push(reference),
              forgetOrder: (_, { language }) => void effects.forgotten.push(language),
              navigate: (_, { to, replace }) =>
                void effects.navigations.push(replace ? `${to} (replace)` : to),
              focusField: (_, { path: field }) => void effects.focused.push(field),
              log: (_, { message }) => void effects.logs.push(message),
            },
          }),
          { input },
        ).start();
        const expected = new Expectation(input);
        const check = () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toBe(expected.screen);
          expect(snapshot.context.form).toEqual(expected.form);
          expect(snapshot.context.failure).toBe(expected.failure);
          // The messages under the fields: SPEC's rules after the first Pay now, plus a refused country.
          const shown = Object.keys(visibleProblems(snapshot.context)).sort();
          const wanted = [
            ...(expected.showErrors ? expected.problems() : []),
            ...(expected.rejectedCountry ? ['shippingAddress.countryId'] : []),
          ];
          expect(shown).toEqual([...new Set(wanted)].sort());
          expect(effects.sent).toHaveLength(expected.sent.length);
          effects.sent.forEach((sent, i) => {
            const { orderId, payload } = sent as {
              orderId: string;
              payload: ReturnType<typeof deliveryPayloadOf>;
            };
            expect(orderId).toBe(ORDER_ID);
            expect(payload.isShippingDetailsEqualBilling).toBe(expected.sent[i] === 'same billing');
            expect(payload.billingAddress === undefined).toBe(expected.sent[i] === 'same billing');
          });
          expect(effects.marked).toBe(expected.marked);
          // The newsletter box goes to the server with the details (it subscribes once the order is paid).
          (effects.sent as { payload: { contactInfo: { subscribe: boolean } } }[]).forEach(
            (sent, i) => expect(sent.payload.contactInfo.subscribe).toBe(expected.subscribeSent[i]),
          );
          expect(effects.initiated).toHaveLength(expected.initiated);
          // Each payment starts with the attempt key of the press of Pay now that led to it.
          for (const params of effects.initiated as { attemptKey: string | null }[])
            expect(params.attemptKey).toBe(PAY.attemptKey);
          expect(effects.redirects).toEqual(expected.redirects);
          expect(effects.verifications).toEqual(
            Array.from({ length: expected.verifications }, () => REFERENCE),
          );
          expect(effects.forgotten).toEqual(
            Array.from({ length: expected.forgotten }, () => input.language),
          );
          expect(effects.navigations).toEqual(expected.navigations);
          expect(effects.logs).toEqual(expected.logs);
          // Session storage follows every change of the form.
          if (effects.persisted.length > 0) expect(effects.persisted.at(-1)).toEqual(expected.form);
          // Each refused Pay now puts the focus on the first field in trouble (a refused country on its select).
          expect(effects.focused).toEqual(expected.focused);
        };
        const exec = ({ event }: { event: { type: string } }) => {
          actor.send(event as CheckoutEvent);
          expected.apply(event as CheckoutEvent);
        };
        const states = Object.fromEntries(
          [
            'noOrder',
            'delivery',
            'saving',
            'initiating',
            'redirecting',
            'verifying',
            'paid',
            'failed',
          ].map((s) => [s, check]),
        );
        const types = [
          'field.set',
          'billing.same',
          'subscribe.set',
          'pay',
          'delivery.saved',
          'delivery.failed',
          'payment.initiated',
          'payment.failed',
          'page.restored',
          'verify.paid',
          'verify.failed',
          'retry',
        ];
        await path.test({ states, events: Object.fromEntries(types.map((type) => [type, exec])) });
        actor.stop();
      });
    }
  });
}

/** The page's order: shipping address, email, phone, billing address. */
function firstOnPage(problems: string[]): string {
  const order = [
    'firstName',
    'lastName',
    'address1',
    'address2',
    'city',
    'zip',
    'countryId',
    'province',
  ];
  const rank = (path: string) => {
    const [kind, field] = path.split('.') as [string, string];
    if (kind === 'contactInfo') return 100 + (field === 'email' ? 0 : 1);
    return (kind === 'shippingAddress' ? 0 : 200) + order.indexOf(field);
  };
  return [...problems].sort((a, b) => rank(a) - rank(b))[0] ?? '';
}

describe('checkout rules', () => {
  it('asks for billing details only when every item is digital (none is sold yet, the rule stands)', () => {
    expect(isAllDigital(['digital', 'digital'])).toBe(true);
    expect(isAllDigital(['digital', 'hardcover'])).toBe(false);
    expect(isAllDigital(['softcover'])).toBe(false);
    expect(isAllDigital([])).toBe(false);
  });

  it('forces shipping as billing for a digital-only cart, whatever the checkbox says', () => {
    const form = {
      ...ANNA,
      phone: '+37120000000',
      sameBilling: false,
      billingAddress: { ...ANNA.billingAddress, city: '' },
    };
    expect(deliveryPayloadOf(form, true).isShippingDetailsEqualBilling).toBe(true);
    expect(deliveryPayloadOf(form, true)).not.toHaveProperty('billingAddress');
    expect(formProblems(form, true)).toEqual({});
    expect(formProblems(form, false)).toEqual({ 'billingAddress.city': 'city' });
  });

  it('defaults the country to the market: Latvia, the United Kingdom, the United States', () => {
    expect(emptyForm('lv').shippingAddress.countryId).toBe(19);
    expect(emptyForm('en-GB').shippingAddress.countryId).toBe(31);
    expect(emptyForm('en-US').shippingAddress.countryId).toBe(45);
    expect(emptyForm('lv').subscribe).toBe(true);
    expect(emptyForm('lv').sameBilling).toBe(true);
  });

  it('names SPEC’s message for each empty field, the province for Canada and the US, email and phone', () => {
    const us = withField(emptyForm('en-US'), 'contactInfo.email', 'x@y');
    expect(formProblems(us, false)).toEqual({
      'shippingAddress.firstName': 'firstName',
      'shippingAddress.lastName': 'lastName',
      'shippingAddress.address1': 'address1',
      'shippingAddress.city': 'city',
      'shippingAddress.zip': 'zip',
      'shippingAddress.province': 'province',
      'contactInfo.email': 'email',
      'contactInfo.phone': 'phone',
    });
    const canada = withField(
      withField({ ...ANNA, phone: '+37120000000' }, 'shippingAddress.countryId', '5'),
      'shippingAddress.zip',
      'K1A 0B1',
    );
    expect(formProblems(canada, false)).toEqual({ 'shippingAddress.province': 'province' });
    expect(formProblems(withField(canada, 'shippingAddress.province', 'ON'), false)).toEqual({});
    expect(
      formProblems(
        {
          ...ANNA,
          phone: '+37120000000',
          shippingAddress: { ...ANNA.shippingAddress, zip: 'x'.repeat(21) },
        },
        false,
      ),
    ).toEqual({
      'shippingAddress.zip': 'tooLong',
    });
  });

  it('refuses a postcode in the wrong format for its country and a state not on the list, by the contract’s rules', () => {
    const anna = { ...ANNA, phone: '+37120000000' };
    expect(formProblems(withField(anna, 'shippingAddress.zip', '12'), false)).toEqual({
      'shippingAddress.zip': 'zipLV',
    });
    expect(formProblems(withField(anna, 'shippingAddress.zip', '1010'), false)).toEqual({});
    const us = withField(
      withField(anna, 'shippingAddress.countryId', '45'),
      'shippingAddress.zip',
      '6270',
    );
    expect(formProblems(withField(us, 'shippingAddress.province', 'Illinoiss'), false)).toEqual({
      'shippingAddress.zip': 'zipUS',
      'shippingAddress.province': 'provinceUnknown',
    });
    expect(
      formProblems(
        withField(
          withField(us, 'shippingAddress.province', 'IL'),
          'shippingAddress.zip',
          '62701-1234',
        ),
        false,
      ),
    ).toEqual({});
    // A US state is dropped when the country becomes Canada; a UK postcode is checked as one.
    const illinois = withField(us, 'shippingAddress.province', 'IL');
    expect(withField(illinois, 'shippingAddress.countryId', '5').shippingAddress.province).toBe('');
    const uk = withField(anna, 'shippingAddress.countryId', '31');
    expect(formProblems(withField(uk, 'shippingAddress.zip', 'LV-1010'), false)).toEqual({
      'shippingAddress.zip': 'zipGB',
    });
    expect(formProblems(withField(uk, 'shippingAddress.zip', 'sw1a 1aa'), false)).toEqual({});
  });

  it('reads the stored form back, and an unreadable one as an empty form of the market', () => {
    expect(parseStoredForm(JSON.stringify(ANNA), 'lv')).toEqual(ANNA);
    expect(parseStoredForm('{not json', 'en-US')).toEqual(emptyForm('en-US'));
    expect(parseStoredForm(null, 'en-GB')).toEqual(emptyForm('en-GB'));
  });

  it('sends the newsletter box as ticked: on by default, off when the parent unticks it', () => {
    const sent: { payload: { contactInfo: { subscribe?: boolean } } }[] = [];
    const actor = createActor(
      checkoutMachine.provide({ actions: { saveDelivery: (_, p) => void sent.push(p) } }),
      {
        input: { ...INPUTS.delivery!, form: { ...ANNA, phone: '+37120000000' } },
      },
    ).start();
    actor.send({ type: 'subscribe.set', subscribe: false });
    actor.send(PAY);
    expect(sent[0]?.payload.contactInfo.subscribe).toBe(false);
  });

  it('sends nothing twice on a double click of Pay now', () => {
    const sent: unknown[] = [];
    const actor = createActor(
      checkoutMachine.provide({ actions: { saveDelivery: (_, p) => void sent.push(p) } }),
      {
        input: { ...INPUTS.delivery!, form: { ...ANNA, phone: '+37120000000' } },
      },
    ).start();
    actor.send({ type: 'pay', attemptKey: 'first-press-key-0001' });
    actor.send({ type: 'pay', attemptKey: 'second-tap-key-00002' });
    expect(sent).toHaveLength(1);
  });

  it('starts the payment with the attempt key of the press: a double press sends one key, the next press its own', () => {
    const initiated: { attemptKey: string | null }[] = [];
    const actor = createActor(
      checkoutMachine.provide({ actions: { initiatePayment: (_, p) => void initiated.push(p) } }),
      {
        input: { ...INPUTS.delivery!, form: { ...ANNA, phone: '+37120000000' } },
      },
    ).start();
    actor.send({ type: 'pay', attemptKey: 'first-press-key-0001' });
    actor.send({ type: 'pay', attemptKey: 'second-tap-key-00002' });
    actor.send({ type: 'delivery.saved' });
    actor.send({ type: 'pay', attemptKey: 'third-tap-key-000003' });
    expect(initiated).toEqual([
      expect.objectContaining({ orderId: ORDER_ID, attemptKey: 'first-press-key-0001' }),
    ]);
    // The answer was lost: Pay now again is a new press, with its own key.
    actor.send({ type: 'payment.failed', status: 503 });
    actor.send({ type: 'pay', attemptKey: 'later-press-key-0004' });
    actor.send({ type: 'delivery.saved' });
    expect(initiated.map((p) => p.attemptKey)).toEqual([
      'first-press-key-0001',
      'later-press-key-0004',
    ]);
  });
});

describe('why a payment could not start (issue 50)', () => {
  it('tells a shop that cannot take payments, and a PayPal payment under review, from a failure to retry', () => {
    const failureAfter = (event: { type: 'payment.failed'; status?: number; code?: string }) => {
      const actor = createActor(
        checkoutMachine.provide({ actions: { initiatePayment: () => {} } }),
        { input: { ...INPUTS.delivery!, form: { ...ANNA, phone: '+37120000000' } } },
      ).start();
      actor.send({ type: 'pay', attemptKey: 'issue-fifty-key-0001' });
      actor.send({ type: 'delivery.saved' });
      actor.send(event);
      return actor.getSnapshot().context.failure;
    };
    expect(
      failureAfter({ type: 'payment.failed', status: 503, code: 'payments_unavailable' }),
    ).toBe('unavailable');
    expect(failureAfter({ type: 'payment.failed', status: 409, code: 'review' })).toBe('review');
    expect(failureAfter({ type: 'payment.failed', status: 409, code: 'already_paid' })).toBe(
      'paid',
    );
    expect(
      failureAfter({ type: 'payment.failed', status: 502, code: 'provider_unavailable' }),
    ).toBe('payment');
  });
});

describe('the delivery form and the API text rule (issue 31)', () => {
  it('names a direction override or zero-width space in a name or address as unprintable, before anything is sent', () => {
    let form = emptyForm('lv');
    for (const [path, value] of [
      ['shippingAddress.firstName', 'Anna\u202Egnp.exe'],
      ['shippingAddress.lastName', 'Bērziņa'],
      ['shippingAddress.address1', 'Brīvības\u200B iela 1'],
      ['shippingAddress.city', 'Rīga'],
      ['shippingAddress.zip', 'LV-1010'],
      ['contactInfo.email', 'anna@example.lv'],
      ['contactInfo.phone', '+371 20000000'],
    ] as const) {
      form = withField(form, path, value);
    }
    expect(formProblems(form, false)).toEqual({
      'shippingAddress.firstName': 'unprintable',
      'shippingAddress.address1': 'unprintable',
    });
    form = withField(
      withField(form, 'shippingAddress.firstName', 'Anna'),
      'shippingAddress.address1',
      'Brīvības iela 1',
    );
    expect(formProblems(form, false)).toEqual({});
    // The server's field error maps to the same message.
    expect(problemsOfMessages({ 'shippingAddress.city': [UNPRINTABLE_MESSAGE] })).toEqual({
      'shippingAddress.city': 'unprintable',
    });
  });
});
