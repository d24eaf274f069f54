import {
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  type InvoiceDraftPayload,
  type InvoiceDraftView,
  type InvoiceRequest,
  type InvoiceView,
  invoiceRequestSchema,
} from '@ferry/domain';
import {
  type DocumentAttachment,
  type DocumentFormValues,
  documentToForm,
  draftToForm,
  initialDocumentForm,
  toDocumentBody,
  toDocumentDraft,
  validateDocumentForm,
} from '@/components/document-form/document-form';
import type { DocumentKind } from '@/components/document-form/document-form-page';

/** The invoice's form: the shared document form, with the customer as its contact and the invoice date. */
export type InvoiceFormValues = DocumentFormValues<DocumentAttachment>;

const INVOICE_FIELDS = { contact: 'customerId', date: 'invoiceDate' } as const;

/** The invoice kind of the shared create/edit page (items sold and income accounts on its lines). */
export const INVOICE_KIND: DocumentKind = {
  noun: 'invoice',
  contactNoun: 'customer',
  fields: INVOICE_FIELDS,
  schema: invoiceRequestSchema,
  limits: INVOICE_LIMITS,
  messages: {
    lineTarget: INVOICE_MESSAGES.lineTarget,
    referenceTaken: INVOICE_MESSAGES.referenceTaken,
    attachmentsLimit: INVOICE_MESSAGES.attachmentsLimit,
  },
};

export const initialInvoiceForm = (today: string): InvoiceFormValues => initialDocumentForm(today);

/** The form of a saved invoice, for editing it. */
export const invoiceToForm = (invoice: InvoiceView): InvoiceFormValues =>
  documentToForm(invoice, invoice.invoiceDate);

/** A saved draft back into the form; its attachments keep their ids (their names are not in the draft). */
export const invoiceDraftToForm = (draft: InvoiceDraftView, today: string): InvoiceFormValues =>
  draftToForm(
    draft.payload as Record<string, unknown>,
    INVOICE_FIELDS,
    today,
    (draft.payload.attachmentIds ?? []).map((id, index) => ({ id, fileName: `Attachment ${index + 1}` })),
  );

/** Editable while nothing was received on it and no request is out (the server's rule: status 'unpaid'). */
export const isInvoiceEditable = (invoice: Pick<InvoiceView, 'status' | 'amount' | 'balance'>) =>
  invoice.status === 'unpaid' && invoice.balance === invoice.amount;

/** The `POST accounting/invoices` body of the form. */
export const toInvoiceBody = (values: InvoiceFormValues, draftId: string | null): InvoiceRequest =>
  toDocumentBody(values, draftId, INVOICE_FIELDS);

/** Checks the form with the server's own schema; the first message of each field. */
export const validateInvoiceForm = (values: InvoiceFormValues) =>
  validateDocumentForm(values, invoiceRequestSchema, INVOICE_FIELDS, INVOICE_MESSAGES.lineTarget);

export const toInvoiceDraft = (values: InvoiceFormValues): InvoiceDraftPayload =>
  toDocumentDraft(values, INVOICE_FIELDS);
