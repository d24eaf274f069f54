import { MONEY_MESSAGES, type VendorBankView } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { MANUAL_ENTRY_POINTS } from './manual-entry-warning-dialog';
import { BANK_DETAILS_ADDED_MESSAGE, PRIMARY_BANK_UPDATED_MESSAGE } from './vendor-bank-api';
import { MANAGED_BY_VENDOR_NOTICE, VendorBankDetails } from './vendor-bank-details';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const VENDOR_ID = '64b7f0c2a1b2c3d4e5f60799';
const BANKS = `/business/${BUSINESS_ID}/vendor/bank-accounts`;
const ADD = `/business/${BUSINESS_ID}/banking/connection/vendor-account`;
const PRIMARY = `/business/${BUSINESS_ID}/banking/connection/vendor-account/mark-as-primary`;

const makeVendorBank = (overrides: Partial<VendorBankView> = {}): VendorBankView => ({
  id: 'bank-1',
  vendorId: VENDOR_ID,
  bankName: 'Chase',
  accountType: 'BUSINESS_CHECKING',
  subtype: 'BUSINESS_CHECKING',
  accountHolderName: 'Harbor Coffee',
  routingNumber: '011000015',
  accountMask: '6789',
  isPrimary: false,
  verificationStatus: 'PENDING',
  accountStatus: 'UNDER_REVIEW',
  badge: 'Under Review',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const banks = (items: VendorBankView[], managedByVendor = false) => ok({ managedByVendor, items });

const renderBanks = (props: { canManage?: boolean; managedByVendor?: boolean } = {}) =>
  renderWithProviders(
    <VendorBankDetails
      businessId={BUSINESS_ID}
      vendorId={VENDOR_ID}
      canManage={props.canManage ?? true}
      managedByVendor={props.managedByVendor ?? false}
    />,
  );

const textbox = (name: string) => screen.getByRole('textbox', { name });
const confirmField = () => screen.getByLabelText(/Confirm Account Number/) as HTMLInputElement;
const consent = () => screen.getByRole('checkbox', { name: MONEY_MESSAGES.manualBankConsent });
const save = () => screen.getByRole('button', { name: /^(Save|Saving\.\.\.)$/ });

type User = ReturnType<typeof userEvent.setup>;

const openAddDialog = async (user: User) => {
  await user.click(await screen.findByRole('button', { name: 'Add bank details' }));
  const warning = await screen.findByRole('dialog');
  await user.click(within(warning).getByRole('button', { name: 'Proceed' }));
  return screen.findByRole('dialog', { name: /Add Bank Details/ });
};

const fillValidForm = async (user: User) => {
  await user.type(textbox('Bank Name'), 'Chase');
  await user.click(screen.getByRole('radio', { name: 'Savings' }));
  await user.type(textbox('Account Holders Name'), 'Harbor Coffee');
  await user.type(textbox('Routing Number'), '011000015');
  await user.type(textbox('Account Number'), '123456789');
  await user.type(confirmField(), '123456789');
};

const idempotencyKeys = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(ADD))
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

describe('VendorBankDetails', () => {
  afterEach(() => notifications.clean());

  it('lists the banks with masks, badges and the primary marker, and marks another as primary', async () => {
    const api = mockApi({
      [`GET ${BANKS}`]: banks([
        makeVendorBank({ id: 'b-3', bankName: 'Wells Fargo', accountMask: '1111', badge: 'Invalid' }),
        makeVendorBank({
          id: 'b-2',
          bankName: 'Chase',
          accountMask: '6789',
          isPrimary: true,
          badge: 'Verified',
        }),
        makeVendorBank({ id: 'b-1', bankName: 'Citi', accountMask: '4321', accountType: 'BUSINESS_SAVINGS' }),
      ]),
      [`PATCH ${PRIMARY}`]: banks([
        makeVendorBank({
          id: 'b-3',
          bankName: 'Wells Fargo',
          accountMask: '1111',
          badge: 'Invalid',
          isPrimary: true,
        }),
        makeVendorBank({ id: 'b-2', bankName: 'Chase', accountMask: '6789', badge: 'Verified' }),
        makeVendorBank({ id: 'b-1', bankName: 'Citi', accountMask: '4321', accountType: 'BUSINESS_SAVINGS' }),
      ]),
    });
    const user = userEvent.setup();
    renderBanks();

    const chase = await screen.findByRole('listitem', { name: 'Chase *** 6789' });
    expect(new URL(String(api.fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams.get('vendorId')).toBe(
      VENDOR_ID,
    );
    expect(within(chase).getByText('Verified')).toBeInTheDocument();
    expect(within(chase).getByText('Primary')).toBeInTheDocument();
    expect(within(chase).queryByRole('button', { name: /as primary/ })).not.toBeInTheDocument();
    const citi = screen.getByRole('listitem', { name: 'Citi *** 4321' });
    expect(within(citi).getByText('Under Review')).toBeInTheDocument();
    expect(within(citi).getByText('Savings · *** 4321')).toBeInTheDocument();
    const wells = screen.getByRole('listitem', { name: 'Wells Fargo *** 1111' });
    expect(within(wells).getByText('Invalid')).toBeInTheDocument();
    expect(screen.queryByText(/123456789/)).not.toBeInTheDocument();

    await user.click(within(wells).getByRole('button', { name: 'Mark Wells Fargo *** 1111 as primary' }));
    expect(await screen.findByText(PRIMARY_BANK_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`PATCH ${PRIMARY}`)).toEqual([{ vendorId: VENDOR_ID, bankAccountId: 'b-3' }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Wells Fargo *** 1111' })).getByText('Primary'),
      ).toBeVisible(),
    );
  });

  it("toasts 'Failed to mark bank as primary' when the change fails", async () => {
    mockApi({
      [`GET ${BANKS}`]: banks([
        makeVendorBank({ id: 'b-2', isPrimary: true }),
        makeVendorBank({ id: 'b-1', bankName: 'Citi' }),
      ]),
      [`PATCH ${PRIMARY}`]: fail(500, 'Something went wrong. Please try again later.'),
    });
    const user = userEvent.setup();
    renderBanks();
    await user.click(await screen.findByRole('button', { name: 'Mark Citi *** 6789 as primary' }));
    expect(await screen.findByText('Failed to mark bank as primary')).toBeInTheDocument();
  });

  it('treats the last bank as primary when none is flagged', async () => {
    mockApi({
      [`GET ${BANKS}`]: banks([
        makeVendorBank({ id: 'b-2', bankName: 'Newer', createdAt: '2026-11-02T10:00:00.000Z' }),
        makeVendorBank({ id: 'b-1', bankName: 'Older', createdAt: '2026-11-01T10:00:00.000Z' }),
      ]),
    });
    renderBanks();
    const newer = await screen.findByRole('listitem', { name: 'Newer *** 6789' });
    expect(within(newer).getByText('Primary')).toBeInTheDocument();
  });

  it('shows only a notice for a vendor who manages their bank details on Ferry', async () => {
    const api = mockApi({});
    renderBanks({ managedByVendor: true });
    expect(screen.getByText(MANAGED_BY_VENDOR_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add bank details' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("follows the server's managedByVendor too", async () => {
    mockApi({ [`GET ${BANKS}`]: banks([], true) });
    renderBanks();
    expect(await screen.findByText(MANAGED_BY_VENDOR_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add bank details' })).not.toBeInTheDocument();
  });

  it('disables adding and changing the primary bank without the manage right', async () => {
    mockApi({
      [`GET ${BANKS}`]: banks([
        makeVendorBank({ id: 'b-2', isPrimary: true }),
        makeVendorBank({ id: 'b-1', bankName: 'Citi' }),
      ]),
    });
    renderBanks({ canManage: false });
    expect(await screen.findByRole('button', { name: 'Mark Citi *** 6789 as primary' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add bank details' })).toBeDisabled();
  });
});

describe('Adding bank details', () => {
  afterEach(() => notifications.clean());

  it('goes through the warning with its four points, then saves with the consent and an idempotency key', async () => {
    let release: () => void = () => {};
    const api = mockApi({
      [`GET ${BANKS}`]: banks([]),
      [`POST ${ADD}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(ok(makeVendorBank({ id: 'new' }), { message: BANK_DETAILS_ADDED_MESSAGE }));
        }),
    });
    const user = userEvent.setup();
    renderBanks();
    expect(await screen.findByText('No bank details added yet.')).toBeInTheDocument();

    // The warning: four points, Back leaves the flow.
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    let warning = await screen.findByRole('dialog');
    expect(MANUAL_ENTRY_POINTS).toHaveLength(4);
    for (const point of MANUAL_ENTRY_POINTS)
      expect(within(warning).getByText(point.text)).toBeInTheDocument();
    expect(within(warning).getByText(/non-reversible/)).toBeInTheDocument();
    expect(within(warning).getByText(/fail/)).toBeInTheDocument();
    expect(within(warning).getByText(/additional fees/)).toBeInTheDocument();
    expect(within(warning).getByText(/2–3 business days/)).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    warning = await screen.findByRole('dialog');
    await user.click(within(warning).getByRole('button', { name: 'Proceed' }));
    const dialog = await screen.findByRole('dialog', { name: /Add Bank Details/ });
    expect(within(dialog).getByText('Edit Vendor')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Learn more' })).toBeInTheDocument();

    await fillValidForm(user);
    expect(save()).toBeDisabled();
    await user.click(consent());
    expect(save()).toBeEnabled();
    await user.click(save());

    await waitFor(() => expect(save()).toHaveTextContent('Saving...'));
    expect(save()).toBeDisabled();
    expect(api.bodiesOf(`POST ${ADD}`)).toEqual([
      {
        vendorId: VENDOR_ID,
        bankName: 'Chase',
        accountType: 'BUSINESS_SAVINGS',
        accountHolderName: 'Harbor Coffee',
        routingNumber: '011000015',
        accountNumber: '123456789',
        confirmAccountNumber: '123456789',
        consent: true,
      },
    ]);
    const [key] = idempotencyKeys(api);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    api.handlers[`GET ${BANKS}`] = banks([makeVendorBank({ id: 'new', isPrimary: true })]);
    release();
    expect(await screen.findByText(BANK_DETAILS_ADDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Chase *** 6789' })).toBeInTheDocument();
  });

  it('validates each field as it changes, with the domain messages and the ABA checksum', async () => {
    mockApi({ [`GET ${BANKS}`]: banks([]) });
    const user = userEvent.setup();
    renderBanks();
    await openAddDialog(user);

    await user.click(textbox('Bank Name'));
    await user.tab();
    expect(await screen.findByText('Bank name is required.')).toBeInTheDocument();

    await user.type(textbox('Account Holders Name'), 'A');
    expect(
      await screen.findByText('Account Holders Name must be at least 2 characters.'),
    ).toBeInTheDocument();

    await user.type(textbox('Routing Number'), '12345');
    expect(await screen.findByText('Routing number must be exactly 9 digits.')).toBeInTheDocument();
    await user.type(textbox('Routing Number'), '6789');
    expect(await screen.findByText('Routing number is invalid.')).toBeInTheDocument();
    await user.clear(textbox('Routing Number'));
    await user.type(textbox('Routing Number'), '011000015');
    await waitFor(() => expect(screen.queryByText('Routing number is invalid.')).not.toBeInTheDocument());

    await user.type(textbox('Account Number'), '123');
    expect(await screen.findByText('Account number must be 5 to 17 digits.')).toBeInTheDocument();
    await user.type(confirmField(), '12345');
    expect(await screen.findByText('Account numbers do not match.')).toBeInTheDocument();
    // Changing the account number re-checks the confirmation.
    await user.type(textbox('Account Number'), '45');
    await waitFor(() => expect(screen.queryByText('Account numbers do not match.')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByText('Account number must be 5 to 17 digits.')).not.toBeInTheDocument(),
    );
    await user.type(textbox('Account Number'), '6');
    expect(await screen.findByText('Account numbers do not match.')).toBeInTheDocument();

    await user.click(consent());
    expect(save()).toBeDisabled();
  });

  it('blocks paste, copy, cut and the context menu on the masked confirmation', async () => {
    mockApi({ [`GET ${BANKS}`]: banks([]) });
    const user = userEvent.setup();
    renderBanks();
    await openAddDialog(user);
    const confirm = confirmField();
    expect(confirm).toHaveAttribute('type', 'password');

    await user.click(confirm);
    await user.paste('123456789');
    expect(confirm.value).toBe('');

    await user.type(confirm, '12345');
    expect(confirm.value).toBe('12345');
    for (const type of ['copy', 'cut', 'contextmenu', 'paste'] as const) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      confirm.dispatchEvent(event);
      expect(event.defaultPrevented, type).toBe(true);
    }
  });

  it("toasts the server's message and marks its field; a corrected save uses a new key", async () => {
    const api = mockApi({
      [`GET ${BANKS}`]: banks([]),
      [`POST ${ADD}`]: fail(400, 'Routing number is invalid.', {
        errorCode: 'VALIDATION_ERROR',
        errors: [{ field: 'routingNumber', message: 'Routing number is invalid.' }],
      }),
    });
    const user = userEvent.setup();
    renderBanks();
    await openAddDialog(user);
    await fillValidForm(user);
    await user.click(consent());
    await user.click(save());
    // Toast and field message.
    await waitFor(() => expect(screen.getAllByText('Routing number is invalid.')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: /Add Bank Details/ })).toBeInTheDocument();

    api.handlers[`POST ${ADD}`] = fail(500, 'Something went wrong. Please try again later.');
    await user.clear(textbox('Routing Number'));
    await user.type(textbox('Routing Number'), '021000021');
    await user.click(save());
    expect(await screen.findByText('Failed to add bank details.')).toBeInTheDocument();

    const keys = idempotencyKeys(api);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('starts each opening with an empty form and a fresh idempotency key; a retry after a 5xx keeps it', async () => {
    const api = mockApi({
      [`GET ${BANKS}`]: banks([]),
      [`POST ${ADD}`]: fail(503, 'Something went wrong. Please try again later.'),
    });
    const user = userEvent.setup();
    renderBanks();
    let dialog = await openAddDialog(user);
    await fillValidForm(user);
    await user.click(consent());
    await user.click(save());
    await screen.findByText('Failed to add bank details.');
    await user.click(save());
    await waitFor(() => expect(idempotencyKeys(api)).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openAddDialog(user);
    expect(textbox('Bank Name')).toHaveValue('');
    expect(consent()).not.toBeChecked();
    await fillValidForm(user);
    await user.click(consent());
    await user.click(save());
    await waitFor(() => expect(idempotencyKeys(api)).toHaveLength(3));
    const [first, retry, reopened] = idempotencyKeys(api);
    expect(retry).toBe(first);
    expect(reopened).not.toBe(first);
  });
});
