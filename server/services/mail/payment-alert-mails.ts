import { formatMoney } from '#book/typography.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { STAFF_LANGUAGE } from './staff-mails.ts';
import { COLORS, layout, mailButton, paragraph, type MailContent } from './templates.ts';

/**
 * The owner's mail about a payment alert (server/services/payment/alerts.ts), to SHOP_EMAIL: what
 * happened, what to do, and where (the dashboard, or the order). Words in mail-staff.json
 * (paymentAlert.*), in the staff's language.
 */
export function paymentAlertMail(input: {
  kind: string;
  /** The payment's reference, or null for a shop-wide alert. */
  reference: string | null;
  orderNumber: string | null;
  amountMinor: number | null;
  currencyCode: string | null;
  detail: string;
  /** Where to act: the dashboard (its payment alerts), or the order's page. */
  actionUrl: string;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  const amount =
    input.amountMinor !== null && input.currencyCode
      ? formatMoney(input.amountMinor, input.currencyCode, STAFF_LANGUAGE)
      : '';
  const key = `mail-staff:paymentAlert.${input.kind}`;
  const subject = t('mail-staff:paymentAlert.subject', {
    what: t(`${key}.title`),
    reference: input.reference
      ? `${input.reference.slice(0, 8)}…`
      : t('mail-staff:paymentAlert.shop'),
  });
  const lines = [
    t(`${key}.what`, { amount, detail: input.detail }),
    t(`${key}.action`, { amount }),
    '',
    t('mail-staff:paymentAlert.detail', { detail: input.detail }),
    ...(input.reference ? [`${t('mail-staff:paymentAlert.reference')}: ${input.reference}`] : []),
    ...(input.orderNumber ? [`${t('mail-staff:paymentAlert.order')}: ${input.orderNumber}`] : []),
    `${t('mail-staff:paymentAlert.backOffice')}: ${input.actionUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(t(`${key}.title`))}</h1>`,
    paragraph(escapeHtml(lines[0]!)),
    paragraph(`<strong>${escapeHtml(lines[1]!)}</strong>`),
    mailButton(input.actionUrl, t('mail-staff:paymentAlert.open')),
    ...lines
      .slice(3)
      .map((line) =>
        paragraph(escapeHtml(line), `margin:4px 0;font-size:13px;color:${COLORS.muted};`),
      ),
  ].join('\n');
  return {
    subject,
    text: [...lines, ''].join('\n'),
    html: layout(STAFF_LANGUAGE, subject, lines[0]!, body),
  };
}
