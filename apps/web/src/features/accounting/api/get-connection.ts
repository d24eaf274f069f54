import { type AccountingConnection, accountingConnectionSchema } from '@ferry/domain/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryConfig } from '@/lib/react-query';
import { accountingKeys, businessPath, SYNC_POLL_MS } from './keys';

/** `GET /business/{id}/accounting/connection`: the business's accounting connection, or null (never made). */
export const getConnection = (
  businessId: string,
  signal?: AbortSignal,
): Promise<AccountingConnection | null> =>
  api.get(businessPath(businessId, '/accounting/connection'), {
    schema: accountingConnectionSchema.nullable(),
    ...(signal ? { signal } : {}),
  });

export const connectionQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: accountingKeys.connection(businessId),
    queryFn: ({ signal }) => getConnection(businessId, signal),
    enabled: businessId !== '',
    // Every 5 s while a sync runs (the button and the page follow it); the app's default otherwise.
    refetchInterval: (query) =>
      query.state.data?.syncStatus === 'IN_PROGRESS' || query.state.data?.lastRun?.status === 'IN_PROGRESS'
        ? SYNC_POLL_MS
        : queryConfig.queries.refetchInterval,
  });

export const useConnection = (businessId: string) => useQuery(connectionQueryOptions(businessId));
