import { approvalGroupViewSchema, pagedSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ApprovalGroupListParams, approvalGroupKeys, approvalGroupsPath } from './keys';

const approvalGroupPageSchema = pagedSchema(approvalGroupViewSchema);

/**
 * `GET /business/{id}/approval-groups?pageNumber&pageSize&sortBy&sortOrder&searchBy` →
 * `{ items, total, pageNumber, pageSize }`.
 */
export const getApprovalGroups = (
  businessId: string,
  params: ApprovalGroupListParams,
  signal?: AbortSignal,
) =>
  api.get(approvalGroupsPath(businessId), {
    query: {
      pageNumber: params.pageNumber,
      pageSize: params.pageSize,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
      searchBy: params.searchBy.trim() || undefined,
    },
    schema: approvalGroupPageSchema,
    ...(signal ? { signal } : {}),
  });

export const approvalGroupsQueryOptions = (businessId: string, params: ApprovalGroupListParams) =>
  queryOptions({
    queryKey: approvalGroupKeys.list(businessId, params),
    queryFn: ({ signal }) => getApprovalGroups(businessId, params, signal),
    // The page before stays on screen while the next loads (search, sorting, paging).
    placeholderData: keepPreviousData,
    // Back on the list after a save (the mutation invalidated it): ask again.
    refetchOnMount: true,
  });

export const useApprovalGroups = (
  businessId: string,
  params: ApprovalGroupListParams,
  options: { enabled?: boolean } = {},
) => useQuery({ ...approvalGroupsQueryOptions(businessId, params), enabled: options.enabled ?? true });
