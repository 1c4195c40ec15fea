import { formatPrintHoldUntil } from '#contract/fulfilment.ts';
import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** What the mail that a paid book was changed (fulfilment/book-change.ts) says: the book as it is now. */
export interface BookChangedMailData {
  language: Language;
  orderNumber: string;
  /** The book's place in the order, named when the order has more than one. */
  place: number | null;
  childName: string;
  /** The grown-ups as the book calls them: 'Dad (Tom)', 'Nana'. */
  grownUps: string[];
  dedication: string;
  /** The end of the change window, or null when it is over. */
  changeUntil: Date | null;
  pageUrl: string;
}

/** "Your changes to the book are saved", with the names and the dedication now, and the window's end. */
export function bookChangedMail(data: BookChangedMailData): MailContent {
  const t = mailText(data.language);
  const k = (key: string, options?: Record<string, unknown>) =>
    t(`mail-change:${key}`, options ?? {});
  const subject = `${k('subject')} (${data.orderNumber})`;
  const until = data.changeUntil
    ? k('until', { when: formatPrintHoldUntil(data.language, data.changeUntil) })
    : null;
  const book = data.place === null ? [] : [k('book', { place: data.place })];
  const text = signedText(data.language, [
    k('heading'),
    '',
    k('body'),
    '',
    ...book,
    `${k('child')}: ${data.childName}`,
    ...(data.grownUps.length > 0 ? [`${k('grownUps')}: ${data.grownUps.join(', ')}`] : []),
    `${k('dedication')}:`,
    ...data.dedication.split('\n').map((line) => `  ${line}`),
    '',
    ...(until ? [until, ''] : []),
    `${k('order')}: ${data.orderNumber}`,
    `${k('follow')}: ${data.pageUrl}`,
  ]);
  const label = (word: string) =>
    `<span style="color:${COLORS.muted};">${escapeHtml(word)}:</span> `;
  const details = [
    ...book.map((line) => paragraph(`<strong>${escapeHtml(line)}</strong>`)),
    paragraph(label(k('child')) + `<strong>${escapeHtml(data.childName)}</strong>`),
    ...(data.grownUps.length > 0
      ? [paragraph(label(k('grownUps')) + escapeHtml(data.grownUps.join(', ')))]
      : []),
    paragraph(label(k('dedication'))),
    paragraph(
      escapeHtml(data.dedication).replace(/\n/g, '<br>'),
      `border-left:3px solid ${COLORS.border};padding-left:12px;font-style:italic;`,
    ),
    ...(until ? [paragraph(escapeHtml(until))] : []),
  ];
  const html = orderMailHtml({
    language: data.language,
    subject,
    heading: k('heading'),
    text: k('body'),
    orderLabel: k('order'),
    orderNumber: data.orderNumber,
    details,
    pageUrl: data.pageUrl,
    button: k('follow'),
  });
  return { subject, text, html };
}
