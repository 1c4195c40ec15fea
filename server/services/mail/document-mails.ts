import type { Language } from '#contract/markets.ts';
import { escapeHtml } from '#server/platform/html.ts';
import { mailText } from './mail-text.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** The mail 'E-mail it to me again' on the status page sends: the order's invoice and credit notes, each a link with its key. */
export interface DocumentsMailData {
  language: Language;
  orderNumber: string;
  trackingPageUrl: string;
  documents: { kind: 'invoice' | 'credit_note'; number: string; url: string }[];
}

export function documentsMail(data: DocumentsMailData): MailContent {
  const t = mailText(data.language);
  const copy = {
    heading: t('documents.heading'),
    intro: t('documents.intro'),
    keep: t('documents.keep'),
    order: t('documents.order'),
    follow: t('documents.follow'),
  };
  const label = (doc: DocumentsMailData['documents'][number]) =>
    t(doc.kind === 'invoice' ? 'documents.invoice' : 'documents.creditNote', {
      number: doc.number,
    });
  const subject = t('documents.subject', { number: data.orderNumber });
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
