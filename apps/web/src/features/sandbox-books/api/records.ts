import { pagedSchema, type SandboxBooksKind, sandboxRecordSchema } from '@ferry/domain/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sandboxBooksKeys } from './keys';

const recordsPath = (companyId: string) =>
  `/sandbox/books/companies/${encodeURIComponent(companyId)}/records`;
const recordPath = (companyId: string, recordId: string) =>
  `${recordsPath(companyId)}/${encodeURIComponent(recordId)}`;

export type SandboxRecordsQuery = {
  kind: SandboxBooksKind;
  search: string;
  pageNumber: number;
  pageSize: number;
};

/** `GET …/records?kind&search&pageNumber&pageSize`: a page of one kind's records (the last page stays while the next loads). */
export const useSandboxRecords = (companyId: string | null, query: SandboxRecordsQuery) =>
  useQuery({
    queryKey: sandboxBooksKeys.records(companyId ?? '', query),
    queryFn: ({ signal }) =>
      api.get(recordsPath(companyId ?? ''), {
        query: { ...query, search: query.search.trim() || undefined },
        schema: pagedSchema(sandboxRecordSchema),
        signal,
      }),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });

/** Every record of a kind the forms pick from (a bill's vendor, an invoice's customer): the first 100. */
export const useSandboxContacts = (companyId: string, kind: 'VENDOR' | 'CUSTOMER', enabled: boolean) =>
  useQuery({
    queryKey: sandboxBooksKeys.records(companyId, { kind, search: '', pageNumber: 1, pageSize: 100 }),
    queryFn: ({ signal }) =>
      api.get(recordsPath(companyId), {
        query: { kind, pageNumber: 1, pageSize: 100 },
        schema: pagedSchema(sandboxRecordSchema),
        signal,
      }),
    enabled,
  });

const useInvalidateCompany = (companyId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sandboxBooksKeys.company(companyId) });
};

/** `POST …/records {kind, data}`. */
export const useCreateSandboxRecord = (companyId: string) => {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: (body: { kind: SandboxBooksKind; data: Record<string, unknown> }) =>
      api.post(recordsPath(companyId), body, { schema: sandboxRecordSchema }),
    onSuccess: invalidate,
  });
};

/** `PATCH …/records/{recordId} {data}`. */
export const useUpdateSandboxRecord = (companyId: string) => {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: ({ recordId, data }: { recordId: string; data: Record<string, unknown> }) =>
      api.patch(recordPath(companyId, recordId), { data }, { schema: sandboxRecordSchema }),
    onSuccess: invalidate,
  });
};

/** `DELETE …/records/{recordId}`: the record stays, inactive. */
export const useDeleteSandboxRecord = (companyId: string) => {
  const invalidate = useInvalidateCompany(companyId);
  return useMutation({
    mutationFn: (recordId: string) =>
      api.delete(recordPath(companyId, recordId), { schema: sandboxRecordSchema }),
    onSuccess: invalidate,
  });
};
