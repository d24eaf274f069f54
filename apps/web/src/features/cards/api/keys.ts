/** Query keys of the cards area, per business. */
export const cardKeys = {
  all: (businessId: string) => ['cards', businessId] as const,
  list: (businessId: string) => [...cardKeys.all(businessId), 'list'] as const,
  creditCardAccounts: (businessId: string) => [...cardKeys.all(businessId), 'credit-card-accounts'] as const,
  networkVendors: (businessId: string) => [...cardKeys.all(businessId), 'network-vendors'] as const,
  merchantStatus: (businessId: string) => [...cardKeys.all(businessId), 'merchant-status'] as const,
};

const enc = encodeURIComponent;

/** `/business/{id}/card-payment` (spec 002 §7). */
export const cardPaymentPath = (businessId: string, rest = ''): string =>
  `/business/${enc(businessId)}/card-payment${rest}`;
