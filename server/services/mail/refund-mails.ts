import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { formatMoney } from '#book/typography.ts';
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

/** The mail after a refund, in the order's language. */
export function refundMail(data: RefundMailData): MailContent {
  const t = mailText(data.language);
  const copy = {
    heading: t('refund.heading'),
    when: t('refund.when'),
    order: t('refund.order'),
    follow: t('refund.follow'),
    questions: t('refund.questions'),
    creditNote: (number: string) => t('refund.creditNote', { number }),
  };
  const amount = formatMoney(data.amountMinor, data.currencyCode, data.language);
  const subject = t('refund.subject', { number: data.orderNumber });
  const lead = t(data.cancelled ? 'refund.cancelled' : 'refund.refunded', { amount });
  const what = data.whole
    ? t('refund.whole')
    : `${t('refund.books')} ${[
        ...data.books.map((child) => t('refund.book', { child })),
        ...(data.delivery ? [t('refund.delivery')] : []),
      ].join(', ')}.`;
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
