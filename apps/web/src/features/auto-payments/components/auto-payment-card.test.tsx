import { ACCESS_DENIED_MESSAGE, AUTO_PAYMENT_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestBank } from '@/testing/banks';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderRoutes } from '@/testing/test-utils';
import type { AutoPaymentSide } from '../api/auto-payments-api';
import {
  AP_API,
  AP_BUSINESS_ID,
  BANK_ID,
  CUSTOMER_ID,
  INVOICE_ID,
  makeContactAutoPayment,
  makeMapping,
  makeRun,
  mappingReply,
  PAYMENT_ID,
  RUN_ID,
  VENDOR_ID,
} from '../testing/auto-payments';
import { AutoPaymentCard } from './auto-payment-card';
import { ALSO_CANCEL_SCHEDULED_LABEL } from './auto-payment-confirm-dialog';

afterEach(() => notifications.clean());

const PAYEE_MANAGE = ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.manage'];
const PAYEE_VIEW = ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.view'];
const PAYER_MANAGE = ['PAY_MANAGE_VENDOR_AUTO_PAYMENTS.manage'];
const PAYER_VIEW = ['PAY_MANAGE_VENDOR_AUTO_PAYMENTS.view'];

type Options = {
  side?: AutoPaymentSide;
  permissions?: string[];
  email?: string;
  handlers?: Record<string, MockHandler>;
};

const open = async (answer: MockHandler, options: Options = {}) => {
  const side = options.side ?? 'PAYEE';
  const contactId = side === 'PAYEE' ? CUSTOMER_ID : VENDOR_ID;
  const api = mockApi({ [`GET ${AP_API.contact(contactId)}`]: answer, ...options.handlers });
  renderRoutes(
    [
      {
        path: '/b/:businessId/contact',
        element: (
          <AutoPaymentCard
            businessId={AP_BUSINESS_ID}
            contactId={contactId}
            side={side}
            contactName="Pike Street Cafe"
            contactEmail={options.email ?? 'ap@pikestreet.test'}
            permissions={options.permissions ?? (side === 'PAYEE' ? PAYEE_MANAGE : PAYER_MANAGE)}
          />
        ),
      },
    ],
    `/b/${AP_BUSINESS_ID}/contact`,
  );
  const card = await screen.findByRole('region', { name: /Auto payments/ });
  return { api, card, user: userEvent.setup({ delay: null }) };
};

