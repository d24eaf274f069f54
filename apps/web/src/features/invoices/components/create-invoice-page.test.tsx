import { INVOICE_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockBusinessApi } from '@/testing/businesses';
import { makeTestVendor } from '@/testing/contacts';
import { ok, queriesOf } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes, Where } from '@/testing/test-utils';
import {
  ACCOUNT_ID,
  API,
  BUSINESS_ID,
  CUSTOMER_ID,
  INVOICE_ID,
  ITEM_ID,
  makeInvoiceView,
} from '../testing/invoices';
import { CreateInvoicePage, INVOICE_SAVED_MESSAGE, INVOICE_SENT_MESSAGE } from './create-invoice-page';

/** A stand-in for the app's inline add (features/contacts): adds 'Corner Deli' at once. */
const inlineAdd = ({
  initialName,
  onAdded,
}: {
  initialName: string;
  onAdded: (c: { id: string; name: string }) => void;
}) => (
  <button type="button" onClick={() => onAdded({ id: 'aaaaaaaaaaaaaaaaaaaaaa09', name: 'Corner Deli' })}>
    {`Add ${initialName || 'someone'} inline`}
  </button>
);

const routes: RouteObject[] = [
  { path: '/b/:businessId/invoices/create', element: <CreateInvoicePage renderInlineAdd={inlineAdd} /> },
  { path: '/b/:businessId/invoices', element: <Where name="Invoices" /> },
];
const CREATE = `/b/${BUSINESS_ID}/invoices/create`;
const customer = (onNetwork: boolean) =>
  makeTestVendor({
    id: CUSTOMER_ID,
    type: 'CUSTOMER',
    name: 'Sunrise Bakery',
    email: 'ap@sunrise.test',
    fbnBusiness: onNetwork
      ? {
          businessId: 'ffffffffffffffffffffff0a',
          businessName: 'Sunrise Bakery Inc',
          addresses: { billing: null },
          website: null,
        }
      : null,
  });

