import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type MockHandler, mockApi, ok, queriesOf } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { makeCompany, makeGrant, makeRecord } from '../testing/books';
import { EXPIRE_TOKENS_TEXT } from './connections-panel';
import { SandboxBooksPage } from './sandbox-books-page';

vi.setConfig({ testTimeout: 30_000 });

const COMPANIES = 'GET /sandbox/books/companies';
const RECORDS = 'GET /sandbox/books/companies/company-1/records';
const GRANTS = 'GET /sandbox/books/companies/company-1/grants';
const EXPIRE = 'POST /sandbox/books/companies/company-1/expire-tokens';
const VENDOR = 'PATCH /sandbox/books/companies/company-1/records/vendor-1';

const vendor = makeRecord();
const inactiveVendor = makeRecord({
  id: 'vendor-2',
  active: false,
  data: { name: 'Old Supplier', email: null },
});
const bill = makeRecord({
  id: 'bill-1',
  kind: 'BILL',
  data: {
    contactRemoteId: 'vendor-1',
    number: '1042',
    date: '2026-11-02',
    dueDate: '2026-12-02',
    totalCents: 123456,
    balanceCents: 100000,
    memo: null,
    status: 'OPEN',
    lines: [],
  },
});

const page = (items: unknown[]) => ok({ items, total: items.length, pageNumber: 1, pageSize: 10 });

const serve = (overrides: Record<string, MockHandler> = {}) => {
  const api = mockApi({
    [COMPANIES]: ok([makeCompany()]),
    [GRANTS]: ok([makeGrant()]),
    ...overrides,
  });
  // The fake server keys by path only: the records' answer depends on the kind asked for.
  const byKind: Record<string, unknown[]> = { VENDOR: [vendor, inactiveVendor], BILL: [bill] };
  const original = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (
      url.pathname === `/api${RECORDS.slice(4)}` &&
      (init?.method ?? 'GET') === 'GET' &&
      !overrides[RECORDS]
    ) {
      api.calls.push({ method: 'GET', path: RECORDS.slice(4), body: undefined });
      const items = byKind[url.searchParams.get('kind') ?? ''] ?? [];
      return new Response(JSON.stringify(page(items).body), { status: 200 });
    }
    return original ? original(input, init) : new Response('{}', { status: 500 });
  });
  return api;
};

const renderPage = () =>
  renderRoutes([{ path: '/sandbox/books', element: <SandboxBooksPage /> }], '/sandbox/books');

beforeEach(() => {
  signInAs(makeUserProfile());
});

