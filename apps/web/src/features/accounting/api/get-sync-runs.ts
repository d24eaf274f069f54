import { pagedSchema, syncRunSchema } from '@ferry/domain/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryConfig } from '@/lib/react-query';
import { accountingKeys, businessPath, SYNC_POLL_MS } from './keys';

const syncRunPageSchema = pagedSchema(syncRunSchema);

/** `GET /business/{id}/accounting/sync-runs?pageNumber&pageSize`: the sync history, newest first. */
/** `syncing`: the connection reports a run in progress (the list follows it every 5 s too). */
export const useSyncRuns = (businessId: string, pageNumber = 1, pageSize = 10, syncing = false) =>
  useQuery({
    queryKey: accountingKeys.syncRuns(businessId, pageNumber, pageSize),
    queryFn: ({ signal }) =>
      api.get(businessPath(businessId, '/accounting/sync-runs'), {
        query: { pageNumber, pageSize },
        schema: syncRunPageSchema,
        signal,
      }),
    enabled: businessId !== '',
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      syncing || query.state.data?.items.some((run) => run.status === 'IN_PROGRESS')
        ? SYNC_POLL_MS
        : queryConfig.queries.refetchInterval,
  });
