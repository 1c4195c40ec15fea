import { COVER_TYPES } from '#contract/catalogue.ts';
import { formatPrintHoldUntil } from '#contract/fulfilment.ts';
import type { Language } from '#contract/markets.ts';
import { cleanLine } from '#contract/text.ts';
import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import {
  formatDate as formatTypographyDate,
  formatMoney,
  type DateRole,
} from '#book/typography.ts';
import type { BookFamily } from '#book/family.ts';
import { familyWords } from '#book/grammar/grown-ups.ts';
import type { BookLanguage } from '#book/types.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** What the order mails show: the paid-for snapshot, formatted by the mail. Money in minor units. */
export interface OrderMailData {
  language: Language;
  /** When the books go to the printer (the end of the change window, issue #47); null: nothing printed or already gone. */
  printHoldUntil?: Date | null;
  orderNumber: string;
  /** `${PUBLIC_URL}/order-status/{orderId}` */
  trackingPageUrl: string;
  currencyCode: string;
  items: {
    title: string;
    childName: string;
    coverType: string;
    unitPriceMinor: number;
    editionNumber: number | null;
    /** Absolute URL of the cover picture. */
    imageUrl: string;
    /** Who is in the book and its language (the words the child calls them are the book's). */
    family?: { bookLanguage: BookLanguage; family: BookFamily };
  }[];
  subtotalMinor: number;
  discountMinor: number;
  deliveryMinor: number;
  totalMinor: number;
  /** Working days to delivery and the date, or null when nothing is shipped. */
  deliveryDays: number | null;
  estimatedDelivery: Date | null;
  /** The delivery address, one line each (name, street, town, country). */
  deliveryAddress?: string[];
  /** The invoice, a link to its PDF. */
  invoice?: { number: string; url: string } | null;
  /** How to reach the shop. */
  contact?: { email: string; phone: string };
  /** A gift's chosen arrival day ('YYYY-MM-DD', contract/arrival.ts), said instead of the estimate. */
  giftArriveBy?: string | null;
  /** Every book is a PDF alone: nothing is shipped, so no delivery line and no address (#44.8). */
  digitalOnly?: boolean;
  /** A gift (#36): the recipient's name and the card's message, said to the buyer (#44.8). */
  gift?: { recipientName: string; message: string } | null;
}

/** The confirmation mail's words in `language` (mails.json, `confirmation.*`). */
function confirmationCopy(language: Language) {
  const t = mailText(language);
  return {
    heading: t('confirmation.heading'),
    intro: t('confirmation.intro'),
    orderNumber: t('confirmation.orderNumber'),
    subtotal: t('confirmation.subtotal'),
    discount: t('confirmation.discount'),
    delivery: t('confirmation.delivery'),
    total: t('confirmation.total'),
    button: t('confirmation.button'),
    deliverTo: t('confirmation.deliverTo'),
    subject: (number: string) => t('confirmation.subject', { number }),
    forChild: (name: string) => t('confirmation.forChild', { name }),
    withFamily: (grownUps: string) => t('confirmation.withFamily', { grownUps }),
    cover: (cover: string) =>
      (COVER_TYPES as readonly string[]).includes(cover)
        ? t(`confirmation.covers.${cover}`)
        : cover,
    edition: (number: number) => t('confirmation.edition', { number, size: FIRST_EDITION_SIZE }),
    estimate: (count: number, date: string) => t('confirmation.estimate', { count, date }),
    invoice: (number: string) => t('confirmation.invoice', { number }),
    contact: (email: string, phone: string) => t('confirmation.contact', { email, phone }),
  };
}

/** A date in a mail's sentence, in the case the sentence needs (book/typography.ts). */
export function formatDate(language: Language, date: Date, role: DateRole = 'plain'): string {
  return formatTypographyDate(date, language, role);
}

/**
 * The book's child and grown-ups in the mail's words: "The book starring Emil, with Mum and Mama";
 * in Latvian the grown-ups take the case after the word for "with" (docs/family-words.md). A book in
 * another language than the mail keeps its own words as they are (nominative).
 */
export function bookFor(language: Language, item: OrderMailData['items'][number]): string {
  const copy = confirmationCopy(language);
  if (!item.family) return copy.forChild(item.childName);
  const words = familyWords(item.family.bookLanguage, item.family.family).together;
  const sameLanguage = item.family.bookLanguage === (language.toLowerCase() as BookLanguage);
  return copy.forChild(item.childName) + copy.withFamily(sameLanguage ? words.ins : words.nom);
}