const actionsOf = (card: HTMLElement) =>
  within(within(card).getByRole('group', { name: 'Auto payment actions' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Auto payments card, customer page (payee side)', () => {
  it('shows an enabled mapping: label, meaning, method, dates, the actions the server offers, activity and runs', async () => {
    const answer = makeContactAutoPayment({
      upcoming: [
        makeRun(),
        makeRun({
          autoPaymentId: 'eeeeeeeeeeeeeeeeeeeeee02',
          invoiceNumber: 'INV-1001',
          status: 'SUBMITTED',
          statusLabel: 'Payment made',
          paymentId: PAYMENT_ID,
        }),
      ],
    });
    const { card } = await open(ok(answer));
    expect(await within(card).findByText('Enabled')).toBeInTheDocument();
    expect(
      within(card).getByText('Open invoices of Pike Street Cafe are paid automatically on their due dates.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Payment method').nextElementSibling).toHaveTextContent('Chase ••••6789');
    expect(within(card).getByText('Authorized').nextElementSibling).toHaveTextContent('Nov 3, 2026');
    expect(actionsOf(card)).toEqual(['Pause', 'Disable auto payments', 'Revoke authorization']);
    expect(within(card).getByText('Authorization Request Sent')).toBeInTheDocument();
    expect(within(card).getByText('Auto Payments Authorized')).toBeInTheDocument();
    expect(within(card).getByText(/Dana Reyes/)).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Auto payments' });
    expect(within(table).getByRole('link', { name: 'INV-1042' })).toHaveAttribute(
      'href',
      `/b/${AP_BUSINESS_ID}/invoices/${INVOICE_ID}/detail`,
    );
    expect(within(table).getAllByRole('cell', { name: '$1,250.00' })).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'View the payment of invoice INV-1001' })).toHaveAttribute(
      'href',
      `/b/${AP_BUSINESS_ID}/invoices/payment/${PAYMENT_ID}/detail`,
    );
    // The payee cannot stop one payment: that is the payer's choice.
    expect(within(card).queryByRole('button', { name: /Don't pay/ })).not.toBeInTheDocument();
  });

  it.each([
    [
      'REQUESTED',
      ['REMIND', 'PAUSE', 'CANCEL_REQUEST'],
      'Pending',
      ['Send reminder', 'Pause', 'Cancel request'],
    ],
    [
      'PAUSED',
      ['RESUME', 'CANCEL_REQUEST', 'REVOKE'],
      'Paused',
      ['Resume', 'Cancel request', 'Revoke authorization'],
    ],
    ['PAYEE_DISABLED', ['ENABLE', 'REVOKE'], 'Disabled', ['Enable', 'Revoke authorization']],
    ['ADMIN_REVOKED', [], 'Blocked', null],
  ] as const)('%s shows the label %s and its actions', async (status, actions, label, buttons) => {
    const { card } = await open(
      ok(makeContactAutoPayment({ mapping: makeMapping({ status, actions: [...actions] }) })),
    );
    expect(await within(card).findByText(label)).toBeInTheDocument();
    if (buttons) expect(actionsOf(card)).toEqual(buttons);
    else expect(within(card).queryByRole('group', { name: 'Auto payment actions' })).toBeNull();
  });

  it('a fresh request: no auto payments yet and the empty activity log', async () => {
    const { card } = await open(
      ok(
        makeContactAutoPayment({
          mapping: makeMapping({ status: 'REQUESTED', paymentMethod: null, authorizedAt: null, actions: [] }),
          activity: [],
          upcoming: [],
        }),
      ),
    );
    expect(
      await within(card).findByText('Waiting for Pike Street Cafe to authorize auto payments.'),
    ).toBeVisible();
    expect(within(card).getByText('No auto payments yet.')).toBeInTheDocument();
    expect(within(card).getByText('No Activity Yet.')).toBeInTheDocument();
    expect(within(card).queryByText('Payment method')).not.toBeInTheDocument();
  });

  it('never requested: the empty state and a request that emails the customer', async () => {
    const { api, card, user } = await open(
      ok(makeContactAutoPayment({ mapping: null, canRequest: true, activity: [], upcoming: [] })),
      { handlers: { [`POST ${AP_API.request}`]: mappingReply({ status: 'REQUESTED' }) } },
    );
    expect(await within(card).findByText('Auto payments are not set up for this customer.')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Request auto payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Auto Payments' });
    expect(dialog).toHaveTextContent('An email goes to ap@pikestreet.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${AP_API.request}`)).toEqual([{ customerId: CUSTOMER_ID }]),
    );
    expect(await screen.findByText(AUTO_PAYMENT_MESSAGES.requested)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a customer without an email cannot be asked: the button says why', async () => {
    const { card, user } = await open(
      ok(makeContactAutoPayment({ mapping: null, canRequest: true, activity: [], upcoming: [] })),
      { email: '' },
    );
    const button = await within(card).findByRole('button', { name: 'Request auto payments' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(AUTO_PAYMENT_MESSAGES.customerEmailRequired);
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Disable Auto Payments: the tick sends alsoCancelScheduled; without it, nothing extra', async () => {
    const { api, card, user } = await open(ok(makeContactAutoPayment()), {
      handlers: { [`POST ${AP_API.payeeAction}`]: mappingReply({ status: 'PAYEE_DISABLED' }) },
    });
    await user.click(await within(card).findByRole('button', { name: 'Disable auto payments' }));
    let dialog = await screen.findByRole('dialog', { name: 'Disable Auto Payments' });
    await user.click(within(dialog).getByRole('checkbox', { name: ALSO_CANCEL_SCHEDULED_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Disable auto payments' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${AP_API.payeeAction}`)).toEqual([
        { action: 'DISABLE', alsoCancelScheduled: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(card).getByRole('button', { name: 'Disable auto payments' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable Auto Payments' });
    expect(within(dialog).getByRole('checkbox', { name: ALSO_CANCEL_SCHEDULED_LABEL })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Disable auto payments' }));
    await waitFor(() => expect(api.bodiesOf(`POST ${AP_API.payeeAction}`)[1]).toEqual({ action: 'DISABLE' }));
  });

  it('Revoke authorization: a refusal stays in the dialog', async () => {
    const { api, card, user } = await open(ok(makeContactAutoPayment()), {
      handlers: { [`POST ${AP_API.payeeAction}`]: fail(409, AUTO_PAYMENT_MESSAGES.notAllowed) },
    });
    await user.click(await within(card).findByRole('button', { name: 'Revoke authorization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Authorization' });
    await user.click(within(dialog).getByRole('checkbox', { name: ALSO_CANCEL_SCHEDULED_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Revoke authorization' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AUTO_PAYMENT_MESSAGES.notAllowed);
    expect(api.bodiesOf(`POST ${AP_API.payeeAction}`)).toEqual([
      { action: 'REVOKE', alsoCancelScheduled: true },
    ]);
  });

  it('Send reminder and Pause act at once and refresh the card', async () => {
    const { api, card, user } = await open(
      ok(
        makeContactAutoPayment({
          mapping: makeMapping({ status: 'REQUESTED', actions: ['REMIND', 'PAUSE'] }),
        }),
      ),
      {
        handlers: {
          [`PATCH ${AP_API.reminder}`]: mappingReply({ status: 'REQUESTED' }),
          [`POST ${AP_API.payeeAction}`]: mappingReply({ status: 'PAUSED' }),
        },
      },
    );
    await user.click(await within(card).findByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText(AUTO_PAYMENT_MESSAGES.reminderSent)).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${AP_API.reminder}`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(`GET ${AP_API.contact(CUSTOMER_ID)}`)).toHaveLength(2));
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(api.bodiesOf(`POST ${AP_API.payeeAction}`)).toEqual([{ action: 'PAUSE' }]));
  });

  it('a member with the read right only sees the status, and the controls disabled with the reason', async () => {
    const { api, card, user } = await open(
      ok(makeContactAutoPayment({ mapping: makeMapping({ actions: [] }) })),
      { permissions: PAYEE_VIEW },
    );
    expect(await within(card).findByText('Enabled')).toBeInTheDocument();
    const buttons = within(within(card).getByRole('group', { name: 'Auto payment actions' })).getAllByRole(
      'button',
    );
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Pause',
      'Disable auto payments',
      'Revoke authorization',
    ]);
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(ACCESS_DENIED_MESSAGE);
    }
    await user.click(buttons[1] as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${AP_API.payeeAction}`)).toHaveLength(0);
  });

  it('a read-only member cannot request either', async () => {
    const { card } = await open(
      ok(makeContactAutoPayment({ mapping: null, canRequest: false, activity: [], upcoming: [] })),
      { permissions: PAYEE_VIEW },
    );
    const button = await within(card).findByRole('button', { name: 'Request auto payments' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(ACCESS_DENIED_MESSAGE);
  });

  it('a failed load shows the error with Try again', async () => {
    const { card, api, user } = await open(fail(500, 'Something broke.'));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Something broke.');
    api.handlers[`GET ${AP_API.contact(CUSTOMER_ID)}`] = ok(makeContactAutoPayment());
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Enabled')).toBeInTheDocument();
  });
});

describe('Auto payments card, vendor page (payer side)', () => {
  const payer = (overrides = {}) =>
    makeContactAutoPayment({
      mapping: makeMapping({ side: 'PAYER', actions: ['CHANGE_METHOD', 'DISABLE', 'CANCEL'], ...overrides }),
      upcoming: [makeRun({ canSkip: true })],
    });

  it('shows the payer controls and no payee ones', async () => {
    const { card } = await open(ok(payer()), { side: 'PAYER' });
    expect(
      await within(card).findByText(
        'Invoices from Harbor Coffee Roasters are paid automatically on their due dates.',
      ),
    ).toBeInTheDocument();
    expect(actionsOf(card)).toEqual([
      'Change payment method',
      'Disable auto payments',
      'Cancel auto payments',
    ]);
    // The payer has no invoice page: the number is plain text.
    expect(within(card).queryByRole('link', { name: 'INV-1042' })).toBeNull();
  });

  it('Cancel auto payments calls payer-action with the tick', async () => {
    const { api, card, user } = await open(ok(payer()), {
      side: 'PAYER',
      handlers: { [`POST ${AP_API.payerAction}`]: mappingReply({ status: 'PAYER_DECLINED', side: 'PAYER' }) },
    });
    await user.click(await within(card).findByRole('button', { name: 'Cancel auto payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Auto Payments' });
    await user.click(within(dialog).getByRole('checkbox', { name: ALSO_CANCEL_SCHEDULED_LABEL }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel auto payments' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${AP_API.payerAction}`)).toEqual([
        { action: 'CANCEL', alsoCancelScheduled: true },
      ]),
    );
  });

  it("Don't pay this one asks first, then skips that auto payment", async () => {
    const { api, card, user } = await open(ok(payer()), {
      side: 'PAYER',
      handlers: {
        [`POST ${AP_API.skip}`]: ok(makeRun({ status: 'SKIPPED', statusLabel: 'Stopped by customer' })),
      },
    });
    await user.click(await within(card).findByRole('button', { name: "Don't pay invoice INV-1042" }));
    const dialog = await screen.findByRole('dialog', { name: "Don't Pay This One" });
    expect(dialog).toHaveTextContent('invoice INV-1042');
    await user.click(within(dialog).getByRole('button', { name: "Don't pay this one" }));
    await waitFor(() => expect(api.callsTo(`POST ${AP_API.skip}`)).toHaveLength(1));
    expect(await screen.findByText(AUTO_PAYMENT_MESSAGES.skipped)).toBeInTheDocument();
    expect(RUN_ID).toBe(api.callsTo(`POST ${AP_API.skip}`)[0]?.path.split('/').at(-2));
  });

  it('Change payment method: an unverified bank is refused, a verified one is sent', async () => {
    const verified = makeTestBank({
      id: 'bbbbbbbbbbbbbbbbbbbbbb09',
      bankName: 'Wells Fargo',
      accountMask: '4321',
    });
    const pending = makeTestBank({
      id: 'bbbbbbbbbbbbbbbbbbbbbb08',
      bankName: 'Harbor Credit Union',
      accountMask: '5555',
      verificationStatus: 'PENDING',
      accountStatus: 'NOT_VERIFIED',
    });
    const { api, card, user } = await open(ok(payer()), {
      side: 'PAYER',
      handlers: {
        [`GET /business/${AP_BUSINESS_ID}/bank/accounts`]: ok([
          makeTestBank({ id: BANK_ID, isPrimary: true }),
          verified,
          pending,
        ]),
        [`POST ${AP_API.payerAction}`]: mappingReply({ side: 'PAYER' }),
      },
    });
    await user.click(await within(card).findByRole('button', { name: 'Change payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Payment Method' });
    const select = await within(dialog).findByRole('combobox', { name: /Pay From/ });
    await waitFor(() => expect(select).toBeEnabled());
    // The current method is chosen to start with.
    expect(select).toHaveValue('Chase Checking *** 1234');
    await chooseOption(user, select, 'Harbor Credit Union Checking *** 5555 (Not verified)');
    expect(await within(dialog).findByText(AUTO_PAYMENT_MESSAGES.invalidBank)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(api.callsTo(`POST ${AP_API.payerAction}`)).toHaveLength(0);
    await chooseOption(user, select, 'Wells Fargo Checking *** 4321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.bodiesOf(`POST ${AP_API.payerAction}`)).toEqual([
        { action: 'CHANGE_METHOD', paymentInstrumentId: verified.id },
      ]),
    );
  });

  it('a member without the Pay auto-payments right sees no card at all', async () => {
    const api = mockApi({ [`GET ${AP_API.contact(VENDOR_ID)}`]: ok(payer()) });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <AutoPaymentCard
              businessId={AP_BUSINESS_ID}
              contactId={VENDOR_ID}
              side="PAYER"
              contactName="Harbor"
              contactEmail=""
              permissions={PAYEE_MANAGE}
            />
          ),
        },
      ],
      '/',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /Auto payments/ })).toBeNull();
    expect(api.callsTo(`GET ${AP_API.contact(VENDOR_ID)}`)).toHaveLength(0);
  });

  it('a payer with view only sees the controls disabled', async () => {
    const { card } = await open(ok(payer({ actions: [] })), { side: 'PAYER', permissions: PAYER_VIEW });
    await within(card).findByText('Enabled');
    expect(actionsOf(card)).toEqual([
      'Change payment method',
      'Disable auto payments',
      'Cancel auto payments',
    ]);
    expect(within(card).getByRole('button', { name: 'Cancel auto payments' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(card).getByRole('button', { name: "Don't pay invoice INV-1042" })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