const pickers = (onNetwork = true) => ({
  [`GET ${API}/accounting/contacts/invoice-customers`]: ok({
    items: [customer(onNetwork)],
    total: 1,
    pageNumber: 1,
    pageSize: 100,
  }),
  [`GET ${API}/accounting/items`]: ok({
    items: [
      {
        id: ITEM_ID,
        name: 'Espresso beans',
        description: null,
        chartAccountId: ACCOUNT_ID,
        chartAccountName: 'Sales',
        isSold: true,
        isPurchased: false,
        source: 'FERRY',
      },
    ],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/accounting/accounts`]: ok({
    items: [{ id: ACCOUNT_ID, name: 'Sales', accountType: 'INCOME', number: null, source: 'FERRY' }],
    total: 1,
    pageNumber: 1,
    pageSize: 1000,
  }),
  [`GET ${API}/accounting/invoices/next-reference-number`]: ok({ refNo: 'INV-8' }),
  [`GET ${API}/accounting/invoices/draft`]: ok({ items: [], total: 0, pageNumber: 1, pageSize: 30 }),
});

const fillOneLine = async (user: ReturnType<typeof userEvent.setup>) => {
  await chooseOption(user, 'Line 1 item or account', 'Espresso beans');
  await user.type(screen.getByRole('textbox', { name: 'Line 1 unit price' }), '1000');
};

describe('Create invoice', () => {
  it('prefills the invoice number, asks for items sold and income accounts, and shows the schema messages', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, pickers());
    renderRoutes(routes, CREATE);
    const refNo = await screen.findByRole('textbox', { name: 'Invoice number' });
    await waitFor(() => expect(refNo).toHaveValue('INV-8'));
    expect(queriesOf(api, `${API}/accounting/items`)[0]?.get('isSold')).toBe('true');
    expect(queriesOf(api, `${API}/accounting/accounts`)[0]?.get('parentAccountType')).toBe('INCOME');
    await user.clear(refNo);
    await user.type(refNo, 'INV#8');
    await user.click(screen.getByRole('button', { name: 'Save invoice' }));
    expect(await screen.findByText(INVOICE_MESSAGES.customerRequired)).toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.referenceInvalid)).toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.lineTarget)).toBeInTheDocument();
    expect(api.callsTo(`POST ${API}/accounting/invoices`)).toHaveLength(0);
  });

  it('posts the invoice with the customer and the invoice date, once, with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers(),
      [`POST ${API}/accounting/invoices`]: ok(
        makeInvoiceView({ status: 'unpaid', amount: 1000, balance: 1000 }),
        {
          status: 201,
        },
      ),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-8'));
    await chooseOption(user, 'Customer', 'Sunrise Bakery');
    await fillOneLine(user);
    expect(screen.getByLabelText('Total $1,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save invoice' }));
    await waitFor(() => expect(api.callsTo(`POST ${API}/accounting/invoices`)).toHaveLength(1));
    expect(api.bodiesOf(`POST ${API}/accounting/invoices`)[0]).toMatchObject({
      customerId: CUSTOMER_ID,
      refNo: 'INV-8',
      invoiceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      paymentTerm: 'NET_7',
      lines: [{ itemId: ITEM_ID, chartAccountId: null, quantity: '1', unitPrice: '1000' }],
      draftId: null,
    });
    expect(await screen.findByText(INVOICE_SAVED_MESSAGE)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: `Invoices at /b/${BUSINESS_ID}/invoices` }),
    ).toBeInTheDocument();
  });

  it("'Save and send' to a customer not on Ferry saves, then sends the request (they pay from the emailed link)", async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers(false),
      [`POST ${API}/accounting/invoices`]: ok(makeInvoiceView({ status: 'unpaid' }), { status: 201 }),
      [`POST ${API}/payment-requests`]: ok({ id: 'dddddddddddddddddddddd07' }),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-8'));
    await chooseOption(user, 'Customer', 'Sunrise Bakery');
    await fillOneLine(user);
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(api.callsTo(`POST ${API}/payment-requests`)).toHaveLength(1));
    expect(api.callsTo(`POST ${API}/accounting/invoices`)).toHaveLength(1);
  });

  it("'Save and send' to a customer on Ferry", async () => {
    const user = userEvent.setup();
    const api = mockBusinessApi(undefined, {
      ...pickers(true),
      [`POST ${API}/accounting/invoices`]: ok(makeInvoiceView({ status: 'unpaid' }), { status: 201 }),
      [`POST ${API}/payment-requests`]: ok({ id: 'dddddddddddddddddddddd07' }),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-8'));
    await chooseOption(user, 'Customer', 'Sunrise Bakery');
    await fillOneLine(user);
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${API}/payment-requests`)).toEqual([{ invoiceDetails: { id: INVOICE_ID } }]),
    );
    expect(await screen.findByText(INVOICE_SENT_MESSAGE)).toBeInTheDocument();
  });

  it('adds a customer inline and picks it', async () => {
    const user = userEvent.setup();
    mockBusinessApi(undefined, pickers());
    renderRoutes(routes, CREATE);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-8'));
    await user.click(screen.getByRole('button', { name: 'Add new customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new customer' });
    await user.click(within(dialog).getByRole('button', { name: 'Add someone inline' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('Corner Deli'),
    );
  });

  it('saves a draft and resumes it later from the list of drafts', async () => {
    const user = userEvent.setup();
    const DRAFT_ID = 'ffffffffffffffffffffff0b';
    const draft = {
      id: DRAFT_ID,
      payload: {
        customerId: CUSTOMER_ID,
        refNo: 'INV-8',
        invoiceDate: '2026-11-02',
        memo: 'Weekly order',
        lines: [],
      },
      createdBy: null,
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
    };
    const api = mockBusinessApi(undefined, {
      ...pickers(),
      [`POST ${API}/accounting/invoices/draft`]: (call) => ok({ ...draft, payload: call.body }),
      [`GET ${API}/accounting/invoices/draft`]: ok({ items: [draft], total: 1, pageNumber: 1, pageSize: 30 }),
      [`GET ${API}/accounting/invoices/draft/${DRAFT_ID}`]: ok(draft),
    });
    renderRoutes(routes, CREATE);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-8'));
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), 'Weekly order');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${API}/accounting/invoices/draft`)[0]).toMatchObject({
        refNo: 'INV-8',
        memo: 'Weekly order',
        customerId: null,
      }),
    );
    await chooseOption(user, 'Resume a draft', /INV-8/ as unknown as string);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Memo' })).toHaveValue('Weekly order'));
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('Sunrise Bakery');
    expect(screen.getByLabelText(/^Invoice date/)).toHaveValue('2026-11-02');
  });
});