/** The confirmation mail after payment, in the order's language. */
export function orderConfirmationMail(data: OrderMailData): MailContent {
  const copy = confirmationCopy(data.language);
  const t = mailText(data.language);
  const money = (minor: number) => formatMoney(minor, data.currencyCode, data.language);
  // An order of PDFs only ships nothing: no delivery line, no address (#44 finding 8).
  const shipped = !data.digitalOnly;
  const totals: [string, string][] = [
    [copy.subtotal, money(data.subtotalMinor)],
    ...(data.discountMinor > 0
      ? [[copy.discount, `−${money(data.discountMinor)}`] as [string, string]]
      : []),
    ...(shipped ? [[copy.delivery, money(data.deliveryMinor)] as [string, string]] : []),
    [copy.total, money(data.totalMinor)],
  ];
  // A gift says so to its buyer: for whom, the card's message, where it goes (#44 finding 8).
  const gift = data.gift ?? null;
  const giftName = gift ? cleanLine(gift.recipientName) : '';
  const giftMessage = gift?.message.trim() ?? '';
  const heading = gift ? t('mail-gift:confirmation.heading') : copy.heading;
  const intro = gift
    ? t('mail-gift:confirmation.intro', { name: giftName })
    : shipped
      ? copy.intro
      : t('confirmation.introDigital');
  const addressLabel = gift ? t('mail-gift:confirmation.giftTo') : copy.deliverTo;
  const address = shipped ? (data.deliveryAddress ?? []) : [];
  const messageLabel = t('mail-gift:confirmation.message');
  const estimate = data.giftArriveBy
    ? mailText(data.language)('mail-gift:confirmation.arriveBy', {
        date: formatDate(data.language, new Date(`${data.giftArriveBy}T12:00:00Z`), 'by'),
      })
    : data.deliveryDays !== null && data.estimatedDelivery
      ? copy.estimate(data.deliveryDays, formatDate(data.language, data.estimatedDelivery, 'by'))
      : null;
  const hold = data.printHoldUntil
    ? t('confirmation.printHold', {
        when: formatPrintHoldUntil(data.language, data.printHoldUntil),
      })
    : null;
  const itemLines = data.items.map((item) => {
    const edition = item.editionNumber === null ? '' : ` (${copy.edition(item.editionNumber)})`;
    return `- ${item.title}: ${bookFor(data.language, item)}, ${copy.cover(item.coverType)}${edition}: ${money(item.unitPriceMinor)}`;
  });
  const text = signedText(data.language, [
    heading,
    '',
    intro,
    '',
    `${copy.orderNumber}: ${data.orderNumber}`,
    '',
    ...itemLines,
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(estimate ? ['', estimate] : []),
    ...(hold ? ['', hold] : []),
    ...(giftMessage ? ['', `${messageLabel}:`, giftMessage] : []),
    ...(address.length ? ['', `${addressLabel}:`, ...address] : []),
    ...(data.invoice ? ['', `${copy.invoice(data.invoice.number)}: ${data.invoice.url}`] : []),
    '',
    `${copy.button}: ${data.trackingPageUrl}`,
    ...(data.contact ? ['', copy.contact(data.contact.email, data.contact.phone)] : []),
  ]);

  const cell = 'padding:8px 0;border-bottom:1px solid ' + COLORS.border + ';vertical-align:top;';
  const rows = data.items
    .map((item) => {
      const edition =
        item.editionNumber === null
          ? ''
          : `<br><span style="color:${COLORS.muted};font-size:14px;">${escapeHtml(copy.edition(item.editionNumber))}</span>`;
      return (
        `<tr><td style="${cell}width:72px;"><img src="${escapeHtml(item.imageUrl)}" width="64" alt="" style="display:block;border-radius:4px;"></td>` +
        `<td style="${cell}padding-left:12px;"><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(bookFor(data.language, item))}` +
        `<br><span style="color:${COLORS.muted};font-size:14px;">${escapeHtml(copy.cover(item.coverType))}</span>${edition}</td>` +
        `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(money(item.unitPriceMinor))}</td></tr>`
      );
    })
    .join('');
  const totalRows = totals
    .map(
      ([label, value], index) =>
        `<tr><td style="padding:4px 0;${index === totals.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;text-align:right;${index === totals.length - 1 ? 'font-weight:bold;' : ''}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const subject = copy.subject(data.orderNumber);
  const html = orderMailHtml({
    language: data.language,
    subject,
    heading,
    text: intro,
    orderLabel: copy.orderNumber,
    orderNumber: data.orderNumber,
    details: [
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${rows}</table>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${totalRows}</table>`,
      ...(estimate ? [paragraph(escapeHtml(estimate))] : []),
      ...(hold ? [paragraph(escapeHtml(hold))] : []),
      ...(giftMessage
        ? [
            paragraph(
              `<strong>${escapeHtml(messageLabel)}</strong><br>` +
                `<span style="display:block;margin-top:4px;padding:12px 16px;border-left:4px solid ${COLORS.border};white-space:pre-line;">${escapeHtml(giftMessage)}</span>`,
            ),
          ]
        : []),
      ...(address.length
        ? [
            paragraph(
              `<strong>${escapeHtml(addressLabel)}</strong><br>${address.map(escapeHtml).join('<br>')}`,
            ),
          ]
        : []),
      ...(data.invoice
        ? [
            paragraph(
              `<a href="${escapeHtml(data.invoice.url)}" style="color:${COLORS.primary};">${escapeHtml(copy.invoice(data.invoice.number))}</a>`,
            ),
          ]
        : []),
      ...(data.contact
        ? [paragraph(escapeHtml(copy.contact(data.contact.email, data.contact.phone)))]
        : []),
    ],
    pageUrl: data.trackingPageUrl,
    button: copy.button,
  });
  return { subject, text, html };
}
