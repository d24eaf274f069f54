import { type ActivityLogItem, activityLogItemSchema, pagedSchema } from '@ferry/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityLogsPath, approvalGroupKeys } from './keys';

/** One entry of the groups' log: who (`actor.performedByName`), what, and `metadata.oldData` / `newData`. */
export type GroupActivityItem = ActivityLogItem;

const groupActivityPageSchema = pagedSchema(activityLogItemSchema);

export type ActivityPageParams = { pageNumber: number; pageSize: number };

/** `GET /business/{id}/user-activity-logs?entity=approval_groups&pageNumber&pageSize`, newest first. */
export const getGroupActivity = (businessId: string, page: ActivityPageParams, signal?: AbortSignal) =>
  api.get(activityLogsPath(businessId), {
    query: { entity: 'approval_groups', pageNumber: page.pageNumber, pageSize: page.pageSize },
    schema: groupActivityPageSchema,
    ...(signal ? { signal } : {}),
  });

export const groupActivityQueryOptions = (businessId: string, page: ActivityPageParams) =>
  queryOptions({
    queryKey: approvalGroupKeys.activityPage(businessId, page),
    queryFn: ({ signal }) => getGroupActivity(businessId, page, signal),
    placeholderData: keepPreviousData,
    // Opened after changes made on this page or elsewhere: always the latest.
    refetchOnMount: 'always',
  });

export const useGroupActivity = (
  businessId: string,
  page: ActivityPageParams,
  options: { enabled?: boolean } = {},
) => useQuery({ ...groupActivityQueryOptions(businessId, page), enabled: options.enabled ?? true });
