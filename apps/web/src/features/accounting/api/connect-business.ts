import type { AccountingProvider } from '@ferry/domain';
import {
  accountingConnectionSchema,
  type ConnectBusinessRequest,
  type OrganisationCallback,
  organisationCallbackSchema,
} from '@ferry/domain/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { businessKeys } from '@/lib/businesses';
import { accountingKeys } from './keys';

/** `GET /auth/connections?providerType&state`: which organisations the provider's grant covers. */
export const useOrganisations = (providerType: string, state: string, enabled: boolean) =>
  useQuery<OrganisationCallback>({
    queryKey: accountingKeys.organisations(providerType, state),
    queryFn: ({ signal }) =>
      api.get('/auth/connections', {
        query: { providerType, state },
        schema: organisationCallbackSchema,
        signal,
      }),
    enabled,
    // The state is single-use on the provider's side: read once, never again on its own.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: false,
    retry: false,
  });

/** `POST /integration/connect-business?providerType {state, organizationId, businessId}`. */
export const useConnectBusiness = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      providerType,
      body,
    }: {
      providerType: AccountingProvider;
      body: ConnectBusinessRequest;
    }) =>
      api.post('/integration/connect-business', body, {
        query: { providerType },
        schema: accountingConnectionSchema,
      }),
    onSuccess: (connection, { body }) => {
      queryClient.setQueryData(accountingKeys.connection(body.businessId), connection);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountingKeys.all(body.businessId) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.detail(body.businessId) }),
      ]);
    },
  });
};
