import type { PageKind } from '../catalogues/page-kinds.js';

export interface RedirectDetails {
  page?: PageKind | string | null;
  businessId?: string | null;
  id?: string | null;
  paymentId?: string | null;
}

type Target =
  | { path: string }
  | { withId: (id: string) => string }
  | { withPaymentId: (id: string) => string };

const enc = encodeURIComponent;

const TARGETS: Partial<Record<PageKind, Target>> = {
  BANK_LIST: { path: '/settings/bank-account' },
  ACCEPT_CARD_PAYMENT_SETTING: { path: '/settings/accept-card-payment' },
  BUSINESS_DETAIL_SETTING: { path: '/settings/business-profile' },
  INVOICE_LIST: { path: '/invoices' },
  INVOICE_DETAIL: { withId: (id) => `/invoices/${enc(id)}/detail` },
  CREATE_INVOICE: { path: '/invoices/create' },
  BUSINESS_DASHBOARD: { path: '/home' },
  CONNECT_ACCOUNTING_SOFTWARE: { path: '/settings/integration' },
  RECONNECT_ACCOUNTING_SOFTWARE: { path: '/settings/integration' },
  BILL_LIST: { path: '/bills/payment-request' },
  RECEIVED_PAYMENT_LIST: { path: '/invoices/payment/list' },
  BILL_DETAIL: { withPaymentId: (id) => `/bills/payment-request/${enc(id)}/make-payment` },
  PAID_BILL_LIST: { path: '/bills/due' },
  PAID_BILL_DETAIL: { withPaymentId: (id) => `/bills/payment/${enc(id)}/detail` },
  PAYMENT_DETAIL: { withPaymentId: (id) => `/bills/payment/${enc(id)}/detail` },
  CREATE_BILL: { path: '/bills/create' },
  RECEIVED_PAYMENT_DETAIL: { withPaymentId: (id) => `/invoices/payment/${enc(id)}/detail` },
};

/**
 * The path a page kind redirects to, under /b/{businessId} (spec 000 §2). Throws
 * `Error('Missing redirect details')` when the page, the business id or the id the page needs is
 * missing, and `Error('Invalid redirect page')` for a page kind without a target (including
 * EMAIL_NOTIFICATION_SETTING, for which the spec gives no target).
 */
export const getRedirectPath = ({ page, businessId, id, paymentId }: RedirectDetails): string => {
  if (!page || !businessId) throw new Error('Missing redirect details');
  const target = TARGETS[page as PageKind];
  if (!target) throw new Error('Invalid redirect page');
  let rest: string;
  if ('path' in target) {
    rest = target.path;
  } else if ('withId' in target) {
    if (!id) throw new Error('Missing redirect details');
    rest = target.withId(id);
  } else {
    if (!paymentId) throw new Error('Missing redirect details');
    rest = target.withPaymentId(paymentId);
  }
  return `/b/${enc(businessId)}${rest}`;
};
