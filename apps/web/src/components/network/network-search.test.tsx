import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CONTACT_ADDED_MESSAGES } from './network-api';
import { NetworkSearch } from './network-search';
import { makeContactView, makeNetworkBusiness } from './testing';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const SEARCH = `/business/${BUSINESS_ID}/search`;

const results = (items = [makeNetworkBusiness()], total = items.length) =>
  ok({ items, total, pageNumber: 1, pageSize: 10 });

const renderSearch = (kind: 'vendor' | 'customer' = 'vendor') => {
  const onAdded = vi.fn();
  const view = renderWithProviders(<NetworkSearch businessId={BUSINESS_ID} kind={kind} onAdded={onAdded} />);
  return { ...view, onAdded };
};

const searchQueries = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `/api${SEARCH}`)
    .map((url) => Object.fromEntries(url.searchParams));

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('NetworkSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('searches 800 ms after the last key, and only from 3 characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const api = mockApi({ [`GET ${SEARCH}`]: results() });
    renderSearch();
    const input = screen.getByRole('searchbox', { name: 'Search vendors on Ferry' });
    expect(input).toHaveAttribute('maxLength', '30');

    fireEvent.change(input, { target: { value: 'Ha' } });
    await advance(2000);
    expect(searchQueries(api)).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'Har' } });
    await advance(500);
    fireEvent.change(input, { target: { value: 'Harb' } });
    await advance(799);
    expect(searchQueries(api)).toHaveLength(0);
    await advance(1);
    expect(searchQueries(api)).toEqual([{ businessName: 'Harb', pageNumber: '1' }]);
    await advance(100);
    expect(screen.getByText('Harbor Coffee Roasters')).toBeInTheDocument();
    expect(screen.getByText('owner@harborcoffee.com')).toBeInTheDocument();
    expect(screen.getByText('Seattle, WA, US · harborcoffee.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();

    // Back under 3 characters: no further call, and the results give way to the hint.
    fireEvent.change(input, { target: { value: 'Ha' } });
    await advance(800);
    expect(searchQueries(api)).toHaveLength(1);
    expect(screen.queryByText('Harbor Coffee Roasters')).not.toBeInTheDocument();
  });

  it("says 'Vendor not found...' when nothing matches, and the customer variant", async () => {
    mockApi({ [`GET ${SEARCH}`]: results([]) });
    const user = userEvent.setup();
    const { unmount } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search vendors on Ferry' }), 'Nowhere');
    expect(
      await screen.findByText(
        'Vendor not found. You can add them manually using the form below.',
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
    unmount();

    renderSearch('customer');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers on Ferry' }), 'Nowhere');
    expect(
      await screen.findByText(
        'Customer not found. You can add them manually using the form below.',
        undefined,
        {
          timeout: 3000,
        },
      ),
    ).toBeInTheDocument();
  });

  it("selects a business, goes back, then adds it as a vendor and hands over the new contact's id", async () => {
    const api = mockApi({
      [`GET ${SEARCH}`]: results([
        makeNetworkBusiness(),
        makeNetworkBusiness({ id: 'nb-2', businessName: 'Harbor Bakery' }),
      ]),
      [`POST /business/${BUSINESS_ID}/vendors/business`]: ok(makeContactView({ id: 'c-9' }), {
        message: 'Vendor added successfully.',
      }),
    });
    const user = userEvent.setup();
    const { onAdded } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search vendors on Ferry' }), 'Harbor');
    const bakery = await screen.findByRole('listitem', { name: 'Harbor Bakery' }, { timeout: 3000 });
    await user.click(within(bakery).getByRole('button', { name: 'Select' }));

    let card = screen.getByLabelText('Selected business');
    expect(within(card).getByText('Harbor Bakery')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('listitem', { name: 'Harbor Coffee Roasters' })).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('listitem', { name: 'Harbor Bakery' })).getByRole('button', { name: 'Select' }),
    );
    card = screen.getByLabelText('Selected business');
    await user.click(within(card).getByRole('button', { name: 'Add Vendor' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('c-9'));
    expect(api.bodiesOf(`POST /business/${BUSINESS_ID}/vendors/business`)).toEqual([
      { fbnBusinessId: 'nb-2', entityType: 'VENDOR' },
    ]);
    expect(await screen.findByText(CONTACT_ADDED_MESSAGES.vendor)).toBeInTheDocument();
  });

  it("adds a customer through the customers call and toasts the server's refusal", async () => {
    const api = mockApi({
      [`GET ${SEARCH}`]: results(),
      [`POST /business/${BUSINESS_ID}/customers/business`]: fail(
        409,
        'This business is already one of your customers.',
      ),
    });
    const user = userEvent.setup();
    const { onAdded } = renderSearch('customer');
    await user.type(screen.getByRole('searchbox', { name: 'Search customers on Ferry' }), 'Harbor');
    await user.click(await screen.findByRole('button', { name: 'Select' }, { timeout: 3000 }));
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    expect(await screen.findByText('This business is already one of your customers.')).toBeInTheDocument();
    expect(api.bodiesOf(`POST /business/${BUSINESS_ID}/customers/business`)).toEqual([
      { fbnBusinessId: 'nb-1', entityType: 'CUSTOMER' },
    ]);
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeEnabled();
  });
});
