import type { Language } from '#contract/markets.ts';
import { escapeHtml } from './html.ts';
import { COLORS, orderMailHtml, paragraph, signedText, type MailContent } from './templates.ts';

/** The statuses the shop tells the parent about (checked is the shop's own step: no mail). */
export const MAILED_STATUSES = ['in_production', 'shipped', 'delivered', 'cancelled'] as const;
export type MailedStatus = (typeof MAILED_STATUSES)[number];

interface StatusCopy {
  subject: string;
  heading: string;
  body: string;
}

type Copy = Record<MailedStatus, StatusCopy> & { tracking: string; follow: string; order: string };

const EN_GB: Copy = {
  in_production: {
    subject: 'Your books are being printed',
    heading: 'Your books are being printed',
    body: 'We have checked every page and sent your books to the printer.',
  },
  shipped: {
    subject: 'Your order is on its way',
    heading: 'Your order is on its way!',
    body: 'Your books are packed and with the courier.',
  },
  delivered: {
    subject: 'Your order has been delivered',
    heading: 'Your order has been delivered',
    body: 'We hope the book brings lots of joy! If anything is wrong, please write to us within 14 days.',
  },
  cancelled: {
    subject: 'Your order has been cancelled',
    heading: 'Your order has been cancelled',
    body: 'Your order has been cancelled. If you have any questions, simply reply to this e-mail.',
  },
  tracking: 'Tracking number',
  follow: 'Follow your order',
  order: 'Order',
};

const COPY: Record<Language, Copy> = {
  lv: {
    in_production: {
      subject: 'Jūsu grāmatas tiek drukātas',
      heading: 'Jūsu grāmatas tiek drukātas',
      body: 'Esam pārbaudījuši katru lappusi un nodevuši jūsu grāmatas drukāšanai.',
    },
    shipped: {
      subject: 'Jūsu pasūtījums ir ceļā',
      heading: 'Jūsu pasūtījums ir ceļā!',
      body: 'Jūsu grāmatas ir iesaiņotas un nodotas piegādei.',
    },
    delivered: {
      subject: 'Jūsu pasūtījums ir piegādāts',
      heading: 'Jūsu pasūtījums ir piegādāts',
      body: 'Ceram, ka grāmata sagādās daudz prieka! Ja kaut kas nav kārtībā, lūdzu, rakstiet mums 14 dienu laikā.',
    },
    cancelled: {
      subject: 'Jūsu pasūtījums ir atcelts',
      heading: 'Jūsu pasūtījums ir atcelts',
      body: 'Jūsu pasūtījums ir atcelts. Ja jums ir jautājumi, lūdzu, atbildiet uz šo e-pastu.',
    },
    tracking: 'Sūtījuma numurs',
    follow: 'Sekot pasūtījumam',
    order: 'Pasūtījums',
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    in_production: {
      ...EN_GB.in_production,
      body: "We've checked every page and sent your books to the printer.",
    },
    shipped: {
      subject: 'Your order has shipped',
      heading: 'Your order is on its way!',
      body: 'Your books are packed and with the carrier.',
    },
    cancelled: {
      subject: 'Your order has been canceled',
      heading: 'Your order has been canceled',
      body: 'Your order has been canceled. If you have any questions, just reply to this email.',
    },
    follow: 'Track your order',
  },
};

/** The mail a status change by the shop sends (shipped: with the tracking number and link). */
export function orderStatusMail(input: {
  language: Language;
  status: MailedStatus;
  orderNumber: string;
  trackingPageUrl: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}): MailContent {
  const copy = COPY[input.language];
  const status = copy[input.status];
  const subject = `${status.subject} (${input.orderNumber})`;
  const tracking = input.status === 'shipped' && input.trackingNumber ? input.trackingNumber : null;
  const text = signedText(input.language, [
    status.heading,
    '',
    status.body,
    '',
    `${copy.order}: ${input.orderNumber}`,
    ...(tracking
      ? [`${copy.tracking}: ${tracking}${input.trackingUrl ? ` (${input.trackingUrl})` : ''}`]
      : []),
    '',
    `${copy.follow}: ${input.trackingPageUrl}`,
  ]);
  const trackingHtml = tracking
    ? paragraph(
        `${escapeHtml(copy.tracking)}: ` +
          (input.trackingUrl
            ? `<a href="${escapeHtml(input.trackingUrl)}" style="color:${COLORS.primary};">${escapeHtml(tracking)}</a>`
            : `<strong>${escapeHtml(tracking)}</strong>`),
      )
    : '';
  const html = orderMailHtml({
    language: input.language,
    subject,
    heading: status.heading,
    text: status.body,
    orderLabel: copy.order,
    orderNumber: input.orderNumber,
    details: [trackingHtml],
    pageUrl: input.trackingPageUrl,
    button: copy.follow,
  });
  return { subject, text, html };
}
