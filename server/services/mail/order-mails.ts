import type { Language } from '#contract/markets.ts';
import {
  formatDate as formatTypographyDate,
  formatMoney as formatTypographyMoney,
  type DateRole,
} from '#book/typography.ts';
import type { BookFamily } from '#book/family.ts';
import { familyWords } from '#book/grammar/grown-ups.ts';
import type { BookLanguage } from '#book/types.ts';
import { escapeHtml } from './html.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** What the order mails show: the paid-for snapshot, formatted by the mail. Money in minor units. */
export interface OrderMailData {
  language: Language;
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
}

interface Copy {
  subject: (number: string) => string;
  heading: string;
  intro: string;
  orderNumber: string;
  forChild: (name: string) => string;
  /** The book's grown-ups after the child: "with Mum and Mama". */
  withFamily: (grownUps: string) => string;
  covers: Record<string, string>;
  edition: (n: number) => string;
  subtotal: string;
  discount: string;
  delivery: string;
  total: string;
  estimate: (days: number, date: string) => string;
  button: string;
  deliverTo: string;
  invoice: (number: string) => string;
  contact: (email: string, phone: string) => string;
}

const EN_GB: Copy = {
  subject: (n) => `Your Storymade order ${n}`,
  heading: 'Thank you for your order!',
  intro: 'We have received your payment and are getting your books ready.',
  orderNumber: 'Order number',
  forChild: (name) => `The book starring ${name}`,
  withFamily: (grownUps) => `, with ${grownUps}`,
  covers: {
    hardcover: 'Hardcover',
    softcover: 'Softcover',
    layflat: 'Layflat',
    digital: 'Digital PDF',
  },
  edition: (n) => `First edition, no. ${n} of 100`,
  subtotal: 'Subtotal',
  discount: 'Discount',
  delivery: 'Delivery',
  total: 'Total',
  estimate: (days, date) => `Expected delivery: within ${days} working days, by ${date}.`,
  button: 'Follow your order',
  deliverTo: 'Delivery address',
  invoice: (n) => `Invoice ${n} (PDF)`,
  contact: (email, phone) => `Questions about your order? Write to ${email} or call ${phone}.`,
};

const COPY: Record<Language, Copy> = {
  lv: {
    subject: (n) => `Jūsu Storymade pasūtījums ${n}`,
    heading: 'Paldies par pasūtījumu!',
    intro: 'Esam saņēmuši jūsu maksājumu un jau sākam gatavot jūsu grāmatas.',
    orderNumber: 'Pasūtījuma numurs',
    forChild: (name) => `Grāmata, kurā galvenais varonis ir ${name}`,
    withFamily: (grownUps) => `, kopā ar ${grownUps}`,
    covers: {
      hardcover: 'Cietie vāki',
      softcover: 'Mīkstie vāki',
      layflat: 'Atvērumā plakana',
      digital: 'Digitāls PDF',
    },
    edition: (n) => `Pirmais izdevums, Nr. ${n} no 100`,
    subtotal: 'Starpsumma',
    discount: 'Atlaide',
    delivery: 'Piegāde',
    total: 'Kopā',
    estimate: (days, date) => `Paredzamā piegāde: ${days} darba dienu laikā, līdz ${date}.`,
    button: 'Sekot pasūtījumam',
    deliverTo: 'Piegādes adrese',
    invoice: (n) => `Rēķins ${n} (PDF)`,
    contact: (email, phone) =>
      `Jautājumi par pasūtījumu? Rakstiet uz ${email} vai zvaniet ${phone}.`,
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    intro: "We've received your payment and are getting your books ready.",
    delivery: 'Shipping',
    estimate: (days, date) => `Expected delivery: within ${days} business days, by ${date}.`,
    button: 'Track your order',
    deliverTo: 'Shipping address',
    contact: (email, phone) => `Questions about your order? Email ${email} or call ${phone}.`,
  },
};

export function formatMoney(language: Language, currencyCode: string, minor: number): string {
  return formatTypographyMoney(minor, currencyCode, language);
}

/** A date in a mail's sentence, in the case the sentence needs (book/typography.ts). */
export function formatDate(language: Language, date: Date, role: DateRole = 'plain'): string {
  return formatTypographyDate(date, language, role);
}

/** The confirmation mail after payment, in the order's language. */
/**
 * The book's child and grown-ups in the mail's words: "The book starring Emil, with Mum and Mama";
 * in Latvian the grown-ups take the case after 'ar' ("kopā ar mammu un mammīti"). A book in
 * another language than the mail keeps its own words as they are (nominative).
 */
export function bookFor(language: Language, item: OrderMailData['items'][number]): string {
  const copy = COPY[language];
  if (!item.family) return copy.forChild(item.childName);
  const words = familyWords(item.family.bookLanguage, item.family.family).together;
  const sameLanguage = item.family.bookLanguage === (language.toLowerCase() as BookLanguage);
  return copy.forChild(item.childName) + copy.withFamily(sameLanguage ? words.ins : words.nom);
}

export function orderConfirmationMail(data: OrderMailData): MailContent {
  const copy = COPY[data.language];
  const money = (minor: number) => formatMoney(data.language, data.currencyCode, minor);
  const totals: [string, string][] = [
    [copy.subtotal, money(data.subtotalMinor)],
    ...(data.discountMinor > 0
      ? [[copy.discount, `−${money(data.discountMinor)}`] as [string, string]]
      : []),
    [copy.delivery, money(data.deliveryMinor)],
    [copy.total, money(data.totalMinor)],
  ];
  const estimate =
    data.deliveryDays !== null && data.estimatedDelivery
      ? copy.estimate(data.deliveryDays, formatDate(data.language, data.estimatedDelivery, 'by'))
      : null;
  const itemLines = data.items.map((item) => {
    const edition = item.editionNumber === null ? '' : ` (${copy.edition(item.editionNumber)})`;
    return `- ${item.title}: ${bookFor(data.language, item)}, ${copy.covers[item.coverType] ?? item.coverType}${edition}: ${money(item.unitPriceMinor)}`;
  });
  const text = signedText(data.language, [
    copy.heading,
    '',
    copy.intro,
    '',
    `${copy.orderNumber}: ${data.orderNumber}`,
    '',
    ...itemLines,
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(estimate ? ['', estimate] : []),
    ...(data.deliveryAddress?.length ? ['', `${copy.deliverTo}:`, ...data.deliveryAddress] : []),
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
        `<br><span style="color:${COLORS.muted};font-size:14px;">${escapeHtml(copy.covers[item.coverType] ?? item.coverType)}</span>${edition}</td>` +
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
    heading: copy.heading,
    text: copy.intro,
    orderLabel: copy.orderNumber,
    orderNumber: data.orderNumber,
    details: [
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${rows}</table>`,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;">${totalRows}</table>`,
      ...(estimate ? [paragraph(escapeHtml(estimate))] : []),
      ...(data.deliveryAddress?.length
        ? [
            paragraph(
              `<strong>${escapeHtml(copy.deliverTo)}</strong><br>${data.deliveryAddress.map(escapeHtml).join('<br>')}`,
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
