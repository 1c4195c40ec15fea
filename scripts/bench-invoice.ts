// The time to make an invoice PDF: `npm run bench:invoice [-- N]` renders one two-book invoice N
// times (default 50) in this process and prints the first (fonts loaded cold) and the median and
// p95 of the rest, in ms, with the PDF's size, and the median CPU time of a render (this process's
// user + system time: less swayed than the wall time by other work on a shared machine).
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '#server/services/invoices/invoice-pdf.ts';
import { invoiceLines, sumLines } from '#server/services/invoices/invoice-lines.ts';
import type { Invoice } from '#server/services/invoices/invoice-numbers.ts';

const runs = Number(process.argv[2] ?? 50);
const items = [
  {
    itemId: 'a'.repeat(24),
    title: 'Tu to vari',
    childName: 'Jānis',
    coverType: 'hardcover',
    unitPriceMinor: 3999,
  },
  {
    itemId: 'b'.repeat(24),
    title: 'Tu to vari',
    childName: 'Līga',
    coverType: 'softcover',
    unitPriceMinor: 2999,
  },
];
const lines = invoiceLines(
  { items, subtotalMinor: 6998, discountMinor: 1750, deliveryMinor: 399, totalMinor: 5647 },
  { booksBp: 500, deliveryBp: 500 },
);
const invoice: Invoice = {
  id: 1,
  orderId: 'x'.repeat(24),
  kind: 'invoice',
  series: 'invoice',
  number: 42,
  displayNumber: 'INV-000042',
  refundId: null,
  orderNumber: 'SM-2026-00042',
  paymentReference: 'AbCdEfGhIjKlMnOpQrStUvWx',
  language: 'lv',
  currencyCode: 'EUR',
  buyer: {
    name: 'Līga Bērziņa',
    email: 'liga@example.com',
    address: {
      firstName: 'Līga',
      lastName: 'Bērziņa',
      address1: 'Brīvības iela 1',
      address2: '',
      city: 'Rīga',
      zip: 'LV-1010',
      countryId: 19,
      province: '',
      phone: '+37120000000',
    },
    countryName: 'Latvia',
  },
  lines,
  ...sumLines(lines),
  issuedAt: new Date(),
};
const seller = {
  legalName: 'SIA Storymade',
  registrationNumber: '40000000000',
  vatNumber: 'LV40000000000',
  address: 'Brīvības iela 1, Rīga, LV-1010, Latvia',
  phone: '+371 20 000 000',
  email: 'hello@storymade.example',
};

const times: number[] = [];
const cpu: number[] = [];
let bytes = 0;
for (let i = 0; i < runs; i += 1) {
  const start = performance.now();
  const used = process.cpuUsage();
  bytes = (await renderInvoicePdf(invoice, seller)).length;
  const spent = process.cpuUsage(used);
  times.push(performance.now() - start);
  cpu.push((spent.user + spent.system) / 1000);
}
const cpuMedian = cpu.slice(1).sort((x, y) => x - y)[Math.floor((runs - 1) / 2)] ?? cpu[0]!;
const [first, ...rest] = times;
rest.sort((x, y) => x - y);
const at = (q: number) => rest[Math.min(rest.length - 1, Math.floor(q * rest.length))] ?? first!;
console.log(
  `invoice PDF: ${runs} renders, ${bytes} bytes; first ${first!.toFixed(1)} ms, median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms; CPU median ${cpuMedian.toFixed(1)} ms`,
);
