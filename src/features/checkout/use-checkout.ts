import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { checkoutMachine, type CheckoutScreen, type PaymentVerdict } from '#machines/checkout.ts';
import { PaymentErrorSchema } from '#contract/payments.ts';
import type { ApiError } from '#contract/errors.ts';
import { isFetchError } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';
import { forgetOrder } from '#src/lib/open-order.ts';
import { getOrderId } from '#src/lib/order-cookie.ts';
import { invalidateCart, useQueryClient } from '#src/lib/query-client.ts';
import { initiatePayment } from './api/initiate-payment.ts';
import { saveDelivery } from './api/save-delivery.ts';
import { verifyPayment } from './api/verify-payment.ts';
import { markShippingDetails, readForm, writeForm } from './checkout-storage.ts';

export interface CheckoutOptions {
  screen: CheckoutScreen;
  language: Language;
  reference?: string | null;
  wallet?: boolean;
}

/** How the browser leaves for the provider's page: a full page load (a test may watch it). */
export const providerPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};

const statusOf = (error: unknown) => (isFetchError(error) ? error.status : undefined);

/** What a failed verify's answer says: its code as the machine's verdict, and a replaced attempt's paid order. */
function verdictOf(error: unknown): {
  verdict?: PaymentVerdict;
  order?: { orderId: string; orderNumber: string };
} {
  // 402: not paid (why); 409: not paid yet, with `review` or `capture_scheduled` (nothing to retry).
  if (!isFetchError(error) || (error.status !== 402 && error.status !== 409)) return {};
  const answer = v.safeParse(PaymentErrorSchema, error.data);
  if (!answer.success) return {};
  const { code, orderId, orderNumber } = answer.output;
  if (code === 'not_paid') return { verdict: 'declined' };
  if (code === 'mismatch') return { verdict: 'mismatch' };
  if (code === 'review') return { verdict: 'review' };
  if (code === 'capture_scheduled') return { verdict: 'capture_scheduled' };
  if (code === 'replaced')
    return {
      verdict: 'replaced',
      ...(orderId && orderNumber ? { order: { orderId, orderNumber } } : {}),
    };
  return {};
}

/**
 * The checkout machine at work: one actor per visit of the page, its effects provided here
 * (session storage, the API, the router, the focus), the answers sent back as events.
 */
export function useCheckout({
  screen,
  language,
  reference = null,
  wallet = false,
}: CheckoutOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useActorRef(
    checkoutMachine.provide({
      actions: {
        persistForm: (_, { form }) => writeForm(form),
        markShippingDetails: () => markShippingDetails(),
        saveDelivery: ({ self }, { orderId, payload }) => {
          saveDelivery(orderId, payload).then(
            () => self.send({ type: 'delivery.saved' }),
            (error: unknown) => {
              console.warn('Saving the delivery details failed', statusOf(error));
              const fields = isFetchError(error)
                ? (error.data as ApiError | undefined)?.fields
                : undefined;
              self.send({
                type: 'delivery.failed',
                status: statusOf(error),
                ...(statusOf(error) === 400 && fields ? { fields } : {}),
              });
            },
          );
        },
        initiatePayment: ({ self }, { orderId, attemptKey }) => {
          initiatePayment(orderId, language, attemptKey).then(
            (paymentLink) => self.send({ type: 'payment.initiated', paymentLink }),
            (error: unknown) => {
              const answer = isFetchError(error)
                ? v.safeParse(PaymentErrorSchema, error.data)
                : undefined;
              self.send({
                type: 'payment.failed',
                status: statusOf(error),
                ...(answer?.success ? { code: answer.output.code } : {}),
              });
            },
          );
        },
        redirect: (_, { url }) => providerPage.open(url),
        verifyPayment: ({ self }, { reference: paymentReference }) => {
          verifyPayment(paymentReference).then(
            (paid) =>
              self.send({
                type: 'verify.paid',
                order: { orderId: paid.orderId, orderNumber: paid.orderNumber },
              }),
            // 402 not_paid: declined or cancelled at the provider; replaced: an older attempt (with
            // the order when another attempt paid it); mismatch: the shop was alerted. Anything
            // else may still be open.
            (error: unknown) => self.send({ type: 'verify.failed', ...verdictOf(error) }),
          );
        },
        forgetOrder: (_, { language: paidLanguage }) => {
          // The order is placed: its books are bought, so their drafts go with it.
          forgetOrder(paidLanguage, { drafts: true });
          void invalidateCart(queryClient);
        },
        navigate: (_, { to, replace }) => {
          queueMicrotask(
            () => void navigate({ to: to === 'home' ? '/' : '/checkout/delivery', replace }),
          );
        },
        focusField: (_, { path }) => {
          // After React has shown the messages: the field, described by its message, gets the focus.
          requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());
        },
        log: (_, { message }) => console.warn(message),
      },
    }),
    {
      input: {
        screen,
        language,
        orderId: getOrderId(language) ?? null,
        reference,
        form: readForm(language),
        wallet,
      },
    },
  );
}

/** The id of a field's input on the page ('checkout-shippingAddress-city'). */
export function fieldId(path: string): string {
  return `checkout-${path.replace('.', '-')}`;
}
