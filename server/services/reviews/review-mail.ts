import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import {
  COLORS,
  layout,
  mailButton,
  mailHeading,
  paragraph,
  signatureHtml,
  signedText,
  type MailContent,
} from '#server/services/mail/templates.ts';

/**
 * The one mail that asks a buyer for a review (words: src/locales/{language}/mail-review.json):
 * the form's link and, at the foot, the link that withdraws the consent (no sign-in needed).
 */
export function reviewRequestMail(input: {
  language: Language;
  orderNumber: string;
  formUrl: string;
  stopUrl: string;
  /**
   * How the buyer has the book: 'printed' when a printed book was delivered ('your book
   * arrived'), 'digital' when what they have is the PDF (#44 finding 8: a PDF never 'arrived').
   */
  had: 'printed' | 'digital';
}): MailContent {
  const t = mailText(input.language);
  const subject = t('mail-review:request.subject');
  const heading = t('mail-review:request.heading');
  const body = t(
    input.had === 'printed' ? 'mail-review:request.body' : 'mail-review:request.bodyDigital',
  );
  const button = t('mail-review:request.button');
  const order = t('mail-review:request.order', { number: input.orderNumber });
  const stop = t('mail-review:request.stop');
  const stopLink = t('mail-review:request.stopLink');
  const text = signedText(input.language, [
    heading,
    '',
    body,
    '',
    `${button}: ${input.formUrl}`,
    '',
    order,
    '',
    `${stop} ${stopLink}: ${input.stopUrl}`,
  ]);
  const html = layout(
    input.language,
    subject,
    body,
    [
      mailHeading(heading),
      paragraph(escapeHtml(body)),
      mailButton(input.formUrl, button),
      paragraph(escapeHtml(order), `font-size:14px;color:${COLORS.muted};`),
      paragraph(
        `${escapeHtml(stop)} <a href="${escapeHtml(input.stopUrl)}" style="color:${COLORS.primary};">${escapeHtml(stopLink)}</a>`,
        `font-size:13px;color:${COLORS.muted};`,
      ),
      signatureHtml(input.language),
    ].join('\n'),
  );
  return { subject, text, html };
}
