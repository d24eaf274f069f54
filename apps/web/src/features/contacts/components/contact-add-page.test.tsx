import {
  ACCESS_DENIED_MESSAGE,
  ADDRESS_MESSAGES,
  CONTACT_MESSAGES,
  EDGE_WHITESPACE_MESSAGE,
} from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  BUSINESS_ID,
  CUSTOMER_ID,
  CUSTOMERS_API,
  makeBusiness,
  makeContact,
  makeViewerBusiness,
  mockContactsApi,
  VENDOR_ID,
  VENDORS_API,
} from '../testing/contacts';
import { ContactAddPage } from './contact-add-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/vendors/add', element: <ContactAddPage kind="vendor" /> },
  { path: '/b/:businessId/customers/add', element: <ContactAddPage kind="customer" /> },
  { path: '/b/:businessId/vendors/:contactId', element: <Where name="Vendor" /> },
  { path: '/b/:businessId/customers/:contactId', element: <Where name="Customer" /> },
  { path: '/b/:businessId/vendors', element: <Where name="Vendors" /> },
];
const ADD_VENDOR = `/b/${BUSINESS_ID}/vendors/add`;
const ADD_CUSTOMER = `/b/${BUSINESS_ID}/customers/add`;

type User = ReturnType<typeof userEvent.setup>;

// Toasts live in a store shared by the tests: each test starts without any.
afterEach(() => notifications.clean());

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = (user: User, label = 'Add Vendor') => user.click(screen.getByRole('button', { name: label }));

const choose = chooseOption;

const openForm = async (path = ADD_VENDOR, business = makeBusiness(), handlers = {}) => {
  const api = mockContactsApi(business, handlers);
  renderRoutes(routes, path);
  await screen.findByRole('heading', { name: 'Or add them manually' });
  return api;
};

