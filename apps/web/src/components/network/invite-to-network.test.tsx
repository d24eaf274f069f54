import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { InviteToNetwork, InviteToNetworkButton } from './invite-to-network';
import { INVITATIONS_SENT_MESSAGE } from './network-api';
import { makeContactView } from './testing';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const VENDORS = `/business/${BUSINESS_ID}/accounting/contacts/vendors`;
const INVITE = `/business/${BUSINESS_ID}/network/invitations`;

const CONTACTS = [
  makeContactView({ id: 'c-1', name: 'Blue Bottle', email: 'billing@bluebottle.com' }),
  makeContactView({
    id: 'c-2',
    name: 'Already On Ferry',
    email: 'ap@onferry.com',
    fbnBusiness: {
      businessId: 'nb-1',
      businessName: 'On Ferry Inc',
      addresses: { billing: null },
      website: null,
    },
  }),
  makeContactView({ id: 'c-3', name: 'Stumptown', email: 'pay@stumptown.com' }),
];

const page = (items = CONTACTS) => ok({ items, total: items.length, pageNumber: 1, pageSize: 100 });

const vendorQueries = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `/api${VENDORS}`)
    .map((url) => Object.fromEntries(url.searchParams));

const renderInvite = () => {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <InviteToNetwork businessId={BUSINESS_ID} kind="vendor" opened onClose={onClose} />,
  );
  return { ...view, onClose };
};

describe('InviteToNetwork', () => {
  afterEach(() => notifications.clean());

  it("shows the intro first; 'May be later' closes it without remembering anything", async () => {
    const api = mockApi({ [`GET ${VENDORS}`]: page() });
    const user = userEvent.setup();
    const { onClose } = renderInvite();
    const intro = await screen.findByRole('dialog', { name: 'Invite your vendors to Ferry' });
    expect(within(intro).getByRole('checkbox', { name: "Don't show this message again" })).not.toBeChecked();
    await user.click(within(intro).getByRole('button', { name: 'May be later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(getStored('networkInviteIntroDismissed')).toBeNull();
    expect(api.calls.filter((c) => c.path === VENDORS)).toHaveLength(0);
  });

  it("remembers 'Don't show this message again' and then opens on the list", async () => {
    mockApi({ [`GET ${VENDORS}`]: page() });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<InviteToNetworkButton businessId={BUSINESS_ID} kind="vendor" />);
    await user.click(screen.getByRole('button', { name: 'Invite to Ferry' }));
    const intro = await screen.findByRole('dialog', { name: 'Invite your vendors to Ferry' });
    await user.click(within(intro).getByRole('checkbox', { name: "Don't show this message again" }));
    await user.click(within(intro).getByRole('button', { name: 'May be later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(getStored('networkInviteIntroDismissed')).toBe(true);
    unmount();

    renderWithProviders(<InviteToNetworkButton businessId={BUSINESS_ID} kind="vendor" />);
    await user.click(screen.getByRole('button', { name: 'Invite to Ferry' }));
    expect(await screen.findByRole('dialog', { name: 'Invite Vendors to Ferry' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invite your vendors to Ferry' })).not.toBeInTheDocument();
  });

  it('lists the contacts not yet on Ferry, searches them and sends the chosen invitations', async () => {
    const api = mockApi({
      [`GET ${VENDORS}`]: page(),
      [`POST ${INVITE}`]: ok({ sent: 2 }, { message: INVITATIONS_SENT_MESSAGE }),
    });
    const user = userEvent.setup();
    const { onClose } = renderInvite();
    const intro = await screen.findByRole('dialog', { name: 'Invite your vendors to Ferry' });
    await user.click(within(intro).getByRole('button', { name: 'Invite' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invite Vendors to Ferry' });
    expect(await within(dialog).findByText('Blue Bottle')).toBeInTheDocument();
    expect(within(dialog).getByText('pay@stumptown.com')).toBeInTheDocument();
    expect(within(dialog).queryByText('Already On Ferry')).not.toBeInTheDocument();
    expect(vendorQueries(api)[0]).toMatchObject({ pageNumber: '1', pageSize: '100', sortBy: 'name' });

    const send = within(dialog).getByRole('button', { name: 'Send Invites' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invite Blue Bottle' }));

    // The search keeps what was chosen.
    api.handlers[`GET ${VENDORS}`] = page([CONTACTS[2] ?? makeContactView()]);
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search vendors' }), 'stump');
    await waitFor(() => expect(within(dialog).queryByText('Blue Bottle')).not.toBeInTheDocument());
    expect(vendorQueries(api).at(-1)).toMatchObject({ searchTerm: 'stump' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invite Stumptown' }));
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();

    await user.click(send);
    expect(await screen.findByText(INVITATIONS_SENT_MESSAGE)).toBeInTheDocument();
    expect(api.bodiesOf(`POST ${INVITE}`)).toEqual([{ contactIds: ['c-1', 'c-3'] }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("toasts the server's refusal and keeps the list open", async () => {
    mockApi({
      [`GET ${VENDORS}`]: page(),
      [`POST ${INVITE}`]: fail(403, 'You don’t have access based on your assigned role.'),
    });
    const user = userEvent.setup();
    const { onClose } = renderInvite();
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite Vendors to Ferry' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Invite Stumptown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invites' }));
    expect(await screen.findByText('You don’t have access based on your assigned role.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Invite Vendors to Ferry' })).toBeInTheDocument();
  });
});
