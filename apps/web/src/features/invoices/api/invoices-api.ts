import {
  type DUE_DATE_FILTERS,
  type INVOICE_SORT_KEYS,
  type InvoiceDraftPayload,
  type InvoiceDraftView,
  type InvoiceRequest,
  invoiceAttachmentViewSchema,
  invoiceDraftViewSchema,
  invoiceListItemSchema,
  invoicePaymentViewSchema,
  invoicesSummarySchema,
  invoiceViewSchema,
  type MarkInvoicePaidRequest,
  nextReferenceSchema,
  pagedSchema,
  type ReminderSettings,
  reminderSettingsSchema,
  type SUMMARY_FILTERS,
} from '@ferry/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  useDocumentAccounts,
  useDocumentContacts,
  useDocumentItems,
  useSaveDocumentDraft,
  useUploadDocumentAttachment,
} from '@/components/document-form/document-api';
import { type DocumentPdf, fetchDocumentPdf } from '@/components/pdf-viewer/document-pdf';
import { api } from '@/lib/api-client';

export type InvoiceSortKey = (typeof INVOICE_SORT_KEYS)[number];

/** The Invoices tab's query (spec 002 §7 `GET invoices`; §9 page 1, size 10). */
export type DueInvoicesParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: InvoiceSortKey;
  sortOrder: 'asc' | 'desc';
  invoiceSummaryType: (typeof SUMMARY_FILTERS)[number] | null;
  dateRange: (typeof DUE_DATE_FILTERS)[number] | null;
  /** Comma list of statuses; null lists the open invoices. */
  status: string | null;
  searchTerm: string | null;
};

const enc = encodeURIComponent;
const base = (businessId: string) => `/business/${enc(businessId)}`;

export const invoiceKeys = {
  all: ['invoices'] as const,
  business: (businessId: string) => [...invoiceKeys.all, businessId] as const,
  lists: (businessId: string) => [...invoiceKeys.business(businessId), 'due'] as const,
  list: (businessId: string, params: DueInvoicesParams) =>
    [...invoiceKeys.lists(businessId), params] as const,
  summary: (businessId: string) => [...invoiceKeys.business(businessId), 'summary'] as const,
  detail: (businessId: string, invoiceId: string) =>
    [...invoiceKeys.business(businessId), 'detail', invoiceId] as const,
  pdf: (businessId: string, invoiceId: string) =>
    [...invoiceKeys.business(businessId), 'pdf', invoiceId] as const,
  nextReference: (businessId: string) => [...invoiceKeys.business(businessId), 'next-reference'] as const,
  customers: (businessId: string) => [...invoiceKeys.business(businessId), 'customers'] as const,
  items: (businessId: string) => [...invoiceKeys.business(businessId), 'items'] as const,
  accounts: (businessId: string) => [...invoiceKeys.business(businessId), 'accounts'] as const,
  draft: (businessId: string, draftId: string) =>
    [...invoiceKeys.business(businessId), 'draft', draftId] as const,
  reminderSettings: (businessId: string) =>
    [...invoiceKeys.business(businessId), 'reminder-settings'] as const,
};

/** Spec 002 §7: after a mutation the invoice, the due-invoice lists and the summary are refreshed. */
const useRefreshInvoices = (businessId: string) => {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: invoiceKeys.business(businessId), refetchType: 'all' });
};

const duePageSchema = pagedSchema(invoiceListItemSchema);

/** `GET invoices`: open invoices (or those of `status`), sorted and paged on the server; never cached. */
export const dueInvoicesQueryOptions = (businessId: string, params: DueInvoicesParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/invoices`, { query: params, schema: duePageSchema, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });

export const useDueInvoices = (businessId: string, params: DueInvoicesParams, enabled = true) =>
  useQuery({ ...dueInvoicesQueryOptions(businessId, params), enabled: enabled && businessId !== '' });

/** `GET invoices/summary`: total outstanding, due in 7 days and overdue (amounts and counts). */
export const useInvoicesSummary = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: invoiceKeys.summary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/invoices/summary`, { schema: invoicesSummarySchema, signal }),
    enabled: (options.enabled ?? true) && businessId !== '',
  });

/** `GET invoices/{invoiceId}` (cached 5 minutes, spec 002 §9). */
export const useInvoiceDetail = (businessId: string, invoiceId: string) =>
  useQuery({
    queryKey: invoiceKeys.detail(businessId, invoiceId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/invoices/${enc(invoiceId)}`, { schema: invoiceViewSchema, signal }),
    staleTime: 5 * 60_000,
    enabled: businessId !== '' && invoiceId !== '',
  });

/** The invoice's PDF (`GET download-invoice-pdf/{invoiceId}`, then its bytes). */
export const useInvoicePdf = (businessId: string, invoiceId: string, updatedAt: string | undefined) =>
  useQuery({
    queryKey: [...invoiceKeys.pdf(businessId, invoiceId), updatedAt ?? ''] as const,
    queryFn: ({ signal }): Promise<DocumentPdf> => fetchDocumentPdf(businessId, 'invoice', invoiceId, signal),
    enabled: businessId !== '' && invoiceId !== '' && updatedAt !== undefined,
  });

/** `GET accounting/invoices/next-reference-number`: the number a new invoice starts with ('INV-8'). */
export const useNextInvoiceNumber = (businessId: string) =>
  useQuery({
    queryKey: invoiceKeys.nextReference(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/invoices/next-reference-number`, {
        schema: nextReferenceSchema,
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });

/** `GET accounting/contacts/invoice-customers` (page 1 of 100, spec 002 §7, §9). */
export const useInvoiceCustomers = (businessId: string) =>
  useDocumentContacts(businessId, 'invoice-customers', invoiceKeys.customers(businessId));

/** `GET accounting/items?isSold=true` (items sold, page size 1000). */
export const useInvoiceItems = (businessId: string) =>
  useDocumentItems(businessId, true, invoiceKeys.items(businessId));

/** `GET accounting/accounts?parentAccountType=INCOME`: the income accounts an invoice line is booked to. */
export const useInvoiceAccounts = (businessId: string) =>
  useDocumentAccounts(businessId, { parentAccountType: 'INCOME' }, invoiceKeys.accounts(businessId));

/** `POST accounting/invoices` with the form's Idempotency-Key (201, the invoice). */
export const useCreateInvoice = (businessId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: InvoiceRequest; idempotencyKey: string }) =>
      api.post(`${base(businessId)}/accounting/invoices`, body, {
        schema: invoiceViewSchema,
        idempotencyKey,
      }),
    onSuccess: () => refresh(),
  });
};

