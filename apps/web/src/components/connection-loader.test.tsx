import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CONNECTION_MESSAGES, CONNECTION_SUCCESS_TEXT, ConnectionLoader } from './connection-loader';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('ConnectionLoader (spec 000 §2, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rotates the bank messages every 1.2 s', () => {
    renderWithProviders(<ConnectionLoader kind="bank" onFinish={() => {}} />);
    const status = screen.getByRole('status');
    const [first, second, third] = CONNECTION_MESSAGES.bank;
    expect(status).toHaveTextContent(first as string);
    advance(1_199);
    expect(status).toHaveTextContent(first as string);
    advance(1);
    expect(status).toHaveTextContent(second as string);
    advance(1_200);
    expect(status).toHaveTextContent(third as string);
    expect(screen.getByRole('heading', { name: 'Linking your bank account' })).toBeInTheDocument();
  });

  it('uses the accounting message set and wraps around', () => {
    renderWithProviders(
      <ConnectionLoader kind="accounting" title="Connecting to Xero" onFinish={() => {}} />,
    );
    const messages = CONNECTION_MESSAGES.accounting;
    expect(messages).not.toEqual(CONNECTION_MESSAGES.bank);
    expect(screen.getByRole('status')).toHaveTextContent(messages[0] as string);
    expect(screen.getByRole('heading', { name: 'Connecting to Xero' })).toBeInTheDocument();
    advance(1_200 * messages.length);
    expect(screen.getByRole('status')).toHaveTextContent(messages[0] as string);
  });

  it("shows 'Connection Successful' at 7 s and finishes 3 s later, once", () => {
    const onFinish = vi.fn();
    renderWithProviders(<ConnectionLoader kind="bank" onFinish={onFinish} />);
    advance(6_999);
    expect(screen.queryByRole('heading', { name: CONNECTION_SUCCESS_TEXT })).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole('heading', { name: CONNECTION_SUCCESS_TEXT })).toBeInTheDocument();
    advance(2_999);
    expect(onFinish).not.toHaveBeenCalled();
    advance(1);
    expect(onFinish).toHaveBeenCalledTimes(1);
    advance(20_000);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('stops when it goes away before finishing', () => {
    const onFinish = vi.fn();
    const { unmount } = renderWithProviders(<ConnectionLoader kind="bank" onFinish={onFinish} />);
    advance(5_000);
    unmount();
    advance(10_000);
    expect(onFinish).not.toHaveBeenCalled();
  });
});
