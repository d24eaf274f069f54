/**
 * Query-key prefixes shared across features (a feature may not import another feature's keys). Each
 * feature's own keys start with its prefix, so invalidating a prefix refreshes everything below it:
 * - `['bills', businessId]`: due bills lists and every bills summary (features/bills `billKeys.business`).
 * - `['payments', businessId]`: payments lists, the payments summary and payment details (features/payments).
 * - `['contacts', businessId]`: vendors and customers lists and details (features/contacts `contactKeys.all`).
 * A payment mutation (pay, cancel, reschedule, retry, mark as paid) changes both bills and payments; an
 * auto-payment change (features/auto-payments) changes the contacts' labels and the payments.
 */
export const sharedQueryKeys = {
  bills: (businessId: string) => ['bills', businessId] as const,
  payments: (businessId: string) => ['payments', businessId] as const,
  contacts: (businessId: string) => ['contacts', businessId] as const,
};
