import * as v from 'valibot';
import { RETURNED_STATES } from './order-status.ts';

/**
 * The digital edition (issue #36 item 2): a screen PDF of the personalised book, sold alone
 * ('digital', a format of its own) or beside a printed book ('printed + PDF': a printed item with
 * `withPdf`). The server prices both from the reference data; the PDF is made after payment by the
 * print-files job and downloaded by a signed, expiring link sent by mail.
 */

/** The format of a book bought as a PDF only. */
export const DIGITAL_FORMAT = 'digital';

/** The reference-data price key of the PDF bought beside a printed book (never a format). */
export const PDF_WITH_PRINT = 'pdf-with-print';

/** How long a download link works after it was made. */
export const DOWNLOAD_LINK_DAYS = 7;

/** Whether a book is printed (and so shipped): everything but the PDF alone. */
export function isPrinted(format: string): boolean {
  return format !== DIGITAL_FORMAT;
}

/** Whether a book comes with the screen PDF: the PDF alone, or printed + PDF. */
export function hasPdf(item: { format: string; withPdf?: boolean | undefined }): boolean {
  return item.format === DIGITAL_FORMAT || item.withPdf === true;
}

/**
 * One book's PDF as GET /api/order/{orderId}/digital shows it on the status page: its place in the
 * order ('1', '2', … never its item id), the child's first name, whether the PDF is made, how many
 * times it was downloaded. No link: the status link is not an identity, so links go by mail only.
 */
const DigitalItemSchema = v.object({
  id: v.string(),
  childName: v.string(),
  ready: v.boolean(),
  downloads: v.number(),
  /** The PDF's size in bytes once made, else null. */
  byteSize: v.nullable(v.number()),
  /** The book was paid back ('refunded', or 'cancelled' with its order): its PDF is gone. Absent when kept. */
  returned: v.optional(v.picklist(RETURNED_STATES)),
});

export const DigitalStatusSchema = v.object({
  items: v.array(DigitalItemSchema),
  /** Days a mailed link works. */
  linkDays: v.number(),
});
export type DigitalStatus = v.InferOutput<typeof DigitalStatusSchema>;

/** POST /api/order/{orderId}/digital/links: mails new links to the order's email address. */
export const NewLinksResponseSchema = v.object({ sent: v.boolean() });
export type NewLinksResponse = v.InferOutput<typeof NewLinksResponseSchema>;

/** The download token in the link's path: base64url characters and dots only. */
export const DownloadTokenSchema = v.pipe(
  v.string(),
  v.maxLength(200, 'The download link is not valid.'),
  v.regex(/^[A-Za-z0-9_-]+\.[0-9]+\.[A-Za-z0-9_-]+$/, 'The download link is not valid.'),
);
