import type { AccountingProvider } from '@ferry/domain';
import { type AccountingConnection, accountingConnectionSchema, syncRunSchema } from '@ferry/domain/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { accountingKeys, businessPath } from './keys';

/** After a change the business (its businessConnections) and the accounting queries are read again. */
const useRefreshAccounting = (businessId: string) => {
  const queryClient = useQueryClient();
  return (connection?: AccountingConnection) => {
    if (connection) queryClient.setQueryData(accountingKeys.connection(businessId), connection);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: accountingKeys.all(businessId) }),
      queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }),
    ]);
  };
};

/** `POST /business/{id}/disconnect/accounting-connection`: answers the connection, DISCONNECTED. */
export const useDisconnect = (businessId: string) => {
  const refresh = useRefreshAccounting(businessId);
  return useMutation({
    mutationFn: () =>
      api.post(businessPath(businessId, '/disconnect/accounting-connection'), undefined, {
        schema: accountingConnectionSchema,
      }),
    onSuccess: (connection) => refresh(connection),
  });
};

/** `PATCH /business/{id}/accounting/connection {autoSync}`. */
export const useSetAutoSync = (businessId: string) => {
  const refresh = useRefreshAccounting(businessId);
  return useMutation({
    mutationFn: (autoSync: boolean) =>
      api.patch(
        businessPath(businessId, '/accounting/connection'),
        { autoSync },
        { schema: accountingConnectionSchema },
      ),
    onSuccess: (connection) => refresh(connection),
  });
};

/** `POST /sync/platform/{businessId}/{providerType} {isActual: true}`: starts a sync (a run, queued or running). */
export const useStartSync = (businessId: string) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAccounting(businessId);
  return useMutation({
    mutationFn: (providerType: AccountingProvider) =>
      api.post(
        `/sync/platform/${encodeURIComponent(businessId)}/${encodeURIComponent(providerType)}`,
        { isActual: true },
        { schema: syncRunSchema },
      ),
    onSuccess: (run) => {
      // The button shows 'Syncing' at once; polling takes over until the run ends.
      queryClient.setQueryData<AccountingConnection | null>(
        accountingKeys.connection(businessId),
        (current) => (current ? { ...current, syncStatus: 'IN_PROGRESS', lastRun: run } : current),
      );
      return refresh();
    },
  });
};
