import type { Language } from '#contract/markets.ts';
import { escapeHtml } from './html.ts';
import { formatMoney } from './order-mails.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** What the refund mail tells: the amount, the books paid back, whether the order is cancelled, the credit note. */
export interface RefundMailData {
  language: Language;
  orderNumber: string;
  trackingPageUrl: string;
  currencyCode: string;
  amountMinor: number;
  /** The children's names of the books paid back. */
  books: string[];
  delivery: boolean;
  /** Every book and the delivery paid back. */
  whole: boolean;
  cancelled: boolean;
  creditNote: { number: string; url: string } | null;
}

interface Copy {
  subject: (number: string) => string;
  heading: string;
  refunded: (amount: string) => string;
  cancelled: (amount: string) => string;
  whole: string;
  books: string;
  book: (child: string) => string;
  delivery: string;
  when: string;
  creditNote: (number: string) => string;
  order: string;
  follow: string;
  questions: string;
}

const EN_GB: Copy = {
  subject: (n) => `Refund for your order ${n}`,
  heading: 'We have refunded your payment',
  refunded: (amount) => `We have refunded ${amount} to the card you paid with.`,
  cancelled: (amount) =>
    `Your order has been cancelled and we have refunded the full ${amount} to the card you paid with.`,
  whole: 'The whole order has been refunded.',
  books: 'Refunded:',
  book: (child) => `the book starring ${child}`,
  delivery: 'delivery',
  when: 'Depending on your bank, the money reaches your account within 5 to 10 working days.',
  creditNote: (n) => `Credit note ${n}`,
  order: 'Order',
  follow: 'Follow your order',
  questions: 'If you have any questions, simply reply to this e-mail.',
};

const COPY: Record<Language, Copy> = {
  lv: {
    subject: (n) => `Atmaksa par jūsu pasūtījumu ${n}`,
    heading: 'Esam atmaksājuši jūsu maksājumu',
    refunded: (amount) => `Esam atmaksājuši ${amount} uz karti, ar kuru maksājāt.`,
    cancelled: (amount) =>
      `Jūsu pasūtījums ir atcelts, un visu samaksāto summu – ${amount} – esam atmaksājuši uz karti, ar kuru maksājāt.`,
    whole: 'Atmaksāts viss pasūtījums.',
    books: 'Atmaksāts:',
    book: (child) => `grāmata, kurā galvenais varonis ir ${child}`,
    delivery: 'piegāde',
    when: 'Atkarībā no jūsu bankas nauda kontā būs 5–10 darba dienu laikā.',
    creditNote: (n) => `Kredītrēķins ${n}`,
    order: 'Pasūtījums',
    follow: 'Sekot pasūtījumam',
    questions: 'Ja jums ir jautājumi, lūdzu, atbildiet uz šo e-pastu.',
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    cancelled: (amount) =>
      `Your order has been canceled and we have refunded the full ${amount} to the card you paid with.`,
    delivery: 'shipping',
    when: 'Depending on your bank, the money reaches your account within 5 to 10 business days.',
    follow: 'Track your order',
    questions: 'If you have any questions, just reply to this email.',
  },
};

/** The mail after a refund, in the order's language. */
export function refundMail(data: RefundMailData): MailContent {
  const copy = COPY[data.language];
  const amount = formatMoney(data.language, data.currencyCode, data.amountMinor);
  const subject = copy.subject(data.orderNumber);
  const lead = data.cancelled ? copy.cancelled(amount) : copy.refunded(amount);
  const what = data.whole
    ? copy.whole
    : `${copy.books} ${[...data.books.map(copy.book), ...(data.delivery ? [copy.delivery] : [])].join(', ')}.`;
  const text = signedText(data.language, [
    copy.heading,
    '',
    lead,
    what,
    copy.when,
    '',
    `${copy.order}: ${data.orderNumber}`,
    ...(data.creditNote
      ? [`${copy.creditNote(data.creditNote.number)}: ${data.creditNote.url}`]
      : []),
    '',
    copy.questions,
    '',
    `${copy.follow}: ${data.trackingPageUrl}`,
  ]);
  const html = orderMailHtml({
    language: data.language,
    subject,
    heading: copy.heading,
    text: lead,
    orderLabel: copy.order,
    orderNumber: data.orderNumber,
    details: [
      paragraph(escapeHtml(what)),
      paragraph(escapeHtml(copy.when)),
      ...(data.creditNote
        ? [
            paragraph(
              `<a href="${escapeHtml(data.creditNote.url)}" style="color:${COLORS.primary};">${escapeHtml(copy.creditNote(data.creditNote.number))}</a>`,
            ),
          ]
        : []),
      paragraph(escapeHtml(copy.questions)),
    ],
    pageUrl: data.trackingPageUrl,
    button: copy.follow,
  });
  return { subject, text, html };
}
