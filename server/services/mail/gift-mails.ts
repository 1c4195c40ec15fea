import { cleanLine } from '#contract/text.ts';
import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/**
 * The buyer's mail when a gift ships (issue #36), instead of the plain 'on its way' mail: to whom
 * it goes (the recipient's name), the message on the card, the tracking number, and the link to
 * the order's page that shows the gift (it carries the gift key: gift/gift-access.ts). Words in
 * src/locales/*\/mail-gift.json. The recipient gets no mail from us (and no prices anywhere: the
 * packing slip of a gift has none).
 */
export function giftShippedMail(input: {
  language: Language;
  orderNumber: string;
  recipientName: string;
  message: string;
  /** The order's page with the gift key. */
  pageUrl: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): MailContent {
  const t = mailText(input.language);
  const name = cleanLine(input.recipientName);
  const heading = t('mail-gift:shipped.heading');
  const body = t('mail-gift:shipped.body', { name });
  const subject = `${t('mail-gift:shipped.subject')} (${input.orderNumber})`;
  const labels = {
    order: t('mail-gift:shipped.order'),
    recipient: t('mail-gift:shipped.recipient'),
    message: t('mail-gift:shipped.message'),
    tracking: t('mail-gift:shipped.tracking'),
    follow: t('mail-gift:shipped.follow'),
  };
  const message = input.message.trim();
  const tracking = input.trackingNumber;
  const text = signedText(input.language, [
    heading,
    '',
    body,
    '',
    `${labels.order}: ${input.orderNumber}`,
    `${labels.recipient}: ${name}`,
    ...(message ? ['', `${labels.message}:`, message] : []),
    ...(tracking
      ? ['', `${labels.tracking}: ${tracking}${input.trackingUrl ? ` (${input.trackingUrl})` : ''}`]
      : []),
    '',
    `${labels.follow}: ${input.pageUrl}`,
  ]);
  const details = [
    paragraph(`${escapeHtml(labels.recipient)}: <strong>${escapeHtml(name)}</strong>`),
    message
      ? paragraph(
          `${escapeHtml(labels.message)}:<br>` +
            `<span style="display:block;margin-top:4px;padding:12px 16px;border-left:4px solid ${COLORS.border};white-space:pre-line;">${escapeHtml(message)}</span>`,
        )
      : '',
    tracking
      ? paragraph(
          `${escapeHtml(labels.tracking)}: ` +
            (input.trackingUrl
              ? `<a href="${escapeHtml(input.trackingUrl)}" style="color:${COLORS.primary};">${escapeHtml(tracking)}</a>`
              : `<strong>${escapeHtml(tracking)}</strong>`),
        )
      : '',
  ];
  const html = orderMailHtml({
    language: input.language,
    subject,
    heading,
    text: body,
    orderLabel: labels.order,
    orderNumber: input.orderNumber,
    details,
    pageUrl: input.pageUrl,
    button: labels.follow,
  });
  return { subject, text, html };
}
