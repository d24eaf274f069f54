/**
 * Where switching to another business leads (spec 002 §2 'Switching business'): the current page for the
 * new business, as far as it makes sense there.
 *
 * - `/b/{old}/settings/{page}/...` keeps only the settings page (`/settings/approval-policies/create` →
 *   `/settings/approval-policies`); `/settings` alone stays `/settings`.
 * - Vendors, customers and invoices (any depth) go to their list pages: a record of one business never
 *   exists in another.
 * - Any bills page goes to the bills list, `/bills/payment-request`.
 * - Other business pages (home, KYB details...) keep their path.
 * - `/b/{old}` alone, or any page outside `/b/{id}` (account pages, onboarding), goes to the new home.
 *
 * The query and hash are dropped: they name records of the old business.
 */
export const getSwitchBusinessPath = (path: string, newBusinessId: string): string => {
  const base = `/b/${encodeURIComponent(newBusinessId)}`;
  const match = /^\/b\/[^/?#]+(\/[^?#]*)?(?:[?#].*)?$/.exec(path);
  if (!match) return `${base}/home`;
  const segments = (match[1] ?? '').split('/').filter((segment) => segment !== '');
  const [area, page] = segments;
  switch (area) {
    case undefined:
      return `${base}/home`;
    case 'settings':
      return page ? `${base}/settings/${page}` : `${base}/settings`;
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
