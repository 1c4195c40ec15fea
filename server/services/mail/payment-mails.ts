import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { formatMoney } from '#book/typography.ts';
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
  const t = mailText(input.language);
  const copy = {
    subject: t('secondPayment.subject'),
    heading: t('secondPayment.heading'),
    amount: t('secondPayment.amount'),
    when: t('secondPayment.when'),
    order: t('secondPayment.order'),
    follow: t('secondPayment.follow'),
    questions: t('secondPayment.questions'),
  };
  const amount = formatMoney(input.amountMinor, input.currencyCode, input.language);
  const why = t(`secondPayment.${input.reason}`);
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
