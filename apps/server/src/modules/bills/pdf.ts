import { PAYMENT_TERMS } from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import type { Address } from '@ferry/domain/schemas';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { AppContext } from '../../platform/context.js';
import { businesses } from '../businesses/tables.js';
import { contacts } from '../contacts/tables.js';
import { businessPreferences } from '../preferences/tables.js';
import { getBill } from './service.js';

type Context = Pick<AppContext, 'database' | 'clock' | 'providers'>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as 'Mon D, YYYY' (spec 002 §9), without any time zone. */
const showDate = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
};

const addressLines = (address: Partial<Address> | null | undefined): string[] => {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter((part) => part?.trim())
    .join(', ');
  return [address.addressLine1, address.addressLine2, cityLine, address.country].filter(
    (line): line is string => Boolean(line?.trim()),
  );
};

/** A bill or an invoice as the PDF layout needs it (the shared fields of BillView and InvoiceView). */
export interface PdfDocumentData {
  refNo: string;
  dueDate: string;
  paymentTerm: string;
  lines: readonly {
    name: string;
    description: string | null;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  subtotal: number;
  discount: { type: 'AMOUNT' | 'PERCENT'; value: number; amount: number } | null;
  taxAmount: number;
  amount: number;
  balance: number;
  memo: string | null;
}

/** A party of the document: who gets paid ('Payee') and who pays ('Bill to'). */
export interface PdfParty {
  name: string;
  address: Partial<Address> | null | undefined;
  /** An email or a website, under the address. */
  contactLine: string | null | undefined;
}

/** The business's name, billing address, website and logo (PNG or JPEG) for its documents. */
export async function loadBusinessLetterhead(
  context: Context,
  businessId: string,
): Promise<{ party: PdfParty; logo: Buffer | null }> {
  const [business] = await context.database.db
    .select({ name: businesses.businessName, prefs: businessPreferences })
    .from(businesses)
    .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
    .where(eq(businesses.id, businessId))
    .limit(1);
  let logo: Buffer | null = null;
  const prefs = business?.prefs;
  if (prefs?.logoKey && (prefs.logoContentType === 'image/png' || prefs.logoContentType === 'image/jpeg')) {
    logo = (await context.providers.files.get(prefs.logoKey).catch(() => null))?.body ?? null;
  }
  return {
    party: { name: business?.name ?? '', address: prefs?.billingAddress, contactLine: prefs?.website },
    logo,
  };
}

/** A contact (vendor or customer) as a party of a document. */
export async function loadContactParty(
  context: Context,
  contact: { id: string; name: string },
): Promise<PdfParty> {
  const [row] = await context.database.db
    .select({ name: contacts.name, email: contacts.email, address: contacts.billingAddress })
    .from(contacts)
    .where(eq(contacts.id, contact.id))
    .limit(1);
  return { name: row?.name ?? contact.name, address: row?.address, contactLine: row?.email };
}

/**
 * A bill or an invoice as a PDF in the layout of spec 002 §2 (PDF viewer): title, reference, logo,
 * payee, dates, payment terms, Bill to, line table, discount, taxes, total, memo. `compress: false`
 * keeps the text readable in the file (tests).
 */
export function renderDocumentPdf(options: {
  title: 'Bill' | 'Invoice';
  document: PdfDocumentData;
  /** The document's own date, first of the dates row ('Bill Date' or 'Invoice Date'). */
  documentDate: { label: string; date: string };
  payee: PdfParty;
  payer: PdfParty;
  /** The logo of the business the document belongs to. */
  logo: Buffer | null;
  author: string;
  compress?: boolean;
}): Promise<Buffer> {
  const { document: bill, logo } = options;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: `${options.title} ${bill.refNo}`, Author: options.author || 'Ferry', Creator: 'Ferry' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  // Title, reference and logo.
  doc.font('Helvetica-Bold').fontSize(24).fillColor('#111111').text(options.title, left, 50);
  doc.font('Helvetica').fontSize(11).fillColor('#444444').text(`Ref# ${bill.refNo}`, left, 82);
  if (logo) {
    try {
      doc.image(logo, right - 120, 45, { fit: [120, 60], align: 'right' });
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the document.
    }
  }

  // Payee (who gets paid) and payer (Bill to).
  let y = 125;
  const column = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text(title, x, y);
    doc.font('Helvetica').fontSize(10).fillColor('#333333');
    for (const line of lines) doc.text(line, x, doc.y, { width: width / 2 - 10 });
    return doc.y;
  };
  const partyLines = (party: PdfParty) =>
    [party.name, ...addressLines(party.address), party.contactLine ?? ''].filter(Boolean);
  const payeeEnd = column('Payee', partyLines(options.payee), left);
  const payerEnd = column('Bill to', partyLines(options.payer), left + width / 2);
  y = Math.max(payeeEnd, payerEnd) + 15;

