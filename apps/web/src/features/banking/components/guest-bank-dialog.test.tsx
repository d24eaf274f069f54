import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { BUSINESS_ID, CONNECTION_API, makeManualBank } from '../testing/banking';
import { MANUAL_OPTION } from './bank-link-chooser';
import { GuestBankDialog } from './guest-bank-dialog';

const manual = makeManualBank({ accountMask: '6789' });

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi({ [`POST ${CONNECTION_API}/account`]: ok(manual) });
});

describe('GuestBankDialog (adding a bank on the guest payment screen)', () => {
  it('adds a manual bank without the chart-account step, tells the caller, and ends on its verification', async () => {
    const onAdded = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <GuestBankDialog businessId={BUSINESS_ID} opened onClose={onClose} onAdded={onAdded} />,
    );
    expect(await screen.findByRole('dialog', { name: 'Add a bank account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: new RegExp(MANUAL_OPTION) }));
    expect(await screen.findByRole('dialog', { name: 'Add a Bank Account' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Account Holders Name/ }), 'Northwind Traders');
    await user.type(screen.getByRole('textbox', { name: /Bank Name/ }), 'Lakeside Bank');
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    await user.type(screen.getByRole('textbox', { name: /Routing Number/ }), '011000015');
    await user.type(screen.getByRole('textbox', { name: /^Account Number/ }), '987606789');
    await user.type(screen.getByLabelText(/Confirm Account Number/), '987606789');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('dialog', { name: 'Verification Initiated' })).toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledWith([manual]);
    expect(api.bodiesOf(`POST ${CONNECTION_API}/account`)[0]).toMatchObject({
      bankName: 'Lakeside Bank',
      accountType: 'BUSINESS_SAVINGS',
      routingNumber: '011000015',
    });
    // No chart accounts for a guest business.
    expect(api.calls.some((call) => call.path.includes('/accounting/'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalled();
  });
});
