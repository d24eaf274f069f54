import type { ContactView } from '@ferry/domain';
import type { RouteObject } from 'react-router';
import type { Business } from '@/lib/businesses';
import { SEATTLE_ADDRESS } from '@/testing/addresses';
import { makeTestBusiness, TEST_BUSINESS_ID } from '@/testing/businesses';
import { makeTestVendor, TEST_VENDOR_ID } from '@/testing/contacts';
import { type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';

export const BUSINESS_ID = TEST_BUSINESS_ID;
export const VENDOR_ID = TEST_VENDOR_ID;
export const CUSTOMER_ID = 'bbbbbbbbbbbbbbbbbbbbbbb1';

export const VENDORS_API = `/business/${BUSINESS_ID}/accounting/contacts/vendors`;
export const CUSTOMERS_API = `/business/${BUSINESS_ID}/accounting/contacts/customers`;

/** May see vendors and customers but change nothing. */
export const VIEWER_PERMISSIONS = ['PAY_MANAGE_VENDORS.view', 'GET_PAID_MANAGE_CUSTOMERS.view'];

/** A business as `GET /business/{id}` answers for its Admin. */
export const makeBusiness = makeTestBusiness;

/** A member who may only view (role 'Viewer'). */
export const makeViewerBusiness = (overrides: Partial<Business> = {}): Business =>
  makeBusiness({ role: 'Viewer', permissions: VIEWER_PERMISSIONS, ...overrides });

/** A vendor as the contacts API answers it. */
export const makeContact = makeTestVendor;

export const BILLING = SEATTLE_ADDRESS;

export const page = (items: ContactView[], total = items.length, pageNumber = 1, pageSize = 10) =>
  ok({ items, total, pageNumber, pageSize });

/** The answers of the panels composed on a detail page (documents, banks, activity log): all empty. */
export const panelHandlers = (contactId: string): Record<string, MockHandler> => ({
  [`GET /business/${BUSINESS_ID}/accounting/contacts/${contactId}/documents`]: ok({
    items: [],
    total: 0,
    maxCount: 5,
  }),
  [`GET /business/${BUSINESS_ID}/vendor/bank-accounts`]: ok({ managedByVendor: false, items: [] }),
  [`GET /business/${BUSINESS_ID}/user-activity-logs`]: ok({
    items: [],
    total: 0,
    pageNumber: 1,
    pageSize: 50,
  }),
});

/** A fake server that knows the business (Admin unless given) and the handlers of the test. */
export const mockContactsApi = (business: Business, handlers: Record<string, MockHandler> = {}) =>
  mockApi({ [`GET /business/${BUSINESS_ID}`]: ok(business), ...handlers });

/** The query string of the last call to `path`, as URLSearchParams. */
export const lastQuery = (api: ReturnType<typeof mockApi>, path: string): URLSearchParams => {
  const urls = api.fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${path}`);
  const last = urls.at(-1);
  if (!last) throw new Error(`No call to ${path}`);
  return last.searchParams;
};

export const renderAt = (routes: RouteObject[], path: string) => renderRoutes(routes, path);