  // Dates and payment terms.
  const term = PAYMENT_TERMS.find((t) => t.value === bill.paymentTerm)?.label ?? bill.paymentTerm;
  const facts: [string, string][] = [
    [options.documentDate.label, showDate(options.documentDate.date)],
    ['Due Date', showDate(bill.dueDate)],
    ['Payment Terms', term],
  ];
  facts.forEach(([label, value], index) => {
    const x = left + (index * width) / 3;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#666666').text(label, x, y);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#111111')
      .text(value, x, y + 12);
  });
  y += 40;

  // Line table.
  const columns = [
    { title: 'Item / Account', x: left, w: 130, align: 'left' as const },
    { title: 'Description', x: left + 135, w: 160, align: 'left' as const },
    { title: 'Qty', x: left + 300, w: 50, align: 'right' as const },
    { title: 'Unit Price', x: left + 355, w: 70, align: 'right' as const },
    { title: 'Amount', x: left + 430, w: width - 430, align: 'right' as const },
  ];
  doc.rect(left, y - 4, width, 18).fill('#f2f4f7');
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#111111');
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.w, align: c.align });
  y += 20;
  doc.font('Helvetica').fontSize(9).fillColor('#222222');
  for (const line of bill.lines) {
    if (y > doc.page.height - 150) {
      doc.addPage();
      y = 50;
    }
    const cells = [
      line.name,
      line.description ?? '',
      String(line.quantity),
      formatMoney(Math.round(line.unitPrice * 100)),
      formatMoney(Math.round(line.amount * 100)),
    ];
    let rowEnd = y;
    cells.forEach((text, index) => {
      const c = columns[index];
      if (!c) return;
      doc.text(text, c.x, y, { width: c.w, align: c.align });
      rowEnd = Math.max(rowEnd, doc.y);
    });
    y = rowEnd + 6;
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor('#e4e7ec')
      .lineWidth(0.5)
      .stroke();
  }

  // Discount, taxes and total.
  y += 6;
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 10)
      .fillColor('#111111');
    doc.text(label, left + 300, y, { width: 120, align: 'right' });
    doc.text(value, left + 430, y, { width: width - 430, align: 'right' });
    y += bold ? 18 : 15;
  };
  const cents = (amount: number) => formatMoney(Math.round(amount * 100));
  total('Subtotal', cents(bill.subtotal));
  if (bill.discount) {
    const label = bill.discount.type === 'PERCENT' ? `Discount (${bill.discount.value}%)` : 'Discount';
    total(label, `-${cents(bill.discount.amount)}`);
  }
  total('Taxes', cents(bill.taxAmount));
  total('Total', cents(bill.amount), true);
  if (bill.balance !== bill.amount) total('Balance Due', cents(bill.balance));

  // Memo.
  if (bill.memo) {
    y += 15;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#111111').text('Memo', left, y);
    doc.font('Helvetica').fontSize(10).fillColor('#333333').text(bill.memo, left, doc.y, { width });
  }

  doc.end();
  return done;
}

/** The bill: payee the vendor, Bill to the business. */
export async function renderBillPdf(
  context: Context,
  options: { businessId: string; billId: string; compress?: boolean },
): Promise<Buffer> {
  const bill = await getBill(context, options);
  const [letterhead, vendor] = await Promise.all([
    loadBusinessLetterhead(context, options.businessId),
    loadContactParty(context, bill.contact),
  ]);
  return renderDocumentPdf({
    title: 'Bill',
    document: bill,
    documentDate: { label: 'Bill Date', date: bill.billDate },
    payee: vendor,
    payer: letterhead.party,
    logo: letterhead.logo,
    author: letterhead.party.name,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
}
