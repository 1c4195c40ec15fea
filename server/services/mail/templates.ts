import { cleanLine } from '#contract/text.ts';
import type { Language } from '#contract/markets.ts';
import { escapeHtml, escapeLines } from './html.ts';

/** A mail ready for the Mailer: subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface ConfirmationCopy {
  lang: string;
  subject: string;
  preheader: string;
  heading: string;
  intro: string;
  button: string;
  after: string;
  notYou: string;
  fallback: string;
  /** Followed by the link text; together one sentence. */
  unsubscribe: string;
  unsubscribeLink: string;
}

/** Server-side copy of the newsletter confirmation mail, one per interface language. */
const CONFIRMATION: Record<Language, ConfirmationCopy> = {
  lv: {
    lang: 'lv',
    subject: 'Apstipriniet pieteikšanos Storymade jaunumiem',
    preheader: 'Viens klikšķis – un esat piedzīvojumu kopienā.',
    heading: 'Laipni lūdzam piedzīvojumu kopienā!',
    intro:
      'Paldies, ka pievienojāties Storymade piedzīvojumu kopienai. Lūdzu, apstipriniet savu e-pasta adresi, lai mēs zinātu, ka tas tiešām esat jūs.',
    button: 'Apstiprināt pieteikšanos',
    after:
      'Pēc apstiprināšanas jūs pirmie uzzināsiet par mūsu personalizētajām grāmatām, grāmatas „Tu to vari” pirmo izdevumu un kopienas jaunumiem.',
    notYou:
      'Ja jūs nepieteicāties, vienkārši neņemiet šo e-pastu vērā – bez jūsu apstiprinājuma mēs jums vairs nerakstīsim.',
    fallback: 'Ja poga nedarbojas, iekopējiet šo saiti pārlūkprogrammā:',
    unsubscribe: 'Pārdomājāt? Jūs jebkurā brīdī varat',
    unsubscribeLink: 'atteikties no jaunumiem',
  },
  'en-GB': {
    lang: 'en-GB',
    subject: 'Please confirm your subscription to Storymade',
    preheader: 'One click and you are part of the adventure community.',
    heading: 'Welcome to the adventure community!',
    intro:
      'Thank you for joining the Storymade adventure community. Please confirm your e-mail address, so that we know it really is you.',
    button: 'Confirm my subscription',
    after:
      "Once you have confirmed, you will be the first to hear about our personalised books, the first edition of 'You can do it' and news from the community.",
    notYou:
      'If you did not sign up, simply ignore this e-mail: without your confirmation we will not write to you again.',
    fallback: 'If the button does not work, copy this link into your browser:',
    unsubscribe: 'Changed your mind? You can',
    unsubscribeLink: 'unsubscribe at any time',
  },
  'en-US': {
    lang: 'en-US',
    subject: 'Please confirm your subscription to Storymade',
    preheader: "One click and you're part of the adventure community.",
    heading: 'Welcome to the adventure community!',
    intro:
      'Thank you for joining the Storymade adventure community. Please confirm your email address so we know it really is you.',
    button: 'Confirm my subscription',
    after:
      "Once you confirm, you will be the first to hear about our personalized books, the first edition of 'You can do it' and news from the community.",
    notYou:
      "If you didn't sign up, just ignore this email: without your confirmation we won't write to you again.",
    fallback: "If the button doesn't work, copy this link into your browser:",
    unsubscribe: 'Changed your mind? You can',
    unsubscribeLink: 'unsubscribe at any time',
  },
};

/** The line that ends every mail to a parent, in its language. */
const SIGNATURE: Record<Language, string> = {
  lv: 'Storymade – personalizētas grāmatas, kurās jūsu bērns ir galvenais varonis.',
  'en-GB': 'Storymade: personalised books in which your child is the hero.',
  'en-US': 'Storymade: personalized books in which your child is the hero.',
};

/** A parent's mail as plain text: the lines, then the signature block ('-- ', `footer`, the signature). */
export function signedText(
  language: Language,
  lines: readonly string[],
  footer: readonly string[] = [],
): string {
  return [...lines, '', '-- ', ...footer, SIGNATURE[language], ''].join('\n');
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
    escapeHtml(SIGNATURE[language]),
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
  const copy = CONFIRMATION[language];
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
    html: layout(copy.lang, copy.subject, copy.preheader, body),
  };
}

const LANGUAGE_NAMES: Record<Language, string> = {
  lv: 'Latvian (lv)',
  'en-GB': 'English, UK (en-GB)',
  'en-US': 'English, US (en-US)',
};

/** Subjects longer than this are cut: a header line should stay readable. */
const SUBJECT_NAME_LENGTH = 60;

/** The contact-form message as the shop team receives it (in English; Reply-To is the sender). */
export function contactNotificationMail(message: {
  fromName: string;
  email: string;
  message: string;
  language: Language | null;
  receivedAt: Date;
}): MailContent {
  // The subject is built from cleaned text: a name stored with a direction override (before the
  // rule refused it) must not turn 'Anna<U+202E>gnp.exe' into 'Annaexe.png' in the inbox.
  const cleanName = cleanLine(message.fromName);
  const name =
    cleanName.length > SUBJECT_NAME_LENGTH
      ? `${cleanName.slice(0, SUBJECT_NAME_LENGTH - 1)}…`
      : cleanName;
  const subject = `Contact form: ${name}`;
  const received = message.receivedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  const language = message.language ? LANGUAGE_NAMES[message.language] : 'not given';
  const text = [
    'A new message from the contact form on the shop.',
    '',
    `From: ${message.fromName} <${message.email}>`,
    `Language: ${language}`,
    `Received: ${received}`,
    '',
    message.message,
    '',
    '-- ',
    'Answer with Reply: it goes to the sender, who was promised an answer within 24-48 hours.',
    '',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:2px 12px 2px 0;color:${COLORS.muted};vertical-align:top;">${escapeHtml(label)}</td><td style="padding:2px 0;">${value}</td></tr>`;
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">A new message from the contact form</h1>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;">`,
    row(
      'From',
      `${escapeHtml(message.fromName)} &lt;<a href="mailto:${escapeHtml(message.email)}" style="color:${COLORS.primary};">${escapeHtml(message.email)}</a>&gt;`,
    ),
    row('Language', escapeHtml(language)),
    row('Received', escapeHtml(received)),
    `</table>`,
    `<div style="padding:16px;border-left:4px solid ${COLORS.primary};background:${COLORS.bg};overflow-wrap:anywhere;">${escapeLines(message.message)}</div>`,
    paragraph(
      'Answer with Reply: it goes to the sender, who was promised an answer within 24-48 hours.',
      `margin:16px 0 0;font-size:13px;color:${COLORS.muted};`,
    ),
  ].join('\n');
  return {
    subject,
    text,
    html: layout('en', subject, `${message.fromName}: ${message.message.slice(0, 80)}`, body),
  };
}
