import { type ActivityLogItem, activityLogItemSchema, pagedSchema } from '@ferry/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The contact activity view asks for 50 entries a page (spec 002 §9: activity log sizes 10, 50, 1000). */
export const ACTIVITY_LOG_PAGE_SIZE = 50;

export type ActivityLogEntry = ActivityLogItem;

const activityLogPageSchema = pagedSchema(activityLogItemSchema);
export type ActivityLogPage = z.infer<typeof activityLogPageSchema>;

export type ActivityLogFilter = { businessId: string; entityType: string; entityId: string };

export const activityLogKeys = {
  all: ['activity-logs'] as const,
  list: ({ businessId, entityType, entityId }: ActivityLogFilter) =>
    [...activityLogKeys.all, businessId, entityType, entityId] as const,
};

/** `GET /business/{id}/user-activity-logs`: one page of an entity's log, newest first. */
export const getActivityLogs = (
  { businessId, entityType, entityId }: ActivityLogFilter,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<ActivityLogPage> =>
  api.get(`/business/${encodeURIComponent(businessId)}/user-activity-logs`, {
    query: { entityType, entityId, pageNumber, pageSize: ACTIVITY_LOG_PAGE_SIZE },
    schema: activityLogPageSchema,
    ...(signal ? { signal } : {}),
  });

const nextPageNumber = (last: ActivityLogPage): number | undefined =>
  last.pageNumber * last.pageSize < last.total ? last.pageNumber + 1 : undefined;

export const activityLogsQueryOptions = (filter: ActivityLogFilter) =>
  infiniteQueryOptions({
    queryKey: activityLogKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getActivityLogs(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    enabled: Boolean(filter.businessId && filter.entityId),
  });

export const useActivityLogs = (filter: ActivityLogFilter) =>
  useInfiniteQuery(activityLogsQueryOptions(filter));
