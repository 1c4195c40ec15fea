import type { Language } from '#contract/markets.ts';
import { escapeHtml } from './html.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** The mail 'E-mail it to me again' on the status page sends: the order's invoice and credit notes, each a link with its key. */
export interface DocumentsMailData {
  language: Language;
  orderNumber: string;
  trackingPageUrl: string;
  documents: { kind: 'invoice' | 'credit_note'; number: string; url: string }[];
}

interface Copy {
  subject: (number: string) => string;
  heading: string;
  intro: string;
  invoice: (number: string) => string;
  creditNote: (number: string) => string;
  keep: string;
  order: string;
  follow: string;
}

const EN_GB: Copy = {
  subject: (n) => `Your invoice for order ${n}`,
  heading: 'Your invoice',
  intro:
    'As you asked on the order page, here are the documents of your order. Each link opens a PDF.',
  invoice: (n) => `Invoice ${n} (PDF)`,
  creditNote: (n) => `Credit note ${n} (PDF)`,
  keep: 'Please do not share these links: the invoice shows your name and address.',
  order: 'Order',
  follow: 'Follow your order',
};

const COPY: Record<Language, Copy> = {
  lv: {
    subject: (n) => `Jūsu rēķins par pasūtījumu ${n}`,
    heading: 'Jūsu rēķins',
    intro:
      'Kā lūdzāt pasūtījuma lapā, sūtām jūsu pasūtījuma dokumentus. Katra saite atver PDF failu.',
    invoice: (n) => `Rēķins ${n} (PDF)`,
    creditNote: (n) => `Kredītrēķins ${n} (PDF)`,
    keep: 'Lūdzu, nedalieties ar šīm saitēm: rēķinā ir jūsu vārds un adrese.',
    order: 'Pasūtījums',
    follow: 'Sekot pasūtījumam',
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    keep: "Please don't share these links: the invoice shows your name and address.",
    follow: 'Track your order',
  },
};

export function documentsMail(data: DocumentsMailData): MailContent {
  const copy = COPY[data.language];
  const label = (doc: DocumentsMailData['documents'][number]) =>
    doc.kind === 'invoice' ? copy.invoice(doc.number) : copy.creditNote(doc.number);
  const subject = copy.subject(data.orderNumber);
  const text = signedText(data.language, [
    copy.heading,
    '',
    copy.intro,
    '',
    `${copy.order}: ${data.orderNumber}`,
    '',
    ...data.documents.map((doc) => `${label(doc)}: ${doc.url}`),
    '',
    copy.keep,
    '',
    `${copy.follow}: ${data.trackingPageUrl}`,
  ]);
  const html = orderMailHtml({
    language: data.language,
    subject,
    heading: copy.heading,
    text: copy.intro,
    orderLabel: copy.order,
    orderNumber: data.orderNumber,
    details: [
      ...data.documents.map((doc) =>
        paragraph(
          `<a href="${escapeHtml(doc.url)}" style="color:${COLORS.primary};">${escapeHtml(label(doc))}</a>`,
        ),
      ),
      paragraph(escapeHtml(copy.keep), `font-size:14px;color:${COLORS.muted};`),
    ],
    pageUrl: data.trackingPageUrl,
    button: copy.follow,
  });
  return { subject, text, html };
}
