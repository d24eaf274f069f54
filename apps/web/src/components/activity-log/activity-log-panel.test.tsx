import { type ActivityLogItem, formatDateTime, MONEY_MESSAGES } from '@ferry/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ActivityLogPanel } from './activity-log-panel';

const BUSINESS_ID = '64b7f0c2a1b2c3d4e5f60718';
const CONTACT_ID = '64b7f0c2a1b2c3d4e5f60799';
const LOGS = `/business/${BUSINESS_ID}/user-activity-logs`;

const makeEntry = (overrides: Partial<ActivityLogItem> = {}): ActivityLogItem => ({
  id: 'log-1',
  entityType: 'contacts',
  entityId: CONTACT_ID,
  action: 'CONTACT_CREATED',
  label: 'Vendor added',
  actor: { type: 'USER', name: 'Ada Lovelace' },
  remarks: null,
  createdAt: '2026-11-01T14:05:00.000Z',
  ...overrides,
});

const page = (items: ActivityLogItem[], pageNumber = 1, total = items.length) =>
  ok({ items, total, pageNumber, pageSize: 50 });

const renderPanel = () =>
  renderWithProviders(
    <ActivityLogPanel businessId={BUSINESS_ID} entityType="contacts" entityId={CONTACT_ID} />,
  );

const queryOf = (api: ReturnType<typeof mockApi>, index: number) =>
  new URL(String(api.fetchMock.mock.calls[index]?.[0]), 'http://localhost').searchParams;

describe('ActivityLogPanel', () => {
  it('asks for the entity log, 50 a page, and shows each entry with its time, actor and remarks', async () => {
    const api = mockApi({
      [`GET ${LOGS}`]: page([
        makeEntry({
          id: 'log-2',
          action: 'DOCUMENT_UPLOADED',
          label: 'Document uploaded',
          remarks: 'w9-form.pdf',
          createdAt: '2026-11-02T09:30:00.000Z',
        }),
        makeEntry({
          id: 'log-3',
          action: 'BANK_ACCOUNT_ADDED',
          label: 'Bank details added',
          actor: { type: 'SYSTEM', name: null },
        }),
        makeEntry({
          id: 'log-4',
          action: 'CONTACT_UPDATED',
          label: 'Vendor details updated',
          actor: { type: 'PROVIDER', name: 'XERO' },
        }),
        makeEntry(),
      ]),
    });
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading activity' })).toBeInTheDocument();
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();

    const query = queryOf(api, 0);
    expect(query.get('entityType')).toBe('contacts');
    expect(query.get('entityId')).toBe(CONTACT_ID);
    expect(query.get('pageNumber')).toBe('1');
    expect(query.get('pageSize')).toBe('50');

    expect(screen.getByText('w9-form.pdf')).toBeInTheDocument();
    expect(screen.getByText(formatDateTime('2026-11-02T09:30:00.000Z'))).toBeInTheDocument();
    expect(formatDateTime('2026-11-02T09:30:00.000Z')).toMatch(/^Nov 0\d, 2026 \d{2}:\d{2}$/);
    expect(screen.getAllByText('Ada Lovelace')[0]?.closest('[data-actor]')).toHaveAttribute(
      'data-actor',
      'person',
    );
    expect(screen.getByText('System').closest('[data-actor]')).toHaveAttribute('data-actor', 'system');
    expect(screen.getByText('Xero').closest('[data-actor]')).toHaveAttribute('data-actor', 'system');
    expect(screen.queryByText(MONEY_MESSAGES.noActivityTitle)).not.toBeInTheDocument();
  });

  it('shows the empty state texts when nothing was logged yet', async () => {
    mockApi({ [`GET ${LOGS}`]: page([]) });
    renderPanel();
    expect(await screen.findByText('No Activity Yet.')).toBeInTheDocument();
    expect(screen.getByText('Your activity log is currently empty.')).toBeInTheDocument();
    expect(screen.getByText('Any actions you take will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("adds the next page with 'Load more' until every entry is shown", async () => {
    const first = Array.from({ length: 50 }, (_, i) => makeEntry({ id: `a-${i}`, label: `Entry ${i}` }));
    const api = mockApi({
      [`GET ${LOGS}`]: () => {
        const pageNumber = Number(queryOf(api, api.fetchMock.mock.calls.length - 1).get('pageNumber'));
        return pageNumber === 1
          ? page(first, 1, 51)
          : page([makeEntry({ id: 'b-0', label: 'The oldest entry' })], 2, 51);
      },
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Entry 0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest entry')).toBeInTheDocument();
    expect(queryOf(api, 1).get('pageNumber')).toBe('2');
    expect(screen.getByText('Entry 49')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('shows a load failure with a retry', async () => {
    const api = mockApi({ [`GET ${LOGS}`]: fail(404, 'Contact not found.') });
    const user = userEvent.setup();
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading data: Contact not found.');
    api.handlers[`GET ${LOGS}`] = page([makeEntry()]);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Vendor added')).toBeInTheDocument();
  });
});
