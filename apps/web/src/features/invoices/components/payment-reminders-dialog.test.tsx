import { DEFAULT_REMINDER_SETTINGS, PAYMENT_REQUEST_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTestBusiness, mockBusinessApi } from '@/testing/businesses';
import { fail, type MockHandler, ok, pageReply } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { API, BUSINESS_ID, makeInvoice, SUMMARY } from '../testing/invoices';
import { InvoicesArea } from './invoices-area';
import { InvoicesListPage } from './invoices-list-page';
import { AFTER_DAYS_LABEL, BEFORE_DAYS_LABEL, REMINDERS_NOTE } from './payment-reminders-dialog';

const routes: RouteObject[] = [
  {
    path: '/b/:businessId/invoices',
    element: (
      <InvoicesArea>
        <Outlet />
      </InvoicesArea>
    ),
    children: [{ index: true, element: <InvoicesListPage /> }],
  },
];
const LIST = `/b/${BUSINESS_ID}/invoices`;
const SETTINGS_API = `${API}/payment-requests/reminder-settings`;
const GET_SETTINGS = `GET ${SETTINGS_API}`;
const PUT_SETTINGS = `PUT ${SETTINGS_API}`;

const setup = (handlers: Record<string, MockHandler> = {}, business = makeTestBusiness()) =>
  mockBusinessApi(business, {
    'GET /user/tour-status': ok({ invoices: true }),
    [`GET ${API}/invoices/summary`]: ok(SUMMARY),
    [`GET ${API}/invoices`]: pageReply([makeInvoice()]),
    [GET_SETTINGS]: ok(DEFAULT_REMINDER_SETTINGS),
    ...handlers,
  });

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Payment reminders' }));
  const dialog = await screen.findByRole('dialog', { name: 'Payment reminders' });
  await within(dialog).findByRole('switch', { name: 'Send reminders automatically' });
  return dialog;
};

describe('Payment reminders dialog', () => {
  it('loads the settings (the defaults: off, 3 days before, on the due date, every 7 days after)', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, LIST);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('switch', { name: 'Send reminders automatically' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Before the due date' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: BEFORE_DAYS_LABEL })).toHaveValue('3');
    expect(within(dialog).getByRole('checkbox', { name: 'On the due date' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'After the due date, every' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: AFTER_DAYS_LABEL })).toHaveValue('7');
    expect(within(dialog).getByText(REMINDERS_NOTE)).toBeInTheDocument();
    expect(api.callsTo(GET_SETTINGS)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PUT_SETTINGS)).toHaveLength(0);
  });

  it('shows a loading failure with a retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    setup({
      [GET_SETTINGS]: () => {
        calls += 1;
        return calls === 1 ? fail(500, 'Server down') : ok(DEFAULT_REMINDER_SETTINGS);
      },
    });
    renderRoutes(routes, LIST);
    await user.click(await screen.findByRole('button', { name: 'Payment reminders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment reminders' });
    await user.click(await within(dialog).findByRole('button', { name: 'Try again' }));
    expect(
      await within(dialog).findByRole('switch', { name: 'Send reminders automatically' }),
    ).toBeInTheDocument();
  });

  it('a day count out of range shows the message at the field and sends nothing', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, LIST);
    const dialog = await openDialog(user);
    const before = within(dialog).getByRole('textbox', { name: BEFORE_DAYS_LABEL });
    await user.clear(before);
    await user.type(before, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PAYMENT_REQUEST_MESSAGES.reminderDaysRange)).toBeInTheDocument();
    expect(before).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(PUT_SETTINGS)).toHaveLength(0);
  });

  it('turning all three off while reminders are on asks for one', async () => {
    const user = userEvent.setup();
    const api = setup();
    renderRoutes(routes, LIST);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Send reminders automatically' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Before the due date' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'On the due date' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'After the due date, every' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PAYMENT_REQUEST_MESSAGES.reminderNoneChosen,
    );
    expect(api.callsTo(PUT_SETTINGS)).toHaveLength(0);
  });

  it('saves: PUTs the settings (an unchecked choice as null), toasts and closes', async () => {
    const user = userEvent.setup();
    const saved = { enabled: true, beforeDueDays: 5, onDueDate: true, afterDueEveryDays: null };
    const api = setup({
      [PUT_SETTINGS]: ok(saved, { message: PAYMENT_REQUEST_MESSAGES.reminderSettingsSaved }),
    });
    renderRoutes(routes, LIST);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('switch', { name: 'Send reminders automatically' }));
    const before = within(dialog).getByRole('textbox', { name: BEFORE_DAYS_LABEL });
    await user.clear(before);
    await user.type(before, '5');
    await user.click(within(dialog).getByRole('checkbox', { name: 'After the due date, every' }));
    expect(within(dialog).getByRole('textbox', { name: AFTER_DAYS_LABEL })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf(PUT_SETTINGS)).toEqual([saved]));
    expect(await screen.findByText(PAYMENT_REQUEST_MESSAGES.reminderSettingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a failed save in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    setup({ [PUT_SETTINGS]: fail(403, 'You do not have permission to do this.') });
    renderRoutes(routes, LIST);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this.',
    );
    expect(screen.getByRole('dialog', { name: 'Payment reminders' })).toBeInTheDocument();
  });

  it('a reader of due invoices does not see the button', async () => {
    const api = setup({}, makeTestBusiness({ permissions: ['GET_PAID_DUE_INVOICES.view'] }));
    renderRoutes(routes, LIST);
    expect(await screen.findByText('INV-7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Payment reminders' })).not.toBeInTheDocument();
    expect(api.callsTo(GET_SETTINGS)).toHaveLength(0);
  });
});
