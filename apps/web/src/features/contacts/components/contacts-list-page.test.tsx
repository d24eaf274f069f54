import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_AREAS } from '@/config/areas';
import { fail } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  BUSINESS_ID,
  CUSTOMER_ID,
  CUSTOMERS_API,
  lastQuery,
  makeBusiness,
  makeContact,
  makeViewerBusiness,
  mockContactsApi,
  page,
  VENDOR_ID,
  VENDORS_API,
} from '../testing/contacts';
import { ContactsListPage } from './contacts-list-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/vendors', element: <ContactsListPage kind="vendor" /> },
  { path: '/b/:businessId/customers', element: <ContactsListPage kind="customer" /> },
  { path: '/b/:businessId/vendors/add', element: <Where name="Add vendor" /> },
  { path: '/b/:businessId/vendors/:contactId', element: <Where name="Vendor" /> },
  { path: '/b/:businessId/settings/integration', element: <Where name="Integrations" /> },
];
const VENDORS = `/b/${BUSINESS_ID}/vendors`;

const VENDOR = makeContact({
  name: 'Blue Bottle Supply',
  email: 'billing@bluebottle.test',
  secondaryEmails: ['ap@bluebottle.test', 'owner@bluebottle.test'],
  phones: { default: { phoneNumber: '2065550100', phoneCountryCode: '1', countryISOCode: 'us' } },
  fbnBusiness: {
    businessId: 'cccccccccccccccccccccccc',
    businessName: 'Blue Bottle Inc',
    addresses: { billing: null },
    website: null,
  },
});

