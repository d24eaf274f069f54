import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankingKeys, chartAccountsPath, connectionPath } from './keys';
import { type BankAccountView, bankAccountViewSchema, chartAccountPageSchema } from './schemas';

/** Spec 002 §9: accounts are read 1000 at a time. */
export const CHART_ACCOUNTS_PAGE_SIZE = 1000;

/**
 * `GET business/{id}/accounting/accounts?parentAccountType=BANK&pageSize=1000&pageNumber=1`: the books'
 * bank accounts a bank account can be linked to (Ferry's default chart until accounting is connected).
 */
export const useBankChartAccounts = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: bankingKeys.chartAccounts(businessId),
    queryFn: ({ signal }) =>
      api.get(chartAccountsPath(businessId), {
        query: { parentAccountType: 'BANK', pageSize: CHART_ACCOUNTS_PAGE_SIZE, pageNumber: 1 },
        schema: chartAccountPageSchema,
        signal,
      }),
    select: (page) => page.items,
    enabled: businessId !== '' && (options.enabled ?? true),
  });

/** The list with `updated` in place of its old copy (added when the list did not have it yet). */
const upsertAccount = (accounts: BankAccountView[] | undefined, updated: BankAccountView) => {
  if (!accounts) return [updated];
  return accounts.some((account) => account.id === updated.id)
    ? accounts.map((account) => (account.id === updated.id ? updated : account))
    : [...accounts, updated];
};

/**
 * `PATCH .../link-account {paymentInstrumentId, businessAccountId}` or, without a books account,
 * `PATCH .../unlink-account {paymentInstrumentId}`. The list takes the answer.
 */
export const useLinkChartAccount = (businessId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      bankAccountId,
      chartAccountId,
    }: {
      bankAccountId: string;
      chartAccountId: string | null;
    }) =>
      chartAccountId
        ? api.patch(
            connectionPath(businessId, '/link-account'),
            { paymentInstrumentId: bankAccountId, businessAccountId: chartAccountId },
            { schema: bankAccountViewSchema },
          )
        : api.patch(
            connectionPath(businessId, '/unlink-account'),
            { paymentInstrumentId: bankAccountId },
            { schema: bankAccountViewSchema },
          ),
    onSuccess: (updated) => {
      queryClient.setQueryData<BankAccountView[]>(bankingKeys.accounts(businessId), (accounts) =>
        upsertAccount(accounts, updated),
      );
      return queryClient.invalidateQueries({ queryKey: bankingKeys.accounts(businessId) });
    },
  });
};