describe('Add vendor page', () => {
  it('offers the network search and the manual form, under the breadcrumb', async () => {
    await openForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Vendor' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Vendors' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/vendors`,
    );
    expect(screen.getByRole('heading', { name: 'Find them on Ferry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search vendors on Ferry')).toBeInTheDocument();
    expect(field('Name')).toBeRequired();
    expect(screen.getByText('Email Address')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country code' })).toBeInTheDocument();
  });

  it('requires the name and the email', async () => {
    const user = userEvent.setup({ delay: null });
    const api = await openForm();
    await submit(user);
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.callsTo(`POST ${VENDORS_API}`)).toHaveLength(0);
  });

  it.each([
    ['A', 'Name must be at least 2 characters.'],
    ['Acme Wholesale Suppliers Inc', 'Name cannot exceed 25 characters.'],
    ['Acme 123', 'Name can only contain letters and spaces'],
    ['   ', 'Name cannot contain only spaces.'],
    [' Acme', EDGE_WHITESPACE_MESSAGE],
  ])('checks the name %j', async (name, message) => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(field('Name'), name);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('checks the email and the phone for its country', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(field('Email Address'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(field('Phone Number'), '123');
    await user.tab();
    expect(await screen.findByText('Please enter valid phone number.')).toBeInTheDocument();
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '2065550100');
    await user.tab();
    await waitFor(() =>
      expect(screen.queryByText('Please enter valid phone number.')).not.toBeInTheDocument(),
    );
  });

  it('refuses duplicate secondary emails and one equal to the primary, case-insensitively', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(field('Email Address'), 'billing@acme.test');
    const add = screen.getByRole('button', { name: 'Add secondary email' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    await user.type(field('Secondary email 1'), 'ap@acme.test');
    await user.type(field('Secondary email 2'), 'AP@acme.test');
    await user.type(field('Secondary email 3'), 'Billing@Acme.test');
    await submit(user);
    expect(await screen.findByText(CONTACT_MESSAGES.duplicate)).toBeInTheDocument();
    expect(screen.getByText('Secondary email cannot be the same as primary email.')).toBeInTheDocument();
    expect(field('Secondary email 2')).toHaveAccessibleDescription(CONTACT_MESSAGES.duplicate);
    // An empty row is not an email.
    await user.click(screen.getByRole('button', { name: 'Remove secondary email 3' }));
    await user.clear(field('Secondary email 2'));
    await submit(user);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it('stops at 5 secondary emails for a vendor', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    const add = screen.getByRole('button', { name: 'Add secondary email' });
    for (let i = 0; i < 5; i += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText('Maximum 5 secondary emails allowed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove secondary email 5' }));
    expect(add).toBeEnabled();
  });

  it('asks for the whole billing address once any of it is filled', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(field('Name'), 'Acme Supply');
    await user.type(field('Email Address'), 'billing@acme.test');
    await user.type(field('City'), 'Seattle');
    await submit(user);
    expect(await screen.findByText(ADDRESS_MESSAGES.line1Required)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.stateRequired)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.zipRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear country' }));
    await submit(user);
    expect(await screen.findByText(ADDRESS_MESSAGES.countryRequired)).toBeInTheDocument();
  });

  it('checks the lengths of city and zip, and the state code outside the US', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm();
    await user.type(field('City'), 'x'.repeat(41));
    await user.type(field('Zip Code'), '1234567890');
    await choose(user, 'Country', 'Canada');
    await user.type(field('State'), 'O');
    await submit(user);
    expect(await screen.findByText(ADDRESS_MESSAGES.cityTooLong)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.zipTooLong)).toBeInTheDocument();
    expect(screen.getByText(ADDRESS_MESSAGES.stateCode)).toBeInTheDocument();
  });

  it('adds the vendor with its secondary emails, phone and address, then opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const api = await openForm(ADD_VENDOR, makeBusiness(), { [`POST ${VENDORS_API}`]: ok(makeContact()) });
    await user.type(field('Name'), 'Acme Supply');
    await user.type(field('Email Address'), 'billing@acme.test');
    await user.type(field('Phone Number'), '2065550100');
    const add = screen.getByRole('button', { name: 'Add secondary email' });
    await user.click(add);
    await user.click(add);
    await user.type(field('Secondary email 1'), 'ap@acme.test');
    await user.type(field('Secondary email 2'), 'owner@acme.test');
    await user.type(field('Address Line 1'), '12 Pier Road');
    await user.type(field('City'), 'Seattle');
    await choose(user, 'State', 'Washington');
    await user.type(field('Zip Code'), '98101');
    await submit(user);
    expect(
      await screen.findByRole('heading', { name: `Vendor at /b/${BUSINESS_ID}/vendors/${VENDOR_ID}` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${VENDORS_API}`)).toEqual([
      {
        name: 'Acme Supply',
        email: 'billing@acme.test',
        secondaryEmails: ['ap@acme.test', 'owner@acme.test'],
        phoneNumber: { countryISOCode: 'us', dialCode: '1', phoneNumber: '2065550100' },
        addresses: {
          billing: {
            addressLine1: '12 Pier Road',
            addressLine2: '',
            city: 'Seattle',
            state: 'WA',
            zipCode: '98101',
            country: 'US',
          },
        },
      },
    ]);
    expect(await screen.findByText('Successfully saved.')).toBeInTheDocument();
  });

  it('sends neither phone nor address when they are left empty', async () => {
    const user = userEvent.setup({ delay: null });
    const api = await openForm(ADD_VENDOR, makeBusiness(), { [`POST ${VENDORS_API}`]: ok(makeContact()) });
    await user.type(field('Name'), 'Acme Supply');
    await user.type(field('Email Address'), ' billing@acme.test ');
    await submit(user);
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${VENDORS_API}`)).toEqual([
        { name: 'Acme Supply', email: 'billing@acme.test', secondaryEmails: [] },
      ]),
    );
  });

  it("puts the server's answer on the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    await openForm(ADD_VENDOR, makeBusiness(), {
      [`POST ${VENDORS_API}`]: fail(409, 'A vendor with this email already exists.', {
        errorCode: 'CONFLICT',
      }),
    });
    await user.type(field('Name'), 'Acme Supply');
    await user.type(field('Email Address'), 'billing@acme.test');
    await submit(user);
    expect(await screen.findByText('A vendor with this email already exists.')).toBeInTheDocument();
    expect(field('Email Address')).toHaveAccessibleDescription('A vendor with this email already exists.');
  });

  it('shows a member who may not manage vendors no form', async () => {
    mockContactsApi(makeViewerBusiness());
    renderRoutes(routes, ADD_VENDOR);
    expect(await screen.findByText(ACCESS_DENIED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});

describe('Add customer page', () => {
  it('allows 3 additional emails, none equal to the primary', async () => {
    const user = userEvent.setup({ delay: null });
    await openForm(ADD_CUSTOMER);
    expect(screen.getByRole('heading', { level: 1, name: 'Add Customer' })).toBeInTheDocument();
    await user.type(field('Email Address'), 'owner@pike.test');
    const add = screen.getByRole('button', { name: 'Add additional email' });
    for (let i = 0; i < 3; i += 1) await user.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText(CONTACT_MESSAGES.maxThreeAdditional)).toBeInTheDocument();
    await user.type(field('Additional email 1'), 'OWNER@pike.test');
    await submit(user, 'Add Customer');
    expect(await screen.findByText(CONTACT_MESSAGES.sameAsPrimaryCustomer)).toBeInTheDocument();
  });

  it('adds the customer through the customers call', async () => {
    const user = userEvent.setup({ delay: null });
    const api = await openForm(ADD_CUSTOMER, makeBusiness(), {
      [`POST ${CUSTOMERS_API}`]: ok(makeContact({ id: CUSTOMER_ID, type: 'CUSTOMER' })),
    });
    await user.type(field('Name'), 'Pike Bakery');
    await user.type(field('Email Address'), 'owner@pike.test');
    await submit(user, 'Add Customer');
    expect(
      await screen.findByRole('heading', { name: `Customer at /b/${BUSINESS_ID}/customers/${CUSTOMER_ID}` }),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${CUSTOMERS_API}`)).toEqual([
      { name: 'Pike Bakery', email: 'owner@pike.test', secondaryEmails: [] },
    ]);
    expect(await screen.findByText('Customer added successfully.')).toBeInTheDocument();
  });
});
