/** Query keys of the accounting area: the provider cards, and per business its connection and sync runs. */
export const accountingKeys = {
  providers: ['accounting', 'providers'] as const,
  all: (businessId: string) => ['accounting', businessId] as const,
  connection: (businessId: string) => [...accountingKeys.all(businessId), 'connection'] as const,
  syncRuns: (businessId: string, pageNumber: number, pageSize: number) =>
    [...accountingKeys.all(businessId), 'sync-runs', pageNumber, pageSize] as const,
  organisations: (providerType: string, state: string) =>
    ['accounting', 'organisations', providerType, state] as const,
};

const enc = encodeURIComponent;

/** `/business/{id}/accounting/connection` and the business's other accounting routes. */
export const businessPath = (businessId: string, rest: string): string =>
  `/business/${enc(businessId)}${rest}`;

/** While a sync runs its state is read every 5 s; otherwise the app's defaults apply. */
export const SYNC_POLL_MS = 5_000;
