import { cleanLine } from '#contract/text.ts';
import type { Language } from '#contract/markets.ts';
import { escapeHtml, escapeLines } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, layout, paragraph, type MailContent } from './templates.ts';

/** The language of the mails to the shop team (SHOP_EMAIL); their words are in mail-staff.json. */
export const STAFF_LANGUAGE: Language = 'en-GB';

/** Subjects longer than this are cut: a header line should stay readable. */
const SUBJECT_NAME_LENGTH = 60;

/** The contact-form message as the shop team receives it (Reply-To is the sender). */
export function contactNotificationMail(message: {
  fromName: string;
  email: string;
  message: string;
  language: Language | null;
  receivedAt: Date;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  // The subject is built from cleaned text: a name stored with a direction override (before the
  // rule refused it) must not turn 'Anna<U+202E>gnp.exe' into 'Annaexe.png' in the inbox.
  const cleanName = cleanLine(message.fromName);
  const name =
    cleanName.length > SUBJECT_NAME_LENGTH
      ? `${cleanName.slice(0, SUBJECT_NAME_LENGTH - 1)}…`
      : cleanName;
  const subject = t('mail-staff:contact.subject', { name });
  const received = message.receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const language = message.language
    ? t(`mail-staff:contact.languages.${message.language}`)
    : t('mail-staff:contact.notGiven');
  const copy = {
    from: t('mail-staff:contact.from'),
    language: t('mail-staff:contact.language'),
    received: t('mail-staff:contact.received'),
    answer: t('mail-staff:contact.answer'),
  };
  const text = [
    t('mail-staff:contact.intro'),
    '',
    `${copy.from}: ${message.fromName} <${message.email}>`,
    `${copy.language}: ${language}`,
    `${copy.received}: ${received}`,
    '',
    message.message,
    '',
    '-- ',
    copy.answer,
    '',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:2px 12px 2px 0;color:${COLORS.muted};vertical-align:top;">${escapeHtml(label)}</td><td style="padding:2px 0;">${value}</td></tr>`;
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(t('mail-staff:contact.heading'))}</h1>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">`,
    row(
      copy.from,
      `${escapeHtml(message.fromName)} &lt;<a href="mailto:${escapeHtml(message.email)}" style="color:${COLORS.primary};">${escapeHtml(message.email)}</a>&gt;`,
    ),
    row(copy.language, escapeHtml(language)),
    row(copy.received, escapeHtml(received)),
    `</table>`,
    `<div style="padding:16px;border-left:4px solid ${COLORS.primary};background:${COLORS.bg};overflow-wrap:anywhere;">${escapeLines(message.message)}</div>`,
    paragraph(escapeHtml(copy.answer), `margin:16px 0 0;font-size:13px;color:${COLORS.muted};`),
  ].join('\n');
  return {
    subject,
    text,
    html: layout(
      STAFF_LANGUAGE,
      subject,
      `${message.fromName}: ${message.message.slice(0, 80)}`,
      body,
    ),
  };
}

/** The shop's alert when a provider's paid answer does not match the payment (to SHOP_EMAIL). */
export function paymentMismatchMail(input: {
  reference: string;
  provider: string;
  providerState: string;
  mismatch: string;
  adminUrl: string;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  const subject = t('mail-staff:mismatch.subject', { reference: input.reference.slice(0, 8) });
  const lines = [
    t('mail-staff:mismatch.says', {
      provider: input.provider,
      state: input.providerState,
      mismatch: input.mismatch,
    }),
    t('mail-staff:mismatch.notPaid'),
    '',
    `${t('mail-staff:mismatch.reference')}: ${input.reference}`,
    `${t('mail-staff:mismatch.backOffice')}: ${input.adminUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(t('mail-staff:mismatch.heading'))}</h1>`,
    ...lines.filter(Boolean).map((line) => paragraph(escapeHtml(line))),
  ].join('\n');
  return {
    subject,
    text: [...lines, ''].join('\n'),
    html: layout(STAFF_LANGUAGE, subject, lines[0]!, body),
  };
}

/** The shop's alert when a book's print files failed their proof against the preview (issue #43). */
export function proofFailedMail(input: {
  orderNumber: string;
  childName: string;
  failedPages: { file: string; page: number; shows: string; differencePercent: number }[];
  thresholdPercent: number;
  missingSentences: string[];
  error: string | null;
  adminUrl: string;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  const subject = t('mail-staff:proof.subject', {
    order: input.orderNumber,
    name: cleanLine(input.childName).slice(0, SUBJECT_NAME_LENGTH),
  });
  const pages = input.failedPages.map((page) =>
    t('mail-staff:proof.page', {
      file: t(`mail-staff:proof.files.${page.file}`, { defaultValue: page.file }),
      page: page.page,
      shows: page.shows,
      percent: page.differencePercent,
      threshold: input.thresholdPercent,
    }),
  );
  const lines = [
    t('mail-staff:proof.intro'),
    t('mail-staff:proof.held'),
    ...(input.error ? ['', t('mail-staff:proof.error', { error: input.error })] : []),
    ...(pages.length > 0 ? ['', `${t('mail-staff:proof.pages')}:`, ...pages] : []),
    ...(input.missingSentences.length > 0
      ? ['', `${t('mail-staff:proof.missing')}:`, ...input.missingSentences.map((s) => `“${s}”`)]
      : []),
    '',
    t('mail-staff:proof.next'),
    `${t('mail-staff:proof.backOffice')}: ${input.adminUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(t('mail-staff:proof.heading', { order: input.orderNumber }))}</h1>`,
    paragraph(escapeLines(lines.join('\n'))),
  ].join('\n');
  return {
    subject,
    text: [...lines, ''].join('\n'),
    html: layout(STAFF_LANGUAGE, subject, lines[0]!, body),
  };
}
