import {
  type BillDraftPayload,
  type BillDraftView,
  billAttachmentViewSchema,
  billDraftViewSchema,
  billListItemSchema,
  billsDueSummarySchema,
  billViewSchema,
  type DUE_DATE_FILTERS,
  nextReferenceSchema,
  pagedSchema,
  type SUMMARY_FILTERS,
} from '@ferry/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  useDocumentAccounts,
  useDocumentContacts,
  useDocumentItems,
  useSaveDocumentDraft,
  useUploadDocumentAttachment,
} from '@/components/document-form/document-api';
import { api } from '@/lib/api-client';

export type SummaryFilter = (typeof SUMMARY_FILTERS)[number];
export type DueDateFilter = (typeof DUE_DATE_FILTERS)[number];
export type DueBillsSortKey = 'date' | 'dueDate' | 'amount';

export type DueBillsParams = {
  pageNumber: number;
  pageSize: number;
  sortBy: DueBillsSortKey;
  sortOrder: 'asc' | 'desc';
  billSummaryType: SummaryFilter | null;
  dateRange: DueDateFilter | null;
};

const base = (businessId: string) => `/business/${encodeURIComponent(businessId)}`;

export const billKeys = {
  all: ['bills'] as const,
  business: (businessId: string) => [...billKeys.all, businessId] as const,
  dueLists: (businessId: string) => [...billKeys.business(businessId), 'due'] as const,
  dueList: (businessId: string, params: DueBillsParams) =>
    [...billKeys.dueLists(businessId), params] as const,
  dueSummary: (businessId: string) => [...billKeys.business(businessId), 'summary', 'due'] as const,
  nextReference: (businessId: string) => [...billKeys.business(businessId), 'next-reference'] as const,
  vendors: (businessId: string) => [...billKeys.business(businessId), 'vendors'] as const,
  items: (businessId: string) => [...billKeys.business(businessId), 'items'] as const,
  accounts: (businessId: string) => [...billKeys.business(businessId), 'accounts'] as const,
};

const duePageSchema = pagedSchema(billListItemSchema);

/** `GET due-bills`: the open bills, sorted and paged on the server (spec 002 §7, §9). */
export const dueBillsQueryOptions = (businessId: string, params: DueBillsParams) =>
  queryOptions({
    queryKey: billKeys.dueList(businessId, params),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/due-bills`, {
        // The API client leaves the empty (null) filters out.
        query: params,
        schema: duePageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useDueBills = (businessId: string, params: DueBillsParams) =>
  useQuery(dueBillsQueryOptions(businessId, params));

/** `GET bills/summary/due`: total outstanding, due in 7 days and overdue (amounts and counts). */
export const useDueBillsSummary = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: billKeys.dueSummary(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/summary/due`, { schema: billsDueSummarySchema, signal }),
    enabled: options.enabled ?? true,
  });

/** `GET bills/next-reference-number`: the number a new bill starts with ('BILL-0001'). */
export const useNextReferenceNumber = (businessId: string) =>
  useQuery({
    queryKey: billKeys.nextReference(businessId),
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/next-reference-number`, { schema: nextReferenceSchema, signal }),
    staleTime: 0,
    gcTime: 0,
  });

/** `GET accounting/contacts/bill-vendors` (page 1 of 100, spec 002 §9), searched in the picker. */
export const useBillVendors = (businessId: string) =>
  useDocumentContacts(businessId, 'bill-vendors', billKeys.vendors(businessId));

/** `GET accounting/items` (purchased items, page size 1000). */
export const useBillItems = (businessId: string) =>
  useDocumentItems(businessId, false, billKeys.items(businessId));

/** `GET accounting/accounts?isForCreateBill=true`: the expense accounts a bill line may be booked to. */
export const useBillAccounts = (businessId: string) =>
  useDocumentAccounts(businessId, { isForCreateBill: true }, billKeys.accounts(businessId));

/** The body of `POST bills`: amounts as decimal numbers with 2 places. */
export type CreateBillBody = {
  vendorId: string;
  refNo: string;
  billDate: string;
  dueDate: string | null;
  paymentTerm: string;
  lines: {
    itemId: string | null;
    chartAccountId: string | null;
    description: string | null;
    quantity: string;
    unitPrice: string;
  }[];
  discount: { type: 'AMOUNT' | 'PERCENT'; value: string } | null;
  taxAmount: string | null;
  memo: string | null;
  attachmentIds: string[];
  draftId: string | null;
};

/** `POST bills` with the form's Idempotency-Key. */
export const useCreateBill = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateBillBody; idempotencyKey: string }) =>
      api.post(`${base(businessId)}/bills`, body, { schema: billViewSchema, idempotencyKey }),
    // The Bills tab's list is inactive while this page shows, and queries do not refetch on mount.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: billKeys.business(businessId), refetchType: 'all' }),
  });
};

/** `GET bills/{billId}`: a saved bill (the same cache entry as the bill page's). */
export const useBillDetail = (businessId: string, billId: string) =>
  useQuery({
    queryKey: [...billKeys.business(businessId), 'detail', billId] as const,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/bills/${encodeURIComponent(billId)}`, { schema: billViewSchema, signal }),
    enabled: businessId !== '' && billId !== '',
  });

/** `PATCH bills/{billId}`: the whole bill again; refused (409) once money is scheduled or paid on it. */
export const useUpdateBill = (businessId: string, billId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: CreateBillBody }) =>
      api.patch(`${base(businessId)}/bills/${encodeURIComponent(billId)}`, body, { schema: billViewSchema }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: billKeys.business(businessId), refetchType: 'all' }),
  });
};

/** `POST bills/draft` the first time, `PATCH bills/draft/{id}` after. */
export const useSaveBillDraft = (businessId: string) =>
  useSaveDocumentDraft<BillDraftPayload, BillDraftView>(businessId, 'bills/draft', billDraftViewSchema);

/** `POST upload-bill-attachment` (multipart `file`). */
export const useUploadBillAttachment = (businessId: string) =>
  useUploadDocumentAttachment(businessId, 'bill', billAttachmentViewSchema);
