import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { STAFF_LANGUAGE } from './staff-mails.ts';
import { COLORS, layout, paragraph, type MailContent } from './templates.ts';

/** A refunded book whose print files had already left the shop. */
export interface HandedOnBookLine {
  childName: string;
  /** The binding's word (mail-staff.json `printerAlert.formats`), or the format as stored. */
  format: string;
  editionNumber: number | null;
  /** When its files first left the shop (the print zip, a download, the order in production). */
  handedOnAt: Date;
}

/**
 * The shop's alert (to SHOP_EMAIL, in the staff's language, words in mail-staff.json) when books
 * are refunded or cancelled after their print files were handed to the printer: the printer may
 * be printing them, and the parcel must not hold them (#43 item 4).
 */
export function printerAlertMail(input: {
  orderNumber: string;
  cancelled: boolean;
  books: readonly HandedOnBookLine[];
  adminUrl: string;
}): MailContent {
  const t = mailText(STAFF_LANGUAGE);
  const when = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const subject = t('mail-staff:printerAlert.subject', {
    number: input.orderNumber,
    count: input.books.length,
  });
  const intro = t(
    input.cancelled ? 'mail-staff:printerAlert.cancelled' : 'mail-staff:printerAlert.refunded',
    { number: input.orderNumber, count: input.books.length },
  );
  const bookLines = input.books.map((book) =>
    t('mail-staff:printerAlert.book', {
      name: book.childName,
      format: t(`mail-staff:printerAlert.formats.${book.format}`, { defaultValue: book.format }),
      at: when(book.handedOnAt),
      context: book.editionNumber === null ? undefined : 'numbered',
      number: book.editionNumber ?? 0,
    }),
  );
  const todo = t('mail-staff:printerAlert.todo');
  const numbers = input.books.some((book) => book.editionNumber !== null)
    ? t('mail-staff:printerAlert.numbers')
    : null;
  const backOffice = t('mail-staff:printerAlert.backOffice');
  const lines = [
    intro,
    '',
    ...bookLines.map((line) => `- ${line}`),
    '',
    todo,
    ...(numbers ? ['', numbers] : []),
    '',
    `${backOffice}: ${input.adminUrl}`,
  ];
  const body = [
    `<h1 style="margin:0 0 16px;font-size:20px;color:${COLORS.ink};">${escapeHtml(t('mail-staff:printerAlert.heading'))}</h1>`,
    paragraph(escapeHtml(intro)),
    `<ul style="margin:0 0 16px;padding-left:20px;">${bookLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    paragraph(`<strong>${escapeHtml(todo)}</strong>`),
    ...(numbers ? [paragraph(escapeHtml(numbers))] : []),
    paragraph(
      `<a href="${escapeHtml(input.adminUrl)}" style="color:${COLORS.primary};">${escapeHtml(backOffice)}</a>`,
    ),
  ].join('\n');
  return {
    subject,
    text: [...lines, ''].join('\n'),
    html: layout(STAFF_LANGUAGE, subject, intro, body),
  };
}
