import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientConfig } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import type { OutboxMessage } from '../api/get-outbox-messages';
import { DevOutboxPage } from './dev-outbox-page';

const messages: OutboxMessage[] = [
  {
    id: 'm2',
    channel: 'sms',
    to: '+15551234567',
    subject: null,
    text: 'Your Ferry code is 123456',
    html: null,
    createdAt: '2026-03-02T10:05:00.000Z',
  },
  {
    id: 'm1',
    channel: 'email',
    to: 'ada@example.com',
    subject: 'Verify your email',
    text: 'Your code is 654321',
    html: '<p>Your code is <b>654321</b></p><script>alert(1)</script>',
    createdAt: '2026-03-02T10:00:00.000Z',
  },
];

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const to = url.searchParams.get('to');
    const items = to ? messages.filter((m) => m.to === to) : messages;
    const body = {
      status: true,
      message: 'OK',
      data: { items, total: items.length, pageNumber: 1, pageSize: 10 },
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  configureApiClient({ fetch: fetchMock });
});

afterEach(() => {
  resetApiClientConfig();
  fetchMock.mockReset();
});

describe('DevOutboxPage', () => {
  it('lists messages with channel badges and shows a selected one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DevOutboxPage />);
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    await within(table).findByText('To ada@example.com');
    expect(within(table).getByText('SMS')).toBeInTheDocument();
    expect(within(table).getByText('Email')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/dev/outbox?pageNumber=1&pageSize=10');

    await user.click(within(table).getByRole('button', { name: 'Verify your email' }));
    const detail = screen.getByRole('region', { name: 'Verify your email' });
    const frame = within(detail).getByTitle('HTML of the message to ada@example.com');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<b>654321</b>');

    await user.click(within(detail).getByRole('tab', { name: 'Text' }));
    expect(within(detail).getByText('Your code is 654321')).toBeInTheDocument();
  });

  it('filters by address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DevOutboxPage />);
    const table = await screen.findByRole('table', { name: 'Sent messages' });
    await within(table).findByText('To ada@example.com');
    await user.type(screen.getByLabelText('Filter by address'), '+15551234567');
    await waitFor(() => expect(within(table).queryByText('To ada@example.com')).not.toBeInTheDocument());
    expect(within(table).getByText('To +15551234567')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('to=%2B15551234567');
  });

  it('shows the load error with its message', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: 'Not available', statusCode: 404 }), { status: 404 }),
    );
    renderWithProviders(<DevOutboxPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Not available');
  });
});
