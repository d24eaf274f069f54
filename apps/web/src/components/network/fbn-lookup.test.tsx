import { MONEY_MESSAGES } from '@ferry/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { FbnLookup } from './fbn-lookup';
import { makeContactView, makeNetworkBusiness } from './testing';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const FBN = `/business/${BUSINESS_ID}/fbn/receivable`;

const RESULTS = [
  {
    ...makeNetworkBusiness({ id: 'nb-1', businessName: 'Sunrise Bakery' }),
    contact: { id: 'c-9', name: 'Sunrise (ours)' },
  },
  { ...makeNetworkBusiness({ id: 'nb-2', businessName: 'Sunset Diner' }), contact: null },
];

const renderLookup = (initialTerm = 'Sun') => {
  const onPicked = vi.fn();
  renderWithProviders(
    <FbnLookup businessId={BUSINESS_ID} kind="customer" initialTerm={initialTerm} onPicked={onPicked} />,
  );
  return onPicked;
};

describe('FbnLookup', () => {
  afterEach(() => notifications.clean());

  it('looks up customers on Ferry with the typed text and picks the customer already linked', async () => {
    const api = mockApi({ [`GET ${FBN}`]: ok({ items: RESULTS, total: 2, pageNumber: 1, pageSize: 20 }) });
    const onPicked = renderLookup();
    const list = await screen.findByRole('list', { name: 'Businesses on Ferry' });
    expect(within(list).getByText('Your customer: Sunrise (ours)')).toBeInTheDocument();
    const query = new URL(String(api.fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ searchTerm: 'Sun', pageNumber: '1', pageSize: '20' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Sunrise (ours)' }));
    expect(onPicked).toHaveBeenCalledWith({ id: 'c-9', name: 'Sunrise (ours)' });
    expect(api.callsTo(`POST /business/${BUSINESS_ID}/customers/business`)).toHaveLength(0);
  });

  it('adds a business not yet a customer, then picks the new customer; a refusal is told', async () => {
    const api = mockApi({
      [`GET ${FBN}`]: ok({ items: RESULTS, total: 2, pageNumber: 1, pageSize: 20 }),
      [`POST /business/${BUSINESS_ID}/customers/business`]: ok(
        makeContactView({ id: 'c-new', name: 'Sunset Diner' }),
      ),
    });
    const onPicked = renderLookup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Customer Sunset Diner' }));
    await waitFor(() => expect(onPicked).toHaveBeenCalledWith({ id: 'c-new', name: 'Sunset Diner' }));
    expect(api.bodiesOf(`POST /business/${BUSINESS_ID}/customers/business`)).toEqual([
      { fbnBusinessId: 'nb-2', entityType: 'CUSTOMER' },
    ]);

    api.handlers[`POST /business/${BUSINESS_ID}/customers/business`] = fail(
      409,
      'This business is already your customer.',
    );
    await user.click(screen.getByRole('button', { name: 'Add Customer Sunset Diner' }));
    expect(await screen.findByText('This business is already your customer.')).toBeInTheDocument();
    expect(onPicked).toHaveBeenCalledTimes(1);
  });

  it('waits for 2 characters and says when nothing is found', async () => {
    const api = mockApi({ [`GET ${FBN}`]: ok({ items: [], total: 0, pageNumber: 1, pageSize: 20 }) });
    renderLookup('S');
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    expect(api.callsTo(`GET ${FBN}`)).toHaveLength(0);
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Find a customer on Ferry' }), 'x');
    await waitFor(() => expect(api.callsTo(`GET ${FBN}`)).toHaveLength(1), { timeout: 2000 });
    expect(await screen.findByText(MONEY_MESSAGES.customerNotFound)).toBeInTheDocument();
  });
});
