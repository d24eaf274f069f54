import {
  BILL_LIMITS,
  BILL_MESSAGES,
  type BillAttachmentView,
  type BillDraftPayload,
  type BillView,
  billRequestSchema,
} from '@ferry/domain';
import {
  type DocumentFormErrors,
  type DocumentFormValues,
  documentToForm,
  initialDocumentForm,
  toDocumentBody,
  toDocumentDraft,
  validateDocumentForm,
} from '@/components/document-form/document-form';
import type { DocumentKind } from '@/components/document-form/document-form-page';
import type { CreateBillBody } from '../api/bills-api';

/** The bill's form: the shared document form, with the vendor as its contact and the bill date. */
export type BillFormValues = DocumentFormValues<BillAttachmentView>;
export type BillFormErrors = DocumentFormErrors;

const BILL_FIELDS = { contact: 'vendorId', date: 'billDate' } as const;

/** The bill kind of the shared create/edit page. */
export const BILL_KIND: DocumentKind = {
  noun: 'bill',
  contactNoun: 'vendor',
  fields: BILL_FIELDS,
  schema: billRequestSchema,
  limits: BILL_LIMITS,
  messages: {
    lineTarget: BILL_MESSAGES.lineTarget,
    referenceTaken: BILL_MESSAGES.referenceTaken,
    attachmentsLimit: BILL_MESSAGES.attachmentsLimit,
  },
};

export const initialBillForm = (today: string): BillFormValues => initialDocumentForm(today);

/** The form of a saved bill, for editing it. */
export const billToForm = (bill: BillView): BillFormValues => documentToForm(bill, bill.billDate);

/** Whether a bill may still be edited: nothing paid, scheduled or cancelled (the server's rule). */
export const isBillEditable = (bill: Pick<BillView, 'status' | 'amount' | 'balance' | 'scheduledAmount'>) =>
  bill.status !== 'cancelled' && bill.scheduledAmount === 0 && bill.balance === bill.amount;

/** The `POST bills` body of the form. */
export const toBillBody = (values: BillFormValues, draftId: string | null): CreateBillBody =>
  toDocumentBody(values, draftId, BILL_FIELDS);

/** Checks the form with the server's own schema; the first message of each field. */
export const validateBillForm = (values: BillFormValues): BillFormErrors =>
  validateDocumentForm(values, billRequestSchema, BILL_FIELDS, BILL_MESSAGES.lineTarget);

/** What a draft keeps of the form (nothing is checked but shape and size). */
export const toDraftPayload = (values: BillFormValues): BillDraftPayload =>
  toDocumentDraft(values, BILL_FIELDS);
