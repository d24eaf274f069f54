import { CARD_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTestVendor } from '@/testing/contacts';
import { fail, type MockHandler, mockApi, ok } from '@/testing/mock-api';
import { chooseOption } from '@/testing/select';
import { renderWithProviders } from '@/testing/test-utils';
import { BUSINESS_ID, CARDS_API, makeBusiness, makeCard, makeViewerBusiness } from '../testing/cards';
import { CardsSection } from './cards-section';

const VISA = makeCard();
const DEBIT = makeCard({
  id: 'card-mc',
  brand: 'MASTERCARD',
  cardMask: '8210',
  funding: 'debit',
  expirationMonth: 3,
  expirationYear: 2031,
  isPrimaryCard: false,
});
const PAYEE_ID = 'cccccccccccccccccccccccc';
const VENDOR = makeTestVendor({
  id: 'vendor-1',
  fbnBusiness: {
    businessId: PAYEE_ID,
    businessName: 'Blue Bottle Supply',
    addresses: { billing: null },
    website: null,
  },
});

const setup = (handlers: Record<string, MockHandler> = {}, business = makeBusiness()) => {
  const api = mockApi({
    [`GET /business/${BUSINESS_ID}`]: ok(business),
    [`GET ${CARDS_API}/cards`]: ok([VISA, DEBIT]),
    [`GET /business/${BUSINESS_ID}/accounting/accounts`]: ok({
      items: [
        {
          id: 'coa-amex',
          name: 'Company Credit Card',
          accountType: 'CREDIT_CARD',
          number: '2100',
          source: 'FERRY',
        },
      ],
      total: 1,
      pageNumber: 1,
      pageSize: 1000,
    }),
    [`GET /business/${BUSINESS_ID}/accounting/contacts/vendors`]: ok({
      items: [VENDOR, { ...VENDOR, id: 'vendor-2', name: 'Offline Vendor', fbnBusiness: null }],
      total: 2,
      pageNumber: 1,
      pageSize: 100,
    }),
    ...handlers,
  });
  const user = userEvent.setup();
  renderWithProviders(<CardsSection businessId={BUSINESS_ID} />);
  return { api, user };
};

describe('CardsSection', () => {
  it('lists the cards with brand, last 4 only, expiry, name, funding and the primary badge', async () => {
    setup();
    expect(screen.getByRole('status', { name: 'Loading cards' })).toBeInTheDocument();
    const visa = await screen.findByRole('listitem', { name: 'Visa •••• 4242' });
    expect(within(visa).getByText('Primary')).toBeInTheDocument();
    expect(within(visa).getByText('Credit')).toBeInTheDocument();
    expect(within(visa).getByText('Expires 12/2030 · Dana Whitfield')).toBeInTheDocument();
    expect(within(visa).queryByRole('button', { name: /Make .* primary/ })).not.toBeInTheDocument();
    const mc = screen.getByRole('listitem', { name: 'Mastercard •••• 8210' });
    expect(within(mc).getByText('Debit')).toBeInTheDocument();
    expect(within(mc).queryByText('Primary')).not.toBeInTheDocument();
  });

  it('makes a card primary from its answer', async () => {
    const { api, user } = setup({
      [`PATCH ${CARDS_API}/card/primary`]: ok([
        { ...VISA, isPrimaryCard: false },
        { ...DEBIT, isPrimaryCard: true },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Make Mastercard •••• 8210 primary' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Mastercard •••• 8210' })).getByText('Primary'),
      ).toBeInTheDocument(),
    );
    expect(api.bodiesOf(`PATCH ${CARDS_API}/card/primary`)).toEqual([{ cardId: 'card-mc' }]);
    expect(
      within(screen.getByRole('listitem', { name: 'Visa •••• 4242' })).queryByText('Primary'),
    ).not.toBeInTheDocument();
    expect(await screen.findByText(CARD_MESSAGES.primaryUpdated)).toBeInTheDocument();
  });

  it('removes a card only after the confirmation', async () => {
    const { api, user } = setup({ [`DELETE ${CARDS_API}/card/card-mc`]: ok({ id: 'card-mc' }) });
    await user.click(await screen.findByRole('button', { name: 'Remove Mastercard •••• 8210' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${CARDS_API}/card/card-mc`)).toHaveLength(0);

    api.handlers[`GET ${CARDS_API}/cards`] = ok([VISA]);
    await user.click(screen.getByRole('button', { name: 'Remove Mastercard •••• 8210' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove card?' })).getByRole('button', {
        name: 'Remove card',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Mastercard •••• 8210' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo(`DELETE ${CARDS_API}/card/card-mc`)).toHaveLength(1);
    expect(await screen.findByText(CARD_MESSAGES.cardRemoved)).toBeInTheDocument();
  });

  it('shows the empty state, and a viewer cannot add or change cards', async () => {
    setup({ [`GET ${CARDS_API}/cards`]: ok([]) }, makeViewerBusiness());
    expect(await screen.findByText('No cards added yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeDisabled();
  });

  it('shows the error state with a retry', async () => {
    setup({ [`GET ${CARDS_API}/cards`]: fail(500, 'Server error') });
    expect(await screen.findByText(/Error loading data/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('estimates the card fee for a vendor on Ferry, and counts a failed quote as $0.00', async () => {
    const { api, user } = setup({
      [`POST ${CARDS_API}/fee-quote`]: ok({
        cardFee: 2.9,
        feeCents: 290,
        totalAmount: 102.9,
        rateBps: 290,
        surcharged: true,
        reason: 'SURCHARGE',
      }),
    });
    const panel = await screen.findByRole('region', { name: 'Card fee estimate' });
    await chooseOption(
      user,
      await within(panel).findByRole('combobox', { name: 'Vendor' }),
      'Blue Bottle Supply',
    );
    await user.type(within(panel).getByRole('textbox', { name: 'Amount' }), '100');
    await user.click(within(panel).getByRole('button', { name: 'Estimate card fee' }));

    expect(await within(panel).findByText('Card fee: $2.90')).toBeInTheDocument();
    expect(within(panel).getByText('Total: $102.90')).toBeInTheDocument();
    expect(
      within(panel).getByText('This vendor adds a 2.9% card surcharge to credit card payments.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${CARDS_API}/fee-quote`)).toEqual([
      { baseAmount: 100, payeeId: PAYEE_ID, cardId: 'card-visa' },
    ]);

    api.handlers[`POST ${CARDS_API}/fee-quote`] = fail(500, 'Server error');
    await chooseOption(user, within(panel).getByRole('combobox', { name: 'Card' }), 'Mastercard •••• 8210');
    await user.click(within(panel).getByRole('button', { name: 'Estimate card fee' }));
    expect(await within(panel).findByText('Card fee: $0.00')).toBeInTheDocument();
    expect(within(panel).getByText('Total: $100.00')).toBeInTheDocument();
    expect(
      within(panel).getByText('The card fee could not be worked out, so it counts as $0.00.'),
    ).toBeInTheDocument();
  });
});
