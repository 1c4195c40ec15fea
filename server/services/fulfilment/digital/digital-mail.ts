import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from '#server/services/mail/mail-text.ts';
import { formatDate } from '#server/services/mail/order-mails.ts';
import {
  layout,
  mailButton,
  mailHeading,
  paragraph,
  signatureHtml,
  signedText,
  type MailContent,
} from '#server/services/mail/templates.ts';

export interface DigitalLinksMailData {
  language: Language;
  orderNumber: string;
  /** The order's status page (where a new link can be asked for). */
  pageUrl: string;
  /** Each book with its PDF: the child's first name and its signed link. */
  books: readonly { childName: string; url: string }[];
  expiresAt: Date;
  /** The parent asked for new links on the status page. */
  again: boolean;
}

/** The mail with the digital edition's download links, in the order's language (mail-digital.json). */
export function digitalLinksMail(data: DigitalLinksMailData): MailContent {
  const t = mailText(data.language);
  const kind = data.again ? 'again' : 'ready';
  const subject = `${t(`mail-digital:${kind}.subject`)} (${data.orderNumber})`;
  const heading = t(`mail-digital:${kind}.heading`);
  const body = t(`mail-digital:${kind}.body`);
  const expires = t('mail-digital:expires', {
    date: formatDate(data.language, data.expiresAt, 'by'),
  });
  const download = t('mail-digital:download');
  const bookLabel = (name: string) => t('mail-digital:book', { name });
  const text = signedText(data.language, [
    heading,
    '',
    body,
    '',
    `${t('mail-digital:order')}: ${data.orderNumber}`,
    '',
    ...data.books.flatMap((book) => [
      `${bookLabel(book.childName)}`,
      `${download}: ${book.url}`,
      '',
    ]),
    expires,
    '',
    `${t('mail-digital:follow')}: ${data.pageUrl}`,
  ]);
  const html = layout(
    data.language,
    subject,
    body,
    [
      mailHeading(heading),
      paragraph(escapeHtml(body)),
      paragraph(
        `${escapeHtml(t('mail-digital:order'))}: <strong style="white-space:nowrap">${escapeHtml(data.orderNumber)}</strong>`,
      ),
      ...data.books.flatMap((book) => [
        paragraph(`<strong>${escapeHtml(bookLabel(book.childName))}</strong>`, 'margin:0 0 4px;'),
        mailButton(book.url, download),
      ]),
      paragraph(escapeHtml(expires)),
      paragraph(
        `<a href="${escapeHtml(data.pageUrl)}">${escapeHtml(t('mail-digital:follow'))}</a>`,
      ),
      signatureHtml(data.language),
    ].join('\n'),
  );
  return { subject, text, html };
}

/** Why a download link gives no PDF: expired, not ours, not made or erased, the book paid back. */
export type DownloadProblem = 'expired' | 'invalid' | 'missing' | 'refunded' | 'cancelled';

/** The small page a download link answers when it cannot give the PDF (expired, not valid, gone, paid back). */
export function downloadProblemPage(input: {
  language: Language;
  problem: DownloadProblem;
  days: number;
}): string {
  const t = mailText(input.language);
  const title = t(`mail-digital:page.${input.problem}.title`);
  const body = t(`mail-digital:page.${input.problem}.body`, { days: input.days });
  return layout(
    input.language,
    title,
    body,
    [mailHeading(title), paragraph(escapeHtml(body))].join('\n'),
  );
}