describe('Sandbox Books browse page', () => {
  it('lists the first company’s vendors, marking inactive ones', async () => {
    const api = serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Sandbox Books' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to Ferry' })).toHaveAttribute('href', '/');
    expect(await screen.findByText('Paper Supply Co')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vendors', selected: true })).toBeInTheDocument();
    const inactiveRow = screen.getByText('Old Supplier').closest('tr');
    expect(inactiveRow && within(inactiveRow).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Books');
    const [query] = queriesOf(api, RECORDS.slice(4));
    expect(Object.fromEntries(query ?? [])).toEqual({ kind: 'VENDOR', pageNumber: '1', pageSize: '10' });
  });

  it('edits a vendor: PATCH {data}, then a toast', async () => {
    const api = serve({ [VENDOR]: ok({ ...vendor, data: { ...vendor.data, name: 'Paper Supply Inc' } }) });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit vendor Paper Supply Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit vendor' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Paper Supply Co');
    await user.clear(name);
    await user.type(name, 'Paper Supply Inc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Vendor saved.')).toBeInTheDocument();
    expect(api.bodiesOf(VENDOR)).toEqual([
      { data: { name: 'Paper Supply Inc', email: 'ap@paper.test', phone: '(555) 010-0100' } },
    ]);
  });

  it('checks the form with the shared schema and shows the server’s field errors', async () => {
    const api = serve({
      [VENDOR]: fail(400, 'Validation failed', {
        errors: [{ field: 'data.email', message: 'This email is already used by another vendor.' }],
      }),
    });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit vendor Paper Supply Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit vendor' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name.')).toBeInTheDocument();
    expect(api.callsTo(VENDOR)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Paper Supply Co');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This email is already used by another vendor.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('switches to bills, with amounts formatted from cents and the vendor named', async () => {
    const api = serve();
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('Paper Supply Co');

    await user.click(screen.getByRole('tab', { name: 'Bills' }));
    const row = (await screen.findByText('1042')).closest('tr');
    if (!row) throw new Error('No row');
    expect(within(row).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(row).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByText('Paper Supply Co')).toBeInTheDocument());
    expect(queriesOf(api, RECORDS.slice(4)).some((q) => q.get('kind') === 'BILL')).toBe(true);
  });

  it('expires the tokens after confirming', async () => {
    const api = serve({ [EXPIRE]: ok({ expired: 1 }) });
    renderPage();
    const user = userEvent.setup();

    expect(await screen.findByText('QuickBooks Online')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expire tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expire tokens?' });
    expect(dialog).toHaveTextContent(EXPIRE_TOKENS_TEXT);
    expect(api.callsTo(EXPIRE)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Expire tokens' }));
    expect(await screen.findByText('1 connection will have to reconnect.')).toBeInTheDocument();
    expect(api.callsTo(EXPIRE)).toHaveLength(1);
  });

  it('adds a bill: the vendor from the company’s vendors, amounts typed in dollars sent in cents', async () => {
    const ADD = 'POST /sandbox/books/companies/company-1/records';
    const api = serve({ [ADD]: ok(bill, { status: 201 }) });
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('Paper Supply Co');
    await user.click(screen.getByRole('tab', { name: 'Bills' }));
    await user.click(await screen.findByRole('button', { name: 'Add bill' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add bill' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Vendor/ }), 'Paper Supply Co');
    await user.type(within(dialog).getByRole('textbox', { name: 'Number' }), '2001');
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-11-20' } });
    await user.type(within(dialog).getByRole('textbox', { name: /Total/ }), '1234.5');
    await user.type(within(dialog).getByRole('textbox', { name: /Balance/ }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Add bill' }));

    expect(await screen.findByText('Bill added.')).toBeInTheDocument();
    expect(api.bodiesOf(ADD)).toEqual([
      {
        kind: 'BILL',
        data: {
          contactRemoteId: 'vendor-1',
          number: '2001',
          date: '2026-11-20',
          dueDate: null,
          totalCents: 123450,
          balanceCents: 100000,
          memo: null,
          status: 'OPEN',
          lines: [],
        },
      },
    ]);
  });

  it('deletes a vendor after confirming', async () => {
    const DELETE = 'DELETE /sandbox/books/companies/company-1/records/vendor-1';
    const api = serve({ [DELETE]: ok({ ...vendor, active: false }) });
    renderPage();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete vendor Paper Supply Co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete vendor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vendor deleted: it shows as inactive.')).toBeInTheDocument();
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });

  it('makes a new company with sample data and shows it', async () => {
    const CREATE = 'POST /sandbox/books/companies';
    const created = makeCompany({ id: 'company-2', name: 'Beta Books' });
    let companies = [makeCompany()];
    const api = serve({
      [COMPANIES]: () => ok(companies),
      [CREATE]: () => {
        companies = [...companies, created];
        return ok(created, { status: 201 });
      },
      'GET /sandbox/books/companies/company-2/records': ok({
        items: [],
        total: 0,
        pageNumber: 1,
        pageSize: 10,
      }),
      'GET /sandbox/books/companies/company-2/grants': ok([]),
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByText('Paper Supply Co');

    await user.click(screen.getByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    const name = within(dialog).getByRole('textbox', { name: /Company name/ });
    await user.clear(name);
    await user.type(name, 'Beta Books');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));

    expect(await screen.findByText('Beta Books created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Beta Books'));
    expect(await screen.findByText('No vendors yet.')).toBeInTheDocument();
    expect(api.bodiesOf(CREATE)).toEqual([{ name: 'Beta Books', sample: true }]);
  });
});
