import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithProviders } from '@/testing/test-utils';
import { OneTimeCodeDialog, type OneTimeCodeDialogProps } from './one-time-code-dialog';

const setup = (overrides: Partial<OneTimeCodeDialogProps> = {}) => {
  const sendCode = vi.fn<OneTimeCodeDialogProps['sendCode']>().mockResolvedValue({ requestId: 'req-1' });
  const verifyCode = vi.fn<OneTimeCodeDialogProps['verifyCode']>().mockResolvedValue(undefined);
  const onClose = vi.fn();
  const props: OneTimeCodeDialogProps = {
    opened: true,
    onClose,
    title: 'Verify Your Email',
    description: 'We sent a 6-digit code to ada@acme.com.',
    sendCode,
    verifyCode,
    ...overrides,
  };
  const view = renderWithProviders(<OneTimeCodeDialog {...props} />);
  return { ...view, props, sendCode, verifyCode, onClose };
};

const digitBox = (n: number) => screen.getByLabelText(`Verification code, digit ${n} of 6`);

const paste = (text: string) => fireEvent.paste(digitBox(1), { clipboardData: { getData: () => text } });

afterEach(() => {
  vi.useRealTimers();
});

describe('OneTimeCodeDialog', () => {
  it('sends a code on open and shows six labelled boxes', async () => {
    const { sendCode } = setup();
    expect(await screen.findByRole('dialog', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('We sent a 6-digit code to ada@acme.com.')).toBeInTheDocument();
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(1));
    for (let n = 1; n <= 6; n += 1) expect(digitBox(n)).toBeInTheDocument();
  });

  it('does not send while closed', () => {
    const { sendCode } = setup({ opened: false });
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('keeps only the digits of a paste and auto-submits once', async () => {
    const { verifyCode } = setup();
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    paste('12a34567');
    await waitFor(() => expect(verifyCode).toHaveBeenCalledTimes(1));
    expect(verifyCode).toHaveBeenCalledWith({ requestId: 'req-1', otp: '123456', trustDevice: false });
    expect([1, 2, 3, 4, 5, 6].map((n) => (digitBox(n) as HTMLInputElement).value).join('')).toBe('123456');
    // Re-rendering with the same code does not submit it again.
    await act(async () => {});
    expect(verifyCode).toHaveBeenCalledTimes(1);
  });

  it('types digits one by one, ignores letters and submits the full code', async () => {
    const user = userEvent.setup();
    const { verifyCode } = setup();
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    await user.click(digitBox(1));
    await user.keyboard('98x7654');
    await waitFor(() => expect(verifyCode).toHaveBeenCalledTimes(1));
    expect(verifyCode.mock.calls[0]?.[0].otp).toBe('987654');
  });

  it("shows the server's message under the boxes and lets the person try another code", async () => {
    const verifyCode = vi
      .fn<OneTimeCodeDialogProps['verifyCode']>()
      .mockRejectedValueOnce(new ApiError({ statusCode: 400, message: 'Invalid OTP' }))
      .mockResolvedValueOnce(undefined);
    setup({ verifyCode });
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    paste('111111');
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    paste('222222');
    await waitFor(() => expect(verifyCode).toHaveBeenCalledTimes(2));
    expect(verifyCode.mock.calls[1]?.[0].otp).toBe('222222');
    await waitFor(() => expect(screen.queryByText('Invalid OTP')).not.toBeInTheDocument());
  });

  it("falls back to 'Invalid OTP' for an unexpected failure", async () => {
    const verifyCode = vi.fn<OneTimeCodeDialogProps['verifyCode']>().mockRejectedValue(new Error('boom'));
    setup({ verifyCode });
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    paste('111111');
    expect(await screen.findByText('Invalid OTP')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it('counts down 90 seconds before a new code can be requested', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const { sendCode } = setup();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sendCode).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Get a new code in 1:30' })).toBeDisabled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(89_000);
    });
    expect(screen.getByRole('button', { name: 'Get a new code in 0:01' })).toBeDisabled();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    const resend = screen.getByRole('button', { name: 'Get a new code' });
    expect(resend).toBeEnabled();

    fireEvent.click(resend);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Get a new code in 1:30' })).toBeDisabled();
  });

  it('shows a send failure and lets the person retry at once', async () => {
    const user = userEvent.setup();
    const sendCode = vi
      .fn<OneTimeCodeDialogProps['sendCode']>()
      .mockRejectedValueOnce(
        new ApiError({ statusCode: 429, message: 'Please wait 42 seconds before requesting a new code.' }),
      )
      .mockResolvedValueOnce({ requestId: 'req-2' });
    setup({ sendCode });
    expect(
      await screen.findByText('Please wait 42 seconds before requesting a new code.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Get a new code' }));
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(2));
    await waitFor(() =>
      expect(
        screen.queryByText('Please wait 42 seconds before requesting a new code.'),
      ).not.toBeInTheDocument(),
    );
  });

  it('passes the trust-device choice and offers a phone change', async () => {
    const user = userEvent.setup();
    const onChangePhone = vi.fn();
    const { verifyCode } = setup({ showTrustDevice: true, onChangePhone });
    await waitFor(() => expect(screen.getByRole('button', { name: /Get a new code in/ })).toBeDisabled());
    await user.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Change phone number' }));
    expect(onChangePhone).toHaveBeenCalledTimes(1);
    paste('654321');
    await waitFor(() =>
      expect(verifyCode).toHaveBeenCalledWith({ requestId: 'req-1', otp: '654321', trustDevice: true }),
    );
  });

  it('resets when closed and sends a fresh code when reopened', async () => {
    const { sendCode, props, rerender } = setup();
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(1));
    paste('12');
    expect((digitBox(1) as HTMLInputElement).value).toBe('1');
    rerender(<OneTimeCodeDialog {...props} opened={false} />);
    rerender(<OneTimeCodeDialog {...props} opened />);
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(2));
    expect((digitBox(1) as HTMLInputElement).value).toBe('');
  });
});
