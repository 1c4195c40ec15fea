import { COVER_TYPES } from '#contract/catalogue.ts';
import type { Language } from '#contract/markets.ts';
import { mailText } from '#server/services/mail/mail-text.ts';

/** The words of the invoice and credit note PDFs, one set per shop language. */
export interface InvoiceCopy {
  invoice: string;
  creditNote: string;
  number: string;
  date: string;
  order: string;
  payment: string;
  creditFor: (invoice: string) => string;
  seller: string;
  buyer: string;
  registration: string;
  vatNumber: string;
  phone: string;
  email: string;
  description: string;
  net: string;
  vatRate: string;
  vat: string;
  gross: string;
  /** A book's line; without the child (`null`) once the order's personal data is erased. */
  book: (title: string, child: string | null, cover: string) => string;
  delivery: string;
  covers: Record<string, string>;
  totalNet: string;
  totalVat: (rate: string) => string;
  total: string;
  paid: string;
  refunded: string;
  zeroRated: string;
}

/** The invoice's words in `language`, from the locale files (invoice.json). */
export function invoiceCopy(language: Language): InvoiceCopy {
  const t = mailText(language);
  const word = (key: string) => t(`invoice:${key}`);
  return {
    invoice: word('invoice'),
    creditNote: word('creditNote'),
    number: word('number'),
    date: word('date'),
    order: word('order'),
    payment: word('payment'),
    creditFor: (invoice) => t('invoice:creditFor', { invoice }),
    seller: word('seller'),
    buyer: word('buyer'),
    registration: word('registration'),
    vatNumber: word('vatNumber'),
    phone: word('phone'),
    email: word('email'),
    description: word('description'),
    net: word('net'),
    vatRate: word('vatRate'),
    vat: word('vat'),
    gross: word('gross'),
    book: (title, child, cover) =>
      child === null
        ? t('invoice:bookNoName', { title, cover })
        : t('invoice:book', { title, child, cover }),
    delivery: word('delivery'),
    covers: Object.fromEntries(COVER_TYPES.map((cover) => [cover, word(`covers.${cover}`)])),
    totalNet: word('totalNet'),
    totalVat: (rate) => t('invoice:totalVat', { rate }),
    total: word('total'),
    paid: word('paid'),
    refunded: word('refunded'),
    zeroRated: word('zeroRated'),
  };
}
