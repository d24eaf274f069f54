import type { InvoiceDraftPayload } from '@ferry/domain/schemas';
import type { AppContext } from '../../platform/context.js';
import { attachmentStore } from '../bills/attachments.js';
import { draftStore } from '../bills/drafts.js';
import { loadBusinessLetterhead, loadContactParty, renderDocumentPdf } from '../bills/pdf.js';
import type { billDrafts } from '../bills/tables.js';
import { findInvoiceOrThrow, getInvoice, INVOICE_ATTACHMENTS, invoiceAttachmentView } from './service.js';
import { type InvoiceAttachmentRow, invoiceDrafts } from './tables.js';

/**
 * The invoice's drafts, attachments and PDF: the bills' generic stores and renderer
 * (bills/drafts.ts, bills/attachments.ts, bills/pdf.ts) over the invoice tables.
 */

/** invoice_drafts has exactly the columns of bill_drafts; only the payload differs. */
export const invoiceDraftStore = draftStore<InvoiceDraftPayload>(
  invoiceDrafts as unknown as typeof billDrafts,
);

export const invoiceAttachmentStore = attachmentStore({
  folder: 'invoices',
  ...INVOICE_ATTACHMENTS,
  findDocument: (db, options) => findInvoiceOrThrow(db, { ...options, invoiceId: options.documentId }),
  view: (row: InvoiceAttachmentRow) => invoiceAttachmentView(row),
});

/** The invoice as a PDF: title 'Invoice', payee this business, Bill to the customer. */
export async function renderInvoicePdf(
  context: Pick<AppContext, 'database' | 'clock' | 'providers'>,
  options: { businessId: string; invoiceId: string; compress?: boolean },
): Promise<Buffer> {
  const invoice = await getInvoice(context, options);
  const [letterhead, customer] = await Promise.all([
    loadBusinessLetterhead(context, options.businessId),
    loadContactParty(context, invoice.contact),
  ]);
  return renderDocumentPdf({
    title: 'Invoice',
    document: invoice,
    documentDate: { label: 'Invoice Date', date: invoice.invoiceDate },
    payee: letterhead.party,
    payer: customer,
    logo: letterhead.logo,
    author: letterhead.party.name,
    ...(options.compress === undefined ? {} : { compress: options.compress }),
  });
}
