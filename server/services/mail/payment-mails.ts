import type { Language } from '#contract/markets.ts';
import { escapeHtml } from './html.ts';
import { formatMoney } from './order-mails.ts';
import {
  COLORS,
  layout,
  mailButton,
  mailHeading,
  paragraph,
  signatureHtml,
  signedText,
  type MailContent,
} from './templates.ts';

interface RefundCopy {
  subject: string;
  heading: string;
  /** Why: the order was paid by another payment. */
  duplicate: string;
  /** Why: the cart changed after this payment began. */
  superseded: string;
  amount: string;
  when: string;
  order: string;
  follow: string;
  questions: string;
}

const EN_GB: RefundCopy = {
  subject: 'We have refunded a second payment',
  heading: 'We have refunded a second payment',
  duplicate:
    'Your order was paid twice (for example, from two browser tabs). We have kept one payment and refunded the other in full: you pay only once.',
  superseded:
    'You paid for your cart as it was before it changed. That payment could not pay for the new contents, so we have refunded it in full.',
  amount: 'Refunded',
  when: 'Your bank usually shows the refund within 5-10 working days.',
  order: 'Order',
  follow: 'See your order',
  questions: 'If you have any questions, simply reply to this e-mail.',
};

const COPY: Record<Language, RefundCopy> = {
  lv: {
    subject: 'Esam atmaksājuši otru maksājumu',
    heading: 'Esam atmaksājuši otru maksājumu',
    duplicate:
      'Jūsu pasūtījums tika apmaksāts divreiz (piemēram, no divām pārlūka cilnēm). Vienu maksājumu paturējām, bet otru atmaksājām pilnā apmērā – jūs maksājat tikai vienreiz.',
    superseded:
      'Jūs apmaksājāt grozu, kāds tas bija pirms izmaiņām. Ar šo maksājumu nevarēja apmaksāt jauno saturu, tāpēc esam to atmaksājuši pilnā apmērā.',
    amount: 'Atmaksāts',
    when: 'Parasti banka atmaksu parāda 5–10 darba dienu laikā.',
    order: 'Pasūtījums',
    follow: 'Skatīt pasūtījumu',
    questions: 'Ja jums ir jautājumi, lūdzu, atbildiet uz šo e-pastu.',
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    duplicate:
      'Your order was paid twice (for example, from two browser tabs). We kept one payment and refunded the other in full, so you only pay once.',
    superseded:
      'You paid for your cart as it was before it changed. That payment could not pay for the new contents, so we refunded it in full.',
    when: 'Your bank usually shows the refund within 5-10 business days.',
    questions: 'If you have any questions, just reply to this email.',
  },
};

/** The parent's mail after an automatic refund of a second settled payment, in the order's language. */
export function automaticRefundMail(input: {
  language: Language;
  reason: 'duplicate' | 'superseded';
  amountMinor: number;
  currencyCode: string;
  /** The order's number when it is placed; null while the cart is still unpaid. */
  orderNumber: string | null;
  pageUrl: string;
}): MailContent {
  const copy = COPY[input.language];
  const amount = formatMoney(input.language, input.currencyCode, input.amountMinor);
  const why = copy[input.reason];
  const subject = input.orderNumber ? `${copy.subject} (${input.orderNumber})` : copy.subject;
  const text = signedText(input.language, [
    copy.heading,
    '',
    why,
    '',
    `${copy.amount}: ${amount}`,
    ...(input.orderNumber ? [`${copy.order}: ${input.orderNumber}`] : []),
    copy.when,
    '',
    `${copy.follow}: ${input.pageUrl}`,
    '',
    copy.questions,
  ]);
  const body = [
    mailHeading(copy.heading),
    paragraph(escapeHtml(why)),
    paragraph(`${escapeHtml(copy.amount)}: <strong>${escapeHtml(amount)}</strong>`),
    ...(input.orderNumber
      ? [paragraph(`${escapeHtml(copy.order)}: <strong>${escapeHtml(input.orderNumber)}</strong>`)]
      : []),
    paragraph(escapeHtml(copy.when), `color:${COLORS.muted};`),
    mailButton(input.pageUrl, copy.follow),
    paragraph(escapeHtml(copy.questions)),
    signatureHtml(input.language),
  ].join('\n');
  return { subject, text, html: layout(input.language, subject, why, body) };
}

/** The shop's alert when a provider's paid answer does not match the payment (in English, to SHOP_EMAIL). */
export function paymentMismatchMail(input: {
  reference: string;
  provider: string;
  providerState: string;
  mismatch: string;
  adminUrl: string;
}): MailContent {
  const subject = `Payment needs a look: the provider's answer does not match (${input.reference.slice(0, 8)}…)`;
  const lines = [
    `The payment provider (${input.provider}) says a payment is ${input.providerState}, but its answer does not match the payment: ${input.mismatch}.`,
    'The order was NOT marked paid. Check the payment in the provider’s portal, refund it or settle it with the parent.',
    '',
    `Payment reference: ${input.reference}`,
    `Back office: ${input.adminUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">A payment's answer does not match</h1>`,
    ...lines.filter(Boolean).map((line) => paragraph(escapeHtml(line))),
  ].join('\n');
  return { subject, text: [...lines, ''].join('\n'), html: layout('en', subject, lines[0]!, body) };
}
