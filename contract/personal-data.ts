import * as v from 'valibot';
import { EmailSchema } from './email.ts';

/**
 * The owner's answer to a data subject's request (GDPR art. 15 and 17), in the back office:
 * POST /api/admin/personal-data/export and /erase, owners only, one e-mail address at a time.
 */
export const PersonalDataRequestSchema = v.object({ email: EmailSchema });
export type PersonalDataRequest = v.InferInput<typeof PersonalDataRequestSchema>;

/** An address as stored with an order (contract/checkout.ts Address). */
export interface PersonalDataAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string | undefined;
  city: string;
  zip: string;
  countryId: number;
  province?: string | undefined;
  phone?: string | undefined;
}

export interface PersonalDataBook {
  title?: string;
  language: string;
  childName: string;
  childGender: string;
  dadName: string | null;
  mumName: string | null;
  dedication: string;
  coverType: string;
  /** The characters' looks (asset names), as JSON. */
  childPersonalization: string;
  dadPersonalization: string;
  mumPersonalization: string;
}

export interface PersonalDataOrder {
  /** Null for an order never paid. */
  orderNumber: string | null;
  status: string;
  language: string;
  currencyCode: string;
  createdAt: string;
  paidAt: string | null;
  trackingNumber: string | null;
  /** The books as they are in the order now. */
  books: PersonalDataBook[];
  deliveryDetails: {
    email: string;
    phone: string;
    subscribe: boolean;
    shippingAddress: PersonalDataAddress;
    billingAddress: PersonalDataAddress;
    updatedAt: string;
  } | null;
  /** What was frozen for each payment attempt (the one paid for is what was printed). */
  snapshots: {
    createdAt: string;
    email: string;
    phone: string;
    shippingAddress: PersonalDataAddress;
    billingAddress: PersonalDataAddress;
    books: (PersonalDataBook & { unitPriceMinor: number })[];
    couponCode: string | null;
    subtotalMinor: number;
    discountMinor: number;
    deliveryMinor: number;
    totalMinor: number;
    currencyCode: string;
  }[];
  /** Payment attempts, without the references that open them. */
  payments: {
    provider: string;
    amountMinor: number;
    currencyCode: string;
    status: string;
    createdAt: string;
    settledAt: string | null;
  }[];
  statusHistory: { from: string; to: string; at: string }[];
  /** Print PDFs held for the order's books (their content is the book itself). */
  printFiles: { kind: string; byteSize: number; createdAt: string }[];
}

export interface PersonalDataExport {
  email: string;
  exportedAt: string;
  orders: PersonalDataOrder[];
  newsletter: {
    email: string;
    preferredLanguage: string;
    createdAt: string;
    confirmedAt: string | null;
    unsubscribedAt: string | null;
    signups: {
      preferredLanguage: string;
      createdAt: string;
      surveyAnswers: { questionId: number; responseText: string; submittedAt: string }[];
    }[];
  } | null;
  contactMessages: {
    fromName: string;
    email: string;
    message: string;
    language: string | null;
    createdAt: string;
    handledAt: string | null;
  }[];
  /** Mails the shop stored to this address, or on this address's behalf (contact form: Reply-To). */
  mails: {
    to: string;
    replyTo: string | null;
    subject: string;
    text: string;
    createdAt: string;
    sentAt: string | null;
  }[];
}

export interface PersonalDataErasure {
  /** Orders whose contact details, names and dedications were anonymised (invoices keep theirs). */
  ordersAnonymised: number;
  /** Unpaid orders deleted with everything in them. */
  ordersDeleted: number;
  /**
   * Kept: paid orders not yet delivered or cancelled (needed to make and deliver them; erase again
   * afterwards) and unpaid orders with a payment under way (`orderNumber` null), which may still be paid.
   */
  ordersKept: { orderNumber: string | null; status: string }[];
  newsletterRemoved: boolean;
  messagesDeleted: number;
  mailsDeleted: number;
}
