import {
  type AccountingItemView,
  accountingItemViewSchema,
  type ChartAccountView,
  chartAccountViewSchema,
  contactPageSchema,
  pagedSchema,
} from '@ferry/domain';
import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * The calls the create form of a bill and of an invoice share (spec 002 §7): its pickers (contacts,
 * items, chart accounts), attachments and drafts. Each kind gives its paths and query keys.
 */

const base = (businessId: string) => `/business/${encodeURIComponent(businessId)}`;
const itemPageSchema = pagedSchema(accountingItemViewSchema);
const accountPageSchema = pagedSchema(chartAccountViewSchema);

/** `GET accounting/contacts/{bill-vendors|invoice-customers}` (page 1 of 100, spec 002 §9). */
export const useDocumentContacts = (businessId: string, picker: string, queryKey: QueryKey) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/contacts/${picker}`, {
        query: { pageNumber: 1, pageSize: 100 },
        schema: contactPageSchema,
        signal,
      }),
  });

/** `GET accounting/items` (page size 1000): purchased items for bills, items sold for invoices. */
export const useDocumentItems = (businessId: string, isSold: boolean, queryKey: QueryKey) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/items`, {
        query: { isSold, pageSize: 1000 },
        schema: itemPageSchema,
        signal,
      }),
    select: (page): AccountingItemView[] => page.items,
  });

/** `GET accounting/accounts` (page size 1000) with the kind's filter (expense or income accounts). */
export const useDocumentAccounts = (
  businessId: string,
  filter: Record<string, string | boolean>,
  queryKey: QueryKey,
) =>
  useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      api.get(`${base(businessId)}/accounting/accounts`, {
        query: { ...filter, pageNumber: 1, pageSize: 1000 },
        schema: accountPageSchema,
        signal,
      }),
    select: (page): ChartAccountView[] => page.items,
  });

/** `POST upload-{bill|invoice}-attachment` (multipart `file`). */
export const useUploadDocumentAttachment = <T>(
  businessId: string,
  kind: 'bill' | 'invoice',
  schema: z.ZodType<T>,
) =>
  useMutation({
    mutationFn: (file: File): Promise<T> => {
      const form = new FormData();
      form.append('file', file);
      return api.post(`${base(businessId)}/upload-${kind}-attachment`, form, { schema });
    },
  });

/** `POST {draftsPath}` the first time, `PATCH {draftsPath}/{id}` after (`draftsPath` under the business). */
export const useSaveDocumentDraft = <P, T>(businessId: string, draftsPath: string, schema: z.ZodType<T>) =>
  useMutation({
    mutationFn: ({ draftId, payload }: { draftId: string | null; payload: P }): Promise<T> =>
      draftId
        ? api.patch(`${base(businessId)}/${draftsPath}/${encodeURIComponent(draftId)}`, payload, { schema })
        : api.post(`${base(businessId)}/${draftsPath}`, payload, { schema }),
  });
