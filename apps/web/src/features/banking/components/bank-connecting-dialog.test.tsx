import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import {
  BANK_CONNECTED_TEXT,
  BANK_CONNECTING_MESSAGES,
  BankConnectingDialog,
} from './bank-connecting-dialog';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('Bank-connecting progress dialog (spec 002 §2, §9)', () => {
  it('rotates five messages every 1.4 s, shows success at 7 s and closes 1.2 s later', () => {
    const onFinished = vi.fn();
    renderWithProviders(<BankConnectingDialog opened isDone onFinished={onFinished} />);
    expect(screen.getByRole('dialog', { name: 'Connecting your bank' })).toBeInTheDocument();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(BANK_CONNECTING_MESSAGES[0]);
    advance(1_399);
    expect(status).toHaveTextContent(BANK_CONNECTING_MESSAGES[0]);
    advance(1);
    expect(status).toHaveTextContent(BANK_CONNECTING_MESSAGES[1]);
    advance(1_400 * 3);
    expect(status).toHaveTextContent(BANK_CONNECTING_MESSAGES[4]);
    expect(screen.queryByText(BANK_CONNECTED_TEXT)).not.toBeInTheDocument();
    advance(1_400); // 7 s
    expect(screen.getByText(BANK_CONNECTED_TEXT)).toBeInTheDocument();
    advance(1_199);
    expect(onFinished).not.toHaveBeenCalled();
    advance(1);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('waits for the server after 7 s, then shows success and closes 1.2 s later', () => {
    const onFinished = vi.fn();
    const { rerender } = renderWithProviders(
      <BankConnectingDialog opened isDone={false} onFinished={onFinished} />,
    );
    advance(9_000);
    expect(screen.queryByText(BANK_CONNECTED_TEXT)).not.toBeInTheDocument();
    rerender(<BankConnectingDialog opened isDone onFinished={onFinished} />);
    expect(screen.getByText(BANK_CONNECTED_TEXT)).toBeInTheDocument();
    advance(1_200);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });
});
