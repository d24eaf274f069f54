/** Query keys of the banking area, per business. */
export const bankingKeys = {
  all: (businessId: string) => ['banking', businessId] as const,
  accounts: (businessId: string) => [...bankingKeys.all(businessId), 'accounts'] as const,
  chartAccounts: (businessId: string) => [...bankingKeys.all(businessId), 'chart-accounts', 'BANK'] as const,
  statement: (accountId: string) => ['banking', 'sandbox-statement', accountId] as const,
  institutions: (linkToken: string, query: string) =>
    ['banking', 'sandbox-institutions', linkToken, query] as const,
};

const enc = encodeURIComponent;

/** `/business/{id}/banking/connection` (spec 002 §7). */
export const connectionPath = (businessId: string, rest = ''): string =>
  `/business/${enc(businessId)}/banking/connection${rest}`;

export const bankAccountsPath = (businessId: string): string => `/business/${enc(businessId)}/bank/accounts`;

export const chartAccountsPath = (businessId: string): string =>
  `/business/${enc(businessId)}/accounting/accounts`;