describe('Vendors list', () => {
  it('shows a skeleton, then the vendors with their emails, +N, phone and network badge', async () => {
    const api = mockContactsApi(makeBusiness(), { [`GET ${VENDORS_API}`]: page([VENDOR]) });
    renderRoutes(routes, VENDORS);
    expect(screen.getByLabelText('Loading the list')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Blue Bottle Supply' });
    expect(link).toHaveAttribute('href', `/b/${BUSINESS_ID}/vendors/${VENDOR_ID}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('billing@bluebottle.test')).toBeInTheDocument();
    expect(
      within(row).getByLabelText('2 more emails: ap@bluebottle.test, owner@bluebottle.test'),
    ).toHaveTextContent('+2');
    expect(within(row).getByText('+1 206 555 0100')).toBeInTheDocument();
    expect(within(row).getByText('On Ferry')).toBeInTheDocument();
    const query = lastQuery(api, VENDORS_API);
    expect(Object.fromEntries(query)).toEqual({
      pageNumber: '1',
      pageSize: '10',
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(screen.getByRole('link', { name: 'Add Vendor' })).toHaveAttribute('href', `${VENDORS}/add`);
  });

  it('searches after a pause, with at most 30 characters', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const api = mockContactsApi(makeBusiness(), {
      [`GET ${VENDORS_API}`]: () => {
        calls += 1;
        return calls === 1 ? page([VENDOR]) : page([]);
      },
    });
    renderRoutes(routes, VENDORS);
    const search = await screen.findByRole('searchbox', { name: 'Search vendors' });
    expect(search).toHaveAttribute('maxLength', '30');
    await user.type(search, 'x'.repeat(35));
    expect(search).toHaveValue('x'.repeat(30));
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('searchTerm')).toBe('x'.repeat(30)));
    // One call for the whole term, not one per key.
    expect(api.callsTo(`GET ${VENDORS_API}`)).toHaveLength(2);
    expect(lastQuery(api, VENDORS_API).get('pageNumber')).toBe('1');
    // Nothing matches: the table says so; the empty state is for a business without any vendor.
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByText('Add your first vendor to send a payment')).not.toBeInTheDocument();
  });

  it('sorts by name ascending first, and the toggle asks for descending', async () => {
    const user = userEvent.setup();
    const api = mockContactsApi(makeBusiness(), { [`GET ${VENDORS_API}`]: page([VENDOR]) });
    renderRoutes(routes, VENDORS);
    await user.click(await screen.findByRole('button', { name: 'Name, sorted A to Z' }));
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('sortOrder')).toBe('desc'));
    expect(lastQuery(api, VENDORS_API).get('sortBy')).toBe('name');
    await user.click(screen.getByRole('button', { name: 'Name, sorted Z to A' }));
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('sortOrder')).toBe('asc'));
  });

  it('pages through the vendors', async () => {
    const user = userEvent.setup();
    const vendors = Array.from({ length: 10 }, (_, i) =>
      makeContact({ id: `v${String(i).padStart(23, '0')}`, name: `Vendor ${String.fromCharCode(65 + i)}` }),
    );
    const api = mockContactsApi(makeBusiness(), { [`GET ${VENDORS_API}`]: page(vendors, 25) });
    renderRoutes(routes, VENDORS);
    expect(await screen.findByTestId('data-table-range')).toHaveTextContent('1-10 of 25');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('pageNumber')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '20');
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('pageSize')).toBe('20'));
    expect(lastQuery(api, VENDORS_API).get('pageNumber')).toBe('1');
    // A new search starts again from the first page, without asking for the old page.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('pageNumber')).toBe('2'));
    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'blue');
    await waitFor(() => expect(lastQuery(api, VENDORS_API).get('searchTerm')).toBe('blue'));
    const searched = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost').searchParams)
      .filter((query) => query.get('searchTerm') === 'blue');
    expect(searched.map((query) => query.get('pageNumber'))).toEqual(['1']);
  });

  afterEach(() => {
    LIVE_AREAS.integrations = true;
  });

  it('offers no Connect Now while the integrations area is not live', async () => {
    LIVE_AREAS.integrations = false;
    mockContactsApi(makeBusiness(), { [`GET ${VENDORS_API}`]: page([]) });
    renderRoutes(routes, VENDORS);
    expect(await screen.findByText('Add your first vendor to send a payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Vendor' })).toBeInTheDocument();
    expect(screen.queryByText('Connect Now')).not.toBeInTheDocument();
    expect(screen.queryByText(/Connect your accounting software/)).not.toBeInTheDocument();
  });

  it('shows the empty state with Add and Connect Now for an admin', async () => {
    LIVE_AREAS.integrations = true;
    const user = userEvent.setup();
    mockContactsApi(makeBusiness(), { [`GET ${VENDORS_API}`]: page([]) });
    renderRoutes(routes, VENDORS);
    expect(await screen.findByText('Add your first vendor to send a payment')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const add = screen.getByRole('link', { name: 'Add Vendor' });
    expect(add).toHaveAttribute('href', `${VENDORS}/add`);
    await user.click(screen.getByRole('link', { name: 'Connect Now' }));
    expect(
      await screen.findByRole('heading', { name: `Integrations at /b/${BUSINESS_ID}/settings/integration` }),
    ).toBeInTheDocument();
  });

  it('hides Connect Now once accounting is connected', async () => {
    mockContactsApi(
      makeBusiness({ businessConnections: [{ integrationType: 'ACCOUNTING', status: 'CONNECTED' }] }),
      { [`GET ${VENDORS_API}`]: page([]) },
    );
    renderRoutes(routes, VENDORS);
    expect(await screen.findByText('Add your first vendor to send a payment')).toBeInTheDocument();
    expect(screen.queryByText('Connect Now')).not.toBeInTheDocument();
  });

  it('gives a member who may only view no add button and a disabled Connect Now', async () => {
    LIVE_AREAS.integrations = true;
    mockContactsApi(makeViewerBusiness(), { [`GET ${VENDORS_API}`]: page([]) });
    renderRoutes(routes, VENDORS);
    expect(await screen.findByText('Add your first vendor to send a payment')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Vendor' })).not.toBeInTheDocument();
    const connect = screen.getByRole('button', { name: 'Connect Now' });
    expect(connect).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Only admins can connect accounting software.')).toBeInTheDocument();
  });

  it('hides the add button of a non-empty list from a member who may only view', async () => {
    mockContactsApi(makeViewerBusiness(), { [`GET ${VENDORS_API}`]: page([VENDOR]) });
    renderRoutes(routes, VENDORS);
    expect(await screen.findByRole('link', { name: 'Blue Bottle Supply' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Vendor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite to Ferry' })).not.toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockContactsApi(makeBusiness(), {
      [`GET ${VENDORS_API}`]: () => {
        calls += 1;
        return calls === 1 ? fail(500, 'Something went wrong. Please try again later.') : page([VENDOR]);
      },
    });
    renderRoutes(routes, VENDORS);
    expect(
      await screen.findByText('Error loading data: Something went wrong. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Blue Bottle Supply' })).toBeInTheDocument();
  });
});

describe('Customers list', () => {
  it('lists customers from the customers call, with their own empty state', async () => {
    mockContactsApi(makeBusiness(), { [`GET ${CUSTOMERS_API}`]: page([]) });
    renderRoutes(routes, `/b/${BUSINESS_ID}/customers`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(await screen.findByText('Add your first customer to receive a payment')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Customer' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/customers/add`,
    );
  });

  it('shows the customers of the business', async () => {
    mockContactsApi(makeBusiness(), {
      [`GET ${CUSTOMERS_API}`]: page([
        makeContact({ id: CUSTOMER_ID, type: 'CUSTOMER', name: 'Pike Bakery' }),
      ]),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/customers`);
    expect(await screen.findByRole('link', { name: 'Pike Bakery' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/customers/${CUSTOMER_ID}`,
    );
  });

  it('shows the auto-payment label next to a customer whose mapping has one (spec 002 §4), none otherwise', async () => {
    mockContactsApi(makeBusiness(), {
      [`GET ${CUSTOMERS_API}`]: page([
        makeContact({
          id: CUSTOMER_ID,
          type: 'CUSTOMER',
          name: 'Pike Bakery',
          autoPaymentStatus: 'ACCEPTED',
        }),
        makeContact({
          id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
          type: 'CUSTOMER',
          name: 'Ballard Deli',
          autoPaymentStatus: 'REQUESTED',
        }),
        makeContact({
          id: 'bbbbbbbbbbbbbbbbbbbbbbb3',
          type: 'CUSTOMER',
          name: 'Fremont Grocer',
          autoPaymentStatus: 'PAUSED',
        }),
        makeContact({ id: 'bbbbbbbbbbbbbbbbbbbbbbb4', type: 'CUSTOMER', name: 'Queen Anne Cafe' }),
      ]),
    });
    renderRoutes(routes, `/b/${BUSINESS_ID}/customers`);
    const rowOf = async (name: string) =>
      (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(within(await rowOf('Pike Bakery')).getByLabelText('Auto payments: Enabled')).toHaveTextContent(
      'Enabled',
    );
    expect(within(await rowOf('Ballard Deli')).getByLabelText('Auto payments: Pending')).toBeInTheDocument();
    // A paused mapping has no contact label, nor has a customer never asked.
    expect(within(await rowOf('Fremont Grocer')).queryByLabelText(/Auto payments/)).toBeNull();
    expect(within(await rowOf('Queen Anne Cafe')).queryByLabelText(/Auto payments/)).toBeNull();
  });
});
