import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';

/** A mail ready for the Mailer: subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A parent's mail as plain text: the lines, then the signature block ('-- ', `footer`, the signature). */
export function signedText(
  language: Language,
  lines: readonly string[],
  footer: readonly string[] = [],
): string {
  return [...lines, '', '-- ', ...footer, mailText(language)('signature'), ''].join('\n');
}

export const COLORS = {
  ink: '#1f2a37',
  muted: '#4b5563',
  primary: '#0f5e63',
  bg: '#fffaf3',
  border: '#eadfce',
};

/** A simple, table-based HTML mail (what mail programs render reliably). `body` is HTML. */
export function layout(lang: string, title: string, preheader: string, body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.bg};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.bg};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:12px;">
<tr><td style="padding:28px 28px 8px;font-family:Arial,Helvetica,sans-serif;font-size:22px;font-weight:bold;color:${COLORS.primary};">Storymade</td></tr>
<tr><td style="padding:8px 28px 28px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${COLORS.ink};">
${body}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

export function paragraph(html: string, style = ''): string {
  return `<p style="margin:0 0 16px;${style}">${html}</p>`;
}

/** A mail's heading (plain text, escaped here). */
export function mailHeading(text: string): string {
  return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLORS.ink};">${escapeHtml(text)}</h1>`;
}

/** The signature paragraph at the end of a parent's HTML mail. */
export function signatureHtml(language: Language): string {
  return paragraph(
    escapeHtml(mailText(language)('signature')),
    `font-size:13px;color:${COLORS.muted};margin:0;`,
  );
}

/** A button-like link, as mail programs render them. */
export function mailButton(url: string, label: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${COLORS.primary};">` +
    `<a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 24px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

/**
 * The HTML of a parent's mail about an order: the heading, the text (also the preheader), the
 * order number, the mail's own details (HTML), the button to the order's page and the signature.
 */
export function orderMailHtml(mail: {
  language: Language;
  subject: string;
  heading: string;
  text: string;
  orderLabel: string;
  orderNumber: string;
  details: readonly string[];
  pageUrl: string;
  button: string;
}): string {
  const body = [
    mailHeading(mail.heading),
    paragraph(escapeHtml(mail.text)),
    // The order number never breaks at its hyphens on a phone.
    paragraph(
      `${escapeHtml(mail.orderLabel)}: <strong style="white-space:nowrap">${escapeHtml(mail.orderNumber)}</strong>`,
    ),
    ...mail.details,
    mailButton(mail.pageUrl, mail.button),
    signatureHtml(mail.language),
  ].join('\n');
  return layout(mail.language, mail.subject, mail.text, body);
}

/** The double opt-in mail: confirm link and unsubscribe link, in the subscriber's language. */
export function subscriptionConfirmationMail(
  language: Language,
  links: { confirmUrl: string; unsubscribeUrl: string },
): MailContent {
  const t = mailText(language);
  const copy = {
    subject: t('newsletter.subject'),
    preheader: t('newsletter.preheader'),
    heading: t('newsletter.heading'),
    intro: t('newsletter.intro'),
    button: t('newsletter.button'),
    after: t('newsletter.after'),
    notYou: t('newsletter.notYou'),
    fallback: t('newsletter.fallback'),
    unsubscribe: t('newsletter.unsubscribe'),
    unsubscribeLink: t('newsletter.unsubscribeLink'),
  };
  const text = signedText(
    language,
    [
      copy.heading,
      '',
      copy.intro,
      '',
      `${copy.button}: ${links.confirmUrl}`,
      '',
      copy.after,
      '',
      copy.notYou,
    ],
    [`${copy.unsubscribe} ${copy.unsubscribeLink}: ${links.unsubscribeUrl}`],
  );
  const confirm = escapeHtml(links.confirmUrl);
  const body = [
    mailHeading(copy.heading),
    paragraph(escapeHtml(copy.intro)),
    mailButton(links.confirmUrl, copy.button),
    paragraph(escapeHtml(copy.after)),
    paragraph(escapeHtml(copy.notYou)),
    paragraph(
      `${escapeHtml(copy.fallback)}<br><a href="${confirm}" style="color:${COLORS.primary};word-break:break-all;">${confirm}</a>`,
      `font-size:14px;color:${COLORS.muted};`,
    ),
    `<hr style="border:none;border-top:1px solid ${COLORS.border};margin:24px 0 16px;">`,
    paragraph(
      `${escapeHtml(copy.unsubscribe)} <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${COLORS.muted};">${escapeHtml(copy.unsubscribeLink)}</a>.`,
      `font-size:13px;color:${COLORS.muted};`,
    ),
    signatureHtml(language),
  ].join('\n');
  return {
    subject: copy.subject,
    text,
    html: layout(language, copy.subject, copy.preheader, body),
  };
}
