import { escapeHtml, escapeLines } from '#server/platform/html.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { STAFF_LANGUAGE } from '#server/services/mail/staff-mails.ts';
import { COLORS, layout, paragraph, type MailContent } from '#server/services/mail/templates.ts';

/** Why the owner is told about a hand-off (handoff.ts alertOwner). */
export type HandoffAlertReason = 'refused' | 'failed' | 'cancelled' | 'not-cancelled';

/**
 * The owner's mail about an order's hand-off to the print partner that needs them: the partner
 * refused it or failed it, cancelled it on its own, or could not cancel it any more. Words in
 * mail-staff.json (`handoff`), in the staff's language.
 */
export function handoffAlertMail(input: {
  orderNumber: string;
  partner: string;
  partnerReference: string | null;
  reason: HandoffAlertReason;
  message: string | null;
  adminUrl: string;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  const subject = t(`mail-staff:handoff.subject.${input.reason}`, {
    order: input.orderNumber,
    partner: input.partner,
  });
  const lines = [
    t(`mail-staff:handoff.intro.${input.reason}`, {
      order: input.orderNumber,
      partner: input.partner,
    }),
    ...(input.partnerReference
      ? [t('mail-staff:handoff.reference', { reference: input.partnerReference })]
      : []),
    ...(input.message ? ['', t('mail-staff:handoff.said', { message: input.message })] : []),
    '',
    t(`mail-staff:handoff.next.${input.reason}`),
    `${t('mail-staff:handoff.backOffice')}: ${input.adminUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(subject)}</h1>`,
    paragraph(escapeLines(lines.join('\n'))),
  ].join('\n');
  return {
    subject,
    text: [...lines, ''].join('\n'),
    html: layout(STAFF_LANGUAGE, subject, lines[0]!, body),
  };
}
