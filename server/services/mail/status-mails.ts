import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** The statuses the shop tells the parent about (checked is the shop's own step: no mail). */
export const MAILED_STATUSES = ['in_production', 'shipped', 'delivered', 'cancelled'] as const;
export type MailedStatus = (typeof MAILED_STATUSES)[number];

/** The mail a status change by the shop sends (shipped: with the tracking number and link). */
export function orderStatusMail(input: {
  language: Language;
  status: MailedStatus;
  orderNumber: string;
  trackingPageUrl: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): MailContent {
  const t = mailText(input.language);
  const copy = {
    order: t('status.order'),
    tracking: t('status.tracking'),
    follow: t('status.follow'),
  };
  const status = {
    subject: t(`status.${input.status}.subject`),
    heading: t(`status.${input.status}.heading`),
    body: t(`status.${input.status}.body`),
  };
  const subject = `${status.subject} (${input.orderNumber})`;
  const tracking = input.status === 'shipped' && input.trackingNumber ? input.trackingNumber : null;
  const text = signedText(input.language, [
    status.heading,
    '',
    status.body,
    '',
    `${copy.order}: ${input.orderNumber}`,
    ...(tracking
      ? [`${copy.tracking}: ${tracking}${input.trackingUrl ? ` (${input.trackingUrl})` : ''}`]
      : []),
    '',
    `${copy.follow}: ${input.trackingPageUrl}`,
  ]);
  const trackingHtml = tracking
    ? paragraph(
        `${escapeHtml(copy.tracking)}: ` +
          (input.trackingUrl
            ? `<a href="${escapeHtml(input.trackingUrl)}" style="color:${COLORS.primary};">${escapeHtml(tracking)}</a>`
            : `<strong>${escapeHtml(tracking)}</strong>`),
      )
    : '';
  const html = orderMailHtml({
    language: input.language,
    subject,
    heading: status.heading,
    text: status.body,
    orderLabel: copy.order,
    orderNumber: input.orderNumber,
    details: [trackingHtml],
    pageUrl: input.trackingPageUrl,
    button: copy.follow,
  });
  return { subject, text, html };
}
