import { readFileSync } from 'node:fs';
import { formatDate, formatMoney } from '#book/typography.ts';
import PDFDocument from 'pdfkit';
import { postalAddressLines } from '#contract/postal-address.ts';
import { toLanguage, type Language } from '#contract/markets.ts';
import type { Invoice } from './invoice-numbers.ts';
import { invoiceCopy } from './invoice-copy.ts';
import { bookFonts } from '#server/services/rendering/font-files.ts';

/** The seller on every invoice: the company details from configuration (COMPANY_*, SHOP_EMAIL). */
export interface Seller {
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  address: string;
  phone: string;
  email: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;

function rate(language: Language, bp: number): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}

let fontBytes: { text: Buffer; bold: Buffer } | undefined;

/** The book's text and display TTFs (every Latvian letter), read once per process. */
function invoiceFonts(): { text: Buffer; bold: Buffer } {
  if (!fontBytes) {
    const text = bookFonts().find((font) => font.key === 'text')!;
    const display = bookFonts().find((font) => font.key === 'display') ?? text;
    fontBytes = { text: readFileSync(text.file), bold: readFileSync(display.file) };
  }
  return fontBytes;
}

/** The issue date after its label ("Datums: 2026. gada 27. novembris"), book/typography.ts. */
function day(language: Language, date: Date): string {
  return formatDate(date, language);
}

/**
 * The invoice or credit note as a PDF (A4, the book's text font with every Latvian letter), from
 * what was frozen when it was issued: number, buyer, lines, VAT and totals. A credit note shows
 * what is paid back, the amounts as negatives, and the invoice it corrects.
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  seller: Seller,
  correcting?: string | null,
): Promise<Buffer> {
  const language = toLanguage(invoice.language) ?? 'en-GB';
  const copy = invoiceCopy(language);
  const credit = invoice.kind === 'credit_note';
  const sign = credit ? -1 : 1;
  const title = `${credit ? copy.creditNote : copy.invoice} ${invoice.displayNumber}`;
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    compress: true,
    info: { Title: title, Author: seller.legalName, Creator: 'Storymade' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = invoiceFonts();
  doc.registerFont('text', fonts.text);
  doc.registerFont('bold', fonts.bold);
  const m = (minor: number) => formatMoney(sign * minor, invoice.currencyCode, language);
  const width = A4[0] - 2 * MARGIN;

  doc.font('bold').fontSize(20).text(title, MARGIN, MARGIN);
  doc.font('text').fontSize(10).moveDown(0.3);
  doc.text(`${copy.date}: ${day(language, invoice.issuedAt)}`);
  doc.text(`${copy.order}: ${invoice.orderNumber}`);
  doc.text(`${copy.payment}: ${invoice.paymentReference}`);
  if (credit && correcting) doc.text(copy.creditFor(correcting));

  const top = doc.y + 16;
  const half = width / 2 - 8;
  doc.font('bold').fontSize(11).text(copy.seller, MARGIN, top, { width: half });
  doc.font('text').fontSize(10);
  doc.text(seller.legalName, { width: half });
  doc.text(seller.address, { width: half });
  doc.text(`${copy.registration} ${seller.registrationNumber}`, { width: half });
  doc.text(`${copy.vatNumber} ${seller.vatNumber}`, { width: half });
  doc.text(`${copy.phone}: ${seller.phone}`, { width: half });
  doc.text(`${copy.email}: ${seller.email}`, { width: half });
  const sellerBottom = doc.y;
  const right = MARGIN + width / 2 + 8;
  const a = invoice.buyer.address;
  doc.font('bold').fontSize(11).text(copy.buyer, right, top, { width: half });
  doc.font('text').fontSize(10);
  doc.text(invoice.buyer.name, { width: half });
  // The address in its country's order, the country in the invoice's language (postal-address.ts).
  const country = { code: invoice.buyer.countryCode ?? '', name: invoice.buyer.countryName };
  for (const line of postalAddressLines(a, country, language, { withName: false }))
    doc.text(line, { width: half });
  // Erased (the order's personal data, retention or a request): the invoice keeps no e-mail.
  if (invoice.buyer.email) doc.text(invoice.buyer.email, { width: half });
  let y = Math.max(sellerBottom, doc.y) + 24;

  // The lines: description, net, VAT rate, VAT, amount.
  const cols = [width - 4 * 78, 78, 78, 78, 78];
  const xs = cols.map((_, i) => MARGIN + cols.slice(0, i).reduce((s, w) => s + w, 0));
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'bold' : 'text').fontSize(10);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]! - 6 }));
    cells.forEach((cell, i) =>
      doc.text(cell, xs[i]!, y, { width: cols[i]! - 6, align: i === 0 ? 'left' : 'right' }),
    );
    y += Math.max(...heights) + 6;
  };
  row([copy.description, copy.net, copy.vatRate, copy.vat, copy.gross], true);
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + width, y - 3)
    .lineWidth(0.5)
    .stroke();
  for (const line of invoice.lines) {
    const description =
      line.kind === 'delivery'
        ? copy.delivery
        : copy.book(
            line.title,
            // Erased: the line names the book and its format, not the child.
            line.childName || null,
            copy.covers[line.coverType ?? ''] ?? line.coverType ?? '',
          );
    row([
      description,
      m(line.netMinor),
      rate(language, line.vatRateBp),
      m(line.vatMinor),
      m(line.grossMinor),
    ]);
  }
  doc
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + width, y - 3)
    .stroke();
  y += 6;
  // Totals, the VAT once per rate.
  const byRate = new Map<number, number>();
  for (const line of invoice.lines)
    byRate.set(line.vatRateBp, (byRate.get(line.vatRateBp) ?? 0) + line.vatMinor);
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'bold' : 'text').fontSize(bold ? 12 : 10);
    doc.text(label, xs[2]!, y, { width: cols[2]! + cols[3]! - 6, align: 'right' });
    doc.text(value, xs[4]!, y, { width: cols[4]! - 6, align: 'right' });
    y += bold ? 18 : 14;
  };
  total(copy.totalNet, m(invoice.netMinor));
  for (const [bp, vat] of [...byRate].sort((x, z) => z[0] - x[0]))
    total(copy.totalVat(rate(language, bp)), m(vat));
  total(copy.total, m(invoice.totalMinor), true);
  doc.font('text').fontSize(10);
  y += 10;
  doc.text(credit ? copy.refunded : copy.paid, MARGIN, y, { width });
  if (invoice.lines.some((line) => line.vatRateBp === 0)) doc.text(copy.zeroRated, { width });
  doc.end();
  return done;
}