/** `PATCH accounting/invoices/{invoiceId}`: the whole invoice again, while it is unpaid. */
export const useUpdateInvoice = (businessId: string, invoiceId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: ({ body }: { body: InvoiceRequest }) =>
      api.patch(`${base(businessId)}/accounting/invoices/${enc(invoiceId)}`, body, {
        schema: invoiceViewSchema,
      }),
    onSuccess: () => refresh(),
  });
};

/** `POST accounting/invoices/draft` the first time, `PATCH accounting/invoices/draft/{id}` after. */
export const useSaveInvoiceDraft = (businessId: string) =>
  useSaveDocumentDraft<InvoiceDraftPayload, InvoiceDraftView>(
    businessId,
    'accounting/invoices/draft',
    invoiceDraftViewSchema,
  );

const draftPageSchema = pagedSchema(invoiceDraftViewSchema);

/** `GET accounting/invoices/draft`: the saved drafts, last changed first (the 30 latest). */
export const useInvoiceDrafts = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: [...invoiceKeys.business(businessId), 'drafts'] as const,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/invoices/draft`, {
        query: { pageNumber: 1, pageSize: 30 },
        schema: draftPageSchema,
        signal,
      }),
    enabled: enabled && businessId !== '',
    staleTime: 0,
  });

/** `GET accounting/invoices/draft/{draftId}`: a draft to resume. */
export const useInvoiceDraft = (businessId: string, draftId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.draft(businessId, draftId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/invoices/draft/${enc(draftId ?? '')}`, {
        schema: invoiceDraftViewSchema,
        signal,
      }),
    enabled: businessId !== '' && Boolean(draftId),
    staleTime: 0,
    gcTime: 0,
  });

/** `POST upload-invoice-attachment` (multipart `file`). */
export const useUploadInvoiceAttachment = (businessId: string) =>
  useUploadDocumentAttachment(businessId, 'invoice', invoiceAttachmentViewSchema);

/** `PATCH mark-invoice-as-paid` (spec 002 §7 `mark-{type}-as-paid`): records a payment into our bank. */
export const useMarkInvoiceAsPaid = (businessId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MarkInvoicePaidRequest; idempotencyKey: string }) =>
      api.patch(`${base(businessId)}/mark-invoice-as-paid`, body, {
        schema: invoicePaymentViewSchema,
        idempotencyKey,
      }),
    onSuccess: () => refresh(),
  });
};

/** What the sending calls answer (the request as the sender sees it); only its id is read here. */
const sentRequestSchema = z.looseObject({ id: z.string() });

/** `POST payment-requests` { invoiceDetails: { id } }: sends the invoice to its customer on Ferry. */
export const useSendPaymentRequest = (businessId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: (invoiceId: string) =>
      api.post(
        `${base(businessId)}/payment-requests`,
        { invoiceDetails: { id: invoiceId } },
        { schema: sentRequestSchema },
      ),
    onSuccess: () => refresh(),
  });
};

/** `POST payment-requests/send-reminder` { paymentRequestId }. */
export const useSendReminder = (businessId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: (paymentRequestId: string) =>
      api.post(
        `${base(businessId)}/payment-requests/send-reminder`,
        { paymentRequestId },
        {
          schema: sentRequestSchema,
        },
      ),
    onSuccess: () => refresh(),
  });
};

/** `PATCH payment-requests/{id}` { status: 'CANCELLED', remarks }. */
export const useCancelPaymentRequest = (businessId: string) => {
  const refresh = useRefreshInvoices(businessId);
  return useMutation({
    mutationFn: ({ paymentRequestId, remarks }: { paymentRequestId: string; remarks: string }) =>
      api.patch(
        `${base(businessId)}/payment-requests/${enc(paymentRequestId)}`,
        { status: 'CANCELLED', remarks },
        { schema: sentRequestSchema },
      ),
    onSuccess: () => refresh(),
  });
};

/**
 * `GET payment-requests/reminder-settings`: the scheduled reminders (off with a ready plan until saved);
 * read afresh whenever asked for (never cached).
 */
export const useReminderSettings = (businessId: string, enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.reminderSettings(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/payment-requests/reminder-settings`, {
        schema: reminderSettingsSchema,
        signal,
      }),
    enabled: enabled && businessId !== '',
    staleTime: 0,
    gcTime: 0,
  });

/** `PUT payment-requests/reminder-settings` (the whole settings; answers them as saved). */
export const useSaveReminderSettings = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettings) =>
      api.put(`${base(businessId)}/payment-requests/reminder-settings`, body, {
        schema: reminderSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(invoiceKeys.reminderSettings(businessId), saved),
  });
};
