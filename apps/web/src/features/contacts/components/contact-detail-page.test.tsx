import { CONTACT_MESSAGES, TAX_ID_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import {
  BILLING,
  BUSINESS_ID,
  CUSTOMER_ID,
  CUSTOMERS_API,
  lastQuery,
  makeBusiness,
  makeContact,
  makeViewerBusiness,
  mockContactsApi,
  panelHandlers,
  VENDOR_ID,
  VENDORS_API,
} from '../testing/contacts';
import { type ContactAutoPaymentPanelProps, ContactDetailPage } from './contact-detail-page';

const routes: RouteObject[] = [
  { path: '/b/:businessId/vendors/:contactId', element: <ContactDetailPage kind="vendor" /> },
  { path: '/b/:businessId/customers/:contactId', element: <ContactDetailPage kind="customer" /> },
];
const VENDOR_PAGE = `/b/${BUSINESS_ID}/vendors/${VENDOR_ID}`;
const VENDOR_API = `${VENDORS_API}/${VENDOR_ID}`;
const CUSTOMER_API = `${CUSTOMERS_API}/${CUSTOMER_ID}`;

type User = ReturnType<typeof userEvent.setup>;

// Toasts live in a store shared by the tests: each test starts without any.
afterEach(() => notifications.clean());

const VENDOR = makeContact({
  secondaryEmails: ['ap@bluebottle.test', 'owner@bluebottle.test'],
  phones: { default: { phoneNumber: '2065550100', phoneCountryCode: '1', countryISOCode: 'us' } },
  addresses: { billing: BILLING },
  taxId: '12-3456789',
});

const open = async (contact = VENDOR, business = makeBusiness(), handlers = {}, path = VENDOR_PAGE) => {
  const api = mockContactsApi(business, {
    [`GET ${contact.type === 'VENDOR' ? VENDORS_API : CUSTOMERS_API}/${contact.id}`]: ok(contact),
    ...panelHandlers(contact.id),
    ...handlers,
  });
  renderRoutes(routes, path);
  const card = await screen.findByRole('region', {
    name: `${contact.type === 'VENDOR' ? 'Vendor' : 'Customer'} details`,
  });
  return { api, card };
};

const hoverForTooltip = async (user: User, element: HTMLElement) => {
  await user.hover(element);
  return screen.findByRole('tooltip', {}, { timeout: 5_000 });
};

describe('Vendor detail page', () => {
  it('shows the card: name, email with +N, phone and billing address, under the breadcrumb', async () => {
    const user = userEvent.setup({ delay: null });
    const { card } = await open();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Vendors' })).toHaveAttribute(
      'href',
      `/b/${BUSINESS_ID}/vendors`,
    );
    expect(within(breadcrumb).getByText('Blue Bottle Supply')).toHaveAttribute('aria-current', 'page');
    expect(within(card).getByRole('heading', { name: 'Blue Bottle Supply' })).toBeInTheDocument();
    const email = within(card).getByRole('group', { name: 'Email' });
    expect(within(email).getByText('billing@bluebottle.test')).toBeInTheDocument();
    const badge = within(email).getByLabelText('2 more emails: ap@bluebottle.test, owner@bluebottle.test');
    expect(badge).toHaveTextContent('+2');
    const tooltip = await hoverForTooltip(user, badge);
    expect(within(tooltip).getByText('ap@bluebottle.test')).toBeInTheDocument();
    expect(within(tooltip).getByText('owner@bluebottle.test')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Phone' })).toHaveTextContent('+1 206 555 0100');
    const address = within(card).getByRole('group', { name: 'Billing address' });
    expect(address).toHaveTextContent('12 Pier Road');
    expect(address).toHaveTextContent('Seattle, WA 98101');
    expect(address).toHaveTextContent('United States');
  });

  const LONG_NAME = 'Northwest Regional Coffee Equipment Supply';
  const LONG_EMAIL = 'accounts.payable.department@northwest-coffee.test';

  it('truncates a name over 30 characters, with the whole name in a tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    const { card } = await open(makeContact({ name: LONG_NAME }));
    const heading = within(card).getByRole('heading', { name: LONG_NAME });
    expect(heading).toHaveTextContent(`${LONG_NAME.slice(0, 30)}…`);
    expect(within(await hoverForTooltip(user, heading)).getByText(LONG_NAME)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      `${LONG_NAME.slice(0, 30)}…`,
    );
  });

  it('truncates an email over 30 characters, with the whole email in a tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    const { card } = await open(makeContact({ email: LONG_EMAIL }));
    const shownEmail = within(card).getByLabelText(LONG_EMAIL);
    expect(shownEmail).toHaveTextContent(`${LONG_EMAIL.slice(0, 30)}…`);
    expect(within(await hoverForTooltip(user, shownEmail)).getByText(LONG_EMAIL)).toBeInTheDocument();
    // Text of 30 characters or fewer stays whole, without a tooltip.
    const name = within(card).getByRole('heading', { name: 'Blue Bottle Supply' });
    expect(name).toHaveTextContent('Blue Bottle Supply');
    expect(name).not.toHaveAttribute('tabindex');
  });

  it('edits the vendor: Save waits for a change, then PATCHes the whole form', async () => {
    const user = userEvent.setup({ delay: null });
    const updated = { ...VENDOR, name: 'Blue Bottle Goods' };
    const { api, card } = await open(VENDOR, makeBusiness(), { [`PATCH ${VENDOR_API}`]: ok(updated) });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor Details' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Blue Bottle Supply');
    expect(within(dialog).getByRole('textbox', { name: 'Secondary email 2' })).toHaveValue(
      'owner@bluebottle.test',
    );
    await user.clear(name);
    await user.type(name, 'Blue Bottle Goods');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodiesOf(`PATCH ${VENDOR_API}`)).toEqual([
      {
        name: 'Blue Bottle Goods',
        email: 'billing@bluebottle.test',
        secondaryEmails: ['ap@bluebottle.test', 'owner@bluebottle.test'],
        phoneNumber: { countryISOCode: 'us', dialCode: '1', phoneNumber: '2065550100' },
        addresses: { billing: BILLING },
      },
    ]);
    expect(await screen.findByText('Successfully saved.')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Blue Bottle Goods' })).toBeInTheDocument();
  });

  it('clears the phone and the address through the edit dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, card } = await open(VENDOR, makeBusiness(), { [`PATCH ${VENDOR_API}`]: ok(makeContact()) });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor Details' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Phone Number' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Address Line 1' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'City' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear state' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Zip Code' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(`PATCH ${VENDOR_API}`)).toHaveLength(1));
    expect(api.bodiesOf(`PATCH ${VENDOR_API}`)[0]).toMatchObject({
      phoneNumber: null,
      addresses: {
        billing: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: '' },
      },
    });
  });

  it('checks the edit with the same rules, and shows the fallback when saving fails', async () => {
    const user = userEvent.setup({ delay: null });
    const { card } = await open(VENDOR, makeBusiness(), { [`PATCH ${VENDOR_API}`]: fail(500, 'Internal') });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Vendor Details' });
    const second = within(dialog).getByRole('textbox', { name: 'Secondary email 2' });
    await user.clear(second);
    await user.type(second, 'AP@bluebottle.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(CONTACT_MESSAGES.duplicate)).toBeInTheDocument();
    await user.clear(second);
    await user.type(second, 'sales@bluebottle.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update vendor details.')).toBeInTheDocument();
  });

  it('shows the tax ID masked, reveals it, and changes it with the formatter and its messages', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = await open(VENDOR, makeBusiness(), {
      [`PATCH ${VENDOR_API}/tax-id`]: ok({ ...VENDOR, taxId: '98-7654321' }),
    });
    const section = screen.getByRole('region', { name: 'Tax ID' });
    expect(within(section).getByTestId('tax-id-value')).toHaveTextContent('*** 6789');
    await user.click(within(section).getByRole('button', { name: 'Show' }));
    expect(within(section).getByTestId('tax-id-value')).toHaveTextContent('12-3456789');
    await user.click(within(section).getByRole('button', { name: 'Edit Tax ID' }));
    const input = within(section).getByRole('textbox', { name: 'Tax ID' });
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(TAX_ID_MESSAGES.required)).toBeInTheDocument();
    await user.type(input, '98a765');
    expect(input).toHaveValue('98-765');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(TAX_ID_MESSAGES.invalid)).toBeInTheDocument();
    await user.type(input, '4321999');
    expect(input).toHaveValue('98-7654321');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(`PATCH ${VENDOR_API}/tax-id`)).toEqual([{ taxId: '987654321' }]));
    expect(await within(section).findByTestId('tax-id-value')).toHaveTextContent('*** 4321');
  });

  it('composes the bank details, documents and activity log of the vendor', async () => {
    const { api } = await open();
    expect(await screen.findByText('No Activity Yet.')).toBeInTheDocument();
    expect(lastQuery(api, `/business/${BUSINESS_ID}/user-activity-logs`).get('entityType')).toBe('contacts');
    expect(lastQuery(api, `/business/${BUSINESS_ID}/user-activity-logs`).get('entityId')).toBe(VENDOR_ID);
    await waitFor(() =>
      expect(
        api.callsTo(`GET /business/${BUSINESS_ID}/accounting/contacts/${VENDOR_ID}/documents`),
      ).toHaveLength(1),
    );
    await waitFor(() =>
      expect(lastQuery(api, `/business/${BUSINESS_ID}/vendor/bank-accounts`).get('vendorId')).toBe(VENDOR_ID),
    );
  });

  it('is read-only for a member who may only view vendors', async () => {
    const { card } = await open({ ...VENDOR, taxId: '*** 6789' }, makeViewerBusiness());
    expect(screen.getByRole('note')).toHaveTextContent('You can view this vendor.');
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Tax ID' });
    expect(within(section).getByTestId('tax-id-value')).toHaveTextContent('*** 6789');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets a member with the vendor auto-payment right edit a vendor whose auto payments are authorised', async () => {
    const business = makeViewerBusiness({
      permissions: ['PAY_MANAGE_VENDORS.view', 'PAY_MANAGE_VENDOR_AUTO_PAYMENTS.manage'],
    });
    const { card } = await open({ ...VENDOR, autoPaymentStatus: 'ACCEPTED' }, business);
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('keeps a vendor read-only for that member while its auto payments are not authorised', async () => {
    const business = makeViewerBusiness({
      permissions: ['PAY_MANAGE_VENDORS.view', 'PAY_MANAGE_VENDOR_AUTO_PAYMENTS.manage'],
    });
    const { card } = await open({ ...VENDOR, autoPaymentStatus: 'PAYER_DISABLED' }, business);
    expect(within(card).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows the network badge of a linked vendor', async () => {
    const user = userEvent.setup({ delay: null });
    const { card } = await open(
      makeContact({
        fbnBusiness: {
          businessId: 'c'.repeat(24),
          businessName: 'Blue Bottle Inc',
          addresses: { billing: null },
          website: null,
        },
      }),
    );
    const badge = within(card).getByText('On Ferry');
    expect(
      within(await hoverForTooltip(user, badge)).getByText('Linked to Blue Bottle Inc on Ferry'),
    ).toBeInTheDocument();
  });

  it('says when the vendor cannot be found', async () => {
    mockContactsApi(makeBusiness(), { [`GET ${VENDOR_API}`]: fail(404, 'Vendor not found.') });
    renderRoutes(routes, VENDOR_PAGE);
    expect(await screen.findByText('Error loading data: Vendor not found.')).toBeInTheDocument();
  });
});

describe('Finalize a vendor', () => {
  const INLINE = makeContact({ name: 'Quick Vendor', email: 'quick@vendor.test', needsFinalize: true });

  it('saves the details as they are (an email is there) to finalize', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, card } = await open(INLINE, makeBusiness(), {
      [`PATCH ${VENDOR_API}`]: ok({ ...INLINE, needsFinalize: false }),
    });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Vendor Details' });
    await user.click(within(dialog).getByText('Enter details'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(`PATCH ${VENDOR_API}`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Finalize details')).not.toBeInTheDocument());
  });

  it('links the vendor to a business found on Ferry', async () => {
    const user = userEvent.setup({ delay: null });
    const network = {
      id: 'd'.repeat(24),
      businessName: 'Quick Vendor LLC',
      businessEmail: 'owner@quick.test',
      website: null,
      addresses: { billing: null },
      verificationStatus: 'FULL_VERIFIED',
    };
    const { api } = await open(INLINE, makeBusiness(), {
      [`GET /business/${BUSINESS_ID}/search`]: ok({
        items: [network],
        total: 1,
        pageNumber: 1,
        pageSize: 10,
      }),
      'POST /contact-business-mapping': ok({
        ...INLINE,
        needsFinalize: false,
        fbnBusiness: {
          businessId: network.id,
          businessName: network.businessName,
          addresses: { billing: null },
          website: null,
        },
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Finalize details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize Vendor Details' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Business name' }), 'Quick');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Select Quick Vendor LLC' }, { timeout: 3000 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link Vendor' }));
    await waitFor(() =>
      expect(api.bodiesOf('POST /contact-business-mapping')).toEqual([
        { businessId: BUSINESS_ID, mappedBusinessId: network.id, contactId: VENDOR_ID },
      ]),
    );
    expect(await screen.findByText('On Ferry')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Contact linked successfully.')).toBeInTheDocument();
  });
});

/** A stand-in auto-payment panel that prints what the page gives it. */
const StubAutoPaymentPanel = (props: ContactAutoPaymentPanelProps) => (
  <section aria-label="Auto payments panel">
    {`${props.side} ${props.contactId} ${props.contactName} ${props.contactEmail} ${props.permissions?.join(',')}`}
  </section>
);

describe('Customer detail page', () => {
  const CUSTOMER = makeContact({
    id: CUSTOMER_ID,
    type: 'CUSTOMER',
    name: 'Pike Bakery',
    email: 'owner@pike.test',
  });
  const CUSTOMER_PAGE = `/b/${BUSINESS_ID}/customers/${CUSTOMER_ID}`;

  it('has no tax ID or bank section, and edits with the customer texts', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, card } = await open(
      CUSTOMER,
      makeBusiness(),
      { [`PATCH ${CUSTOMER_API}`]: ok({ ...CUSTOMER, email: 'hello@pike.test' }) },
      CUSTOMER_PAGE,
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Customers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax ID' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer Details' });
    const email = within(dialog).getByRole('textbox', { name: 'Email Address' });
    await user.clear(email);
    await user.type(email, 'hello@pike.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer details updated successfully.')).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${CUSTOMER_API}`)[0]).toMatchObject({
      email: 'hello@pike.test',
      phoneNumber: null,
    });
    expect(api.callsTo(`GET /business/${BUSINESS_ID}/vendor/bank-accounts`)).toHaveLength(0);
  });

  it('gives the auto-payment panel the side, the contact and the member rights (PAYEE here, PAYER on a vendor)', async () => {
    const withPanel: RouteObject[] = [
      {
        path: '/b/:businessId/customers/:contactId',
        element: <ContactDetailPage kind="customer" autoPaymentPanel={StubAutoPaymentPanel} />,
      },
      {
        path: '/b/:businessId/vendors/:contactId',
        element: <ContactDetailPage kind="vendor" autoPaymentPanel={StubAutoPaymentPanel} />,
      },
    ];
    const business = makeBusiness({ permissions: ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.view'] });
    mockContactsApi(business, {
      [`GET ${CUSTOMER_API}`]: ok(CUSTOMER),
      [`GET ${VENDOR_API}`]: ok(VENDOR),
      ...panelHandlers(CUSTOMER_ID),
      ...panelHandlers(VENDOR_ID),
    });
    const { unmount } = renderRoutes(withPanel, CUSTOMER_PAGE);
    expect(await screen.findByRole('region', { name: 'Auto payments panel' })).toHaveTextContent(
      `PAYEE ${CUSTOMER_ID} Pike Bakery owner@pike.test GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.view`,
    );
    unmount();
    renderRoutes(withPanel, VENDOR_PAGE);
    expect(await screen.findByRole('region', { name: 'Auto payments panel' })).toHaveTextContent(
      `PAYER ${VENDOR_ID} Blue Bottle Supply`,
    );
  });
});
