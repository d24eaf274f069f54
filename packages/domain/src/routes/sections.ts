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
