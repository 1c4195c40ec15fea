import type { Language } from '#contract/markets.ts';

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
  book: (title: string, child: string, cover: string) => string;
  delivery: string;
  covers: Record<string, string>;
  totalNet: string;
  totalVat: (rate: string) => string;
  total: string;
  paid: string;
  refunded: string;
  zeroRated: string;
}

const EN_GB: InvoiceCopy = {
  invoice: 'Invoice',
  creditNote: 'Credit note',
  number: 'No.',
  date: 'Date',
  order: 'Order',
  payment: 'Payment reference',
  creditFor: (invoice) => `Credit note to invoice ${invoice}`,
  seller: 'Seller',
  buyer: 'Buyer',
  registration: 'Registration no.',
  vatNumber: 'VAT no.',
  phone: 'Phone',
  email: 'E-mail',
  description: 'Description',
  net: 'Net',
  vatRate: 'VAT rate',
  vat: 'VAT',
  gross: 'Amount',
  book: (title, child, cover) => `Book '${title}' starring ${child}, ${cover}`,
  delivery: 'Delivery',
  covers: {
    hardcover: 'hardcover',
    softcover: 'softcover',
    layflat: 'layflat',
    digital: 'digital PDF',
  },
  totalNet: 'Total net',
  totalVat: (rate) => `VAT ${rate}`,
  total: 'Total',
  paid: 'Paid by card.',
  refunded: 'Refunded to the card that paid.',
  zeroRated: 'VAT 0 %: export of goods outside the EU.',
};

export const INVOICE_COPY: Record<Language, InvoiceCopy> = {
  lv: {
    invoice: 'Rēķins',
    creditNote: 'Kredītrēķins',
    number: 'Nr.',
    date: 'Datums',
    order: 'Pasūtījums',
    payment: 'Maksājuma atsauce',
    creditFor: (invoice) => `Kredītrēķins rēķinam ${invoice}`,
    seller: 'Pārdevējs',
    buyer: 'Pircējs',
    registration: 'Reģ. Nr.',
    vatNumber: 'PVN maksātāja Nr.',
    phone: 'Tālrunis',
    email: 'E-pasts',
    description: 'Apraksts',
    net: 'Summa bez PVN',
    vatRate: 'PVN likme',
    vat: 'PVN',
    gross: 'Summa',
    book: (title, child, cover) => `Grāmata „${title}”, galvenais varonis ${child}, ${cover}`,
    delivery: 'Piegāde',
    covers: {
      hardcover: 'cietie vāki',
      softcover: 'mīkstie vāki',
      layflat: 'atvērumā plakana',
      digital: 'digitāls PDF',
    },
    totalNet: 'Kopā bez PVN',
    totalVat: (rate) => `PVN ${rate}`,
    total: 'Kopā apmaksai',
    paid: 'Apmaksāts ar karti.',
    refunded: 'Atmaksāts uz karti, ar kuru tika maksāts.',
    zeroRated: 'PVN 0 %: preču eksports ārpus ES.',
  },
  'en-GB': EN_GB,
  'en-US': {
    ...EN_GB,
    email: 'Email',
    book: (title, child, cover) => `Book "${title}" starring ${child}, ${cover}`,
    delivery: 'Shipping',
    vatNumber: 'VAT ID',
    zeroRated: 'VAT 0%: export of goods outside the EU.',
  },
};
