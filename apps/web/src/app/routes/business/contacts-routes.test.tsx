import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { makeTestVendor } from '@/testing/contacts';
import { mockApi, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';

const BUSINESS_ID = '0123456789abcdef01234567';
const VENDOR_ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const BUSINESS = {
  id: BUSINESS_ID,
  businessName: 'Harbor Coffee Roasters',
  verificationStep: 'NOT_INITIATED',
  role: 'Admin',
  permissions: ['PAY_FULL_ACCESS.manage', 'GET_PAID_FULL_ACCESS.manage'],
};
const VENDOR = makeTestVendor({ id: VENDOR_ID });
const emptyPage = { items: [], total: 0, pageNumber: 1, pageSize: 10 };

/** The vendors and customers pages are registered inside the shell, and its sidebar leads to them. */
describe('vendors and customers routes', () => {
  it('opens the vendor list from the sidebar, then a vendor, then the add page', async () => {
    const user = userEvent.setup({ delay: null });
    const profile = makeUserProfile();
    signInAs(profile);
    const contacts = `/business/${BUSINESS_ID}/accounting/contacts`;
    mockApi({
      'GET /user': ok(profile),
      'GET /business': ok([BUSINESS]),
      [`GET /business/${BUSINESS_ID}`]: ok(BUSINESS),
      [`GET ${contacts}/vendors`]: ok({ ...emptyPage, items: [VENDOR], total: 1 }),
      [`GET ${contacts}/customers`]: ok(emptyPage),
      [`GET ${contacts}/vendors/${VENDOR_ID}`]: ok(VENDOR),
      [`GET ${contacts}/${VENDOR_ID}/documents`]: ok({ items: [], total: 0, maxCount: 5 }),
      [`GET /business/${BUSINESS_ID}/vendor/bank-accounts`]: ok({ managedByVendor: false, items: [] }),
      [`GET /business/${BUSINESS_ID}/user-activity-logs`]: ok({ ...emptyPage, pageSize: 50 }),
    });
    const { router } = renderRoutes(routes, `/b/${BUSINESS_ID}/home`);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The entries a role may read show once the member's business (their rights) has arrived.
    await user.click(await within(nav).findByRole('link', { name: 'Customers' }));
    expect(await screen.findByText('Add your first customer to receive a payment')).toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Vendors' }));
    const vendor = await screen.findByRole('link', { name: 'Blue Bottle Supply' });
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
    await user.click(vendor);
    expect(await screen.findByRole('region', { name: 'Vendor details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/b/${BUSINESS_ID}/vendors/${VENDOR_ID}`);
    // Still the Vendors area in the sidebar.
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
    await router.navigate(`/b/${BUSINESS_ID}/vendors/add`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Vendor' })).toBeInTheDocument();
  });
});
