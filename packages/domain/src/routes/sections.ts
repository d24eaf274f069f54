export const APP_SECTIONS = [
  'BUSINESS_PROFILE',
  'GUEST_AUTO_PAYMENT',
  'GUEST_PAYMENT',
  'INVOICES',
  'BILLS_PAYMENT_REQUEST',
  'BILLS_DUE',
  'CUSTOMERS_AUTO_PAYMENT',
  'HOME',
] as const;
export type AppSection = (typeof APP_SECTIONS)[number];

/**
 * Resolves a path to the section a user lands in (spec 002 §2 path-to-section mapper): auto-pay and
 * guest-payment paths go to the business profile for active users and to the guest flow for
 * guest-active users; then invoices, bills (due or payment-request), customers (auto payment),
 * business profile, otherwise home.
 */
export const getSectionForPath = (path: string, activeStatus?: string | null): AppSection => {
  const isAutoPay = path.includes('auto-pay');
  if (isAutoPay || path.includes('guest-payment') || path.includes('/process/payment')) {
    if (activeStatus === 'ACTIVE') return 'BUSINESS_PROFILE';
    if (activeStatus === 'GUEST_ACTIVE') return isAutoPay ? 'GUEST_AUTO_PAYMENT' : 'GUEST_PAYMENT';
    return 'HOME';
  }
  if (path.includes('invoices')) return 'INVOICES';
  if (path.includes('bills')) return path.includes('/due') ? 'BILLS_DUE' : 'BILLS_PAYMENT_REQUEST';
  if (path.includes('customers')) return 'CUSTOMERS_AUTO_PAYMENT';
  if (path.includes('business-profile')) return 'BUSINESS_PROFILE';
  return 'HOME';
};

/**
 * Rewrites the current path for another business (spec 002 §2 'Switching business'): settings keep
 * only their first sub-page, vendors/customers and invoices go to their lists, bills go to
 * payment-request; other business pages keep their path. Paths outside /b/{id} go to the new home.
 */
export const getSwitchBusinessPath = (path: string, newBusinessId: string): string => {
  const base = `/b/${encodeURIComponent(newBusinessId)}`;
  const match = /^\/b\/[^/]+(\/[^?#]*)?/.exec(path);
  if (!match) return `${base}/home`;
  const segments = (match[1] ?? '').split('/').filter((s) => s !== '');
  const [area, sub] = segments;
  switch (area) {
    case undefined:
      return `${base}/home`;
    case 'settings':
      return sub ? `${base}/settings/${sub}` : `${base}/settings`;
    case 'vendors':
    case 'customers':
    case 'invoices':
      return `${base}/${area}`;
    case 'bills':
      return `${base}/bills/payment-request`;
    default:
      return `${base}/${segments.join('/')}`;
  }
};
