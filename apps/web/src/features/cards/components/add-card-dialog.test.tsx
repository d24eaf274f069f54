import { MONEY_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderWithProviders } from '@/testing/test-utils';
import { BUSINESS_ID, CARDS_API, makeCard, VAULT_API } from '../testing/cards';
import { AddCardDialog } from './add-card-dialog';

type User = ReturnType<typeof userEvent.setup>;

const TOKEN = {
  tokenId: 'tok_sandbox_1',
  fingerprint: 'fp_1',
  brand: 'VISA',
  last4: '4242',
  funding: 'credit',
};

const setup = (handlers: Record<string, MockHandler> = {}) => {
  const api = mockApi({
    [`POST ${VAULT_API}`]: ok(TOKEN),
    [`POST ${CARDS_API}/card`]: ok(makeCard()),
    ...handlers,
  });
  // The vault is called with the browser's own fetch, not through the app's API client.
  vi.stubGlobal('fetch', api.fetchMock);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<AddCardDialog businessId={BUSINESS_ID} opened onClose={onClose} />);
  return { api, user, onClose };
};

const fillCard = async (user: User, number = '4242424242424242') => {
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry date/), '12/34');
  await user.type(screen.getByLabelText(/CVV/), '123');
  await user.type(screen.getByLabelText(/Name on card/), 'Dana Whitfield');
  await user.type(screen.getByLabelText(/Address Line 1/), '1 Pike St');
  await user.type(screen.getByLabelText(/City/), 'Seattle');
  await chooseOption(user, screen.getByRole('combobox', { name: /State/ }), 'Washington');
  await user.type(screen.getByLabelText(/Zip Code/), '98101');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add a New Card dialog', () => {
  it('shows the card rules as fields are left, with the security-code hint, and keeps Continue disabled', async () => {
    const { user } = setup();
    expect(await screen.findByRole('dialog', { name: 'Add a New Card' })).toBeInTheDocument();
    expect(await screen.findByText(MONEY_MESSAGES.cardSecurityCodeHint)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await user.type(screen.getByLabelText(/Expiry date/), '01/20');
    await user.type(screen.getByLabelText(/CVV/), '12');
    await user.click(screen.getByLabelText(/Name on card/));
    await user.tab();

    expect(await screen.findByText('Card number is invalid.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Expiry date/)).toHaveValue('01/2020');
    expect(screen.getByText('The card has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText(/CVV/)).toHaveAccessibleDescription(
      expect.stringContaining(MONEY_MESSAGES.cardSecurityCodeHint),
    );
    expect(screen.getByText('Name on card is required.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('detects the brand as the number is typed and groups the digits', async () => {
    const { user } = setup();
    const number = await screen.findByLabelText(/Card number/);
    await user.type(number, '4242');
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '378282246310005');
    expect(screen.getByRole('img', { name: 'American Express' })).toBeInTheDocument();
    expect(number).toHaveValue('3782 822463 10005');
    await user.clear(number);
    await user.type(number, '5555555555554444');
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
    expect(number).toHaveValue('5555 5555 5555 4444');
  });

  it('sends the card only to the vault, then the token to Ferry with an Idempotency-Key, and closes', async () => {
    const { api, user, onClose } = setup();
    await fillCard(user);
    const submit = screen.getByRole('button', { name: 'Continue' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodiesOf(`POST ${VAULT_API}`)).toEqual([
      {
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2034,
        cvc: '123',
        name: 'Dana Whitfield',
        billingAddress: {
          line1: '1 Pike St',
          line2: '',
          city: 'Seattle',
          region: 'WA',
          postal_code: '98101',
          country: 'USA',
        },
      },
    ]);
    expect(api.bodiesOf(`POST ${CARDS_API}/card`)).toEqual([
      { tokenId: 'tok_sandbox_1', fingerprint: 'fp_1', isCardSaved: true },
    ]);
    const [vaultCall, ferryCall] = api.fetchMock.mock.calls.filter(([url]) => String(url).includes('card'));
    const vaultHeaders = new Headers(vaultCall?.[1]?.headers);
    expect(vaultHeaders.get('Authorization')).toBeNull();
    expect(vaultCall?.[1]?.credentials).toBe('omit');
    expect(new Headers(ferryCall?.[1]?.headers).get('Idempotency-Key')).toMatch(/\S+/);
    expect(JSON.stringify(ferryCall?.[1]?.body)).not.toContain('4242424242424242');
    expect(await screen.findByText('Card added successfully.')).toBeInTheDocument();
  });

  it("shows the vault's first error message and sends nothing to Ferry", async () => {
    const { api, user, onClose } = setup({
      [`POST ${VAULT_API}`]: fail(422, 'Your card was declined.', {
        errorCode: 'CARD_DECLINED',
        errors: [{ field: 'number', message: 'Your card was declined.' }],
      }),
    });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = screen.getByRole('dialog', { name: 'Add a New Card' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(api.callsTo(`POST ${CARDS_API}/card`)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows the duplicate-card message inline and as a toast', async () => {
    const { user } = setup({
      [`POST ${CARDS_API}/card`]: fail(409, 'This card has already been added.', {
        errorCode: 'DUPLICATE_CARD',
      }),
    });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = screen.getByRole('dialog', { name: 'Add a New Card' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This card has already been added.');
    expect(screen.getAllByText('This card has already been added.')).toHaveLength(2);
  });

  it("says 'Failed to save card' when the server fails without a reason", async () => {
    const { user } = setup({ [`POST ${CARDS_API}/card`]: fail(500, 'Internal error') });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a New Card' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MONEY_MESSAGES.saveCardFailed);
  });
});
