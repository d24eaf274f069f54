import { MESSAGES, OTP_LENGTH, OTP_RESEND_SECONDS, TRUSTED_DEVICE_DAYS } from '@ferry/domain';
import { Anchor, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { BotCheckError } from '@/lib/bot-check';
import { CodeInput } from './code-input';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';

export type OneTimeCodeDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** 'Enter One-Time Password' (sign-in), 'Confirmation Required', 'Verify Your Mobile Number' (phone), or e.g. 'Verify Your Email'. */
  title: string;
  /** E.g. 'We sent a 6-digit code to *** 1234.' */
  description?: ReactNode;
  /** Called when the dialog opens and on 'Get a new code'. */
  sendCode: () => Promise<{ requestId: string; resendAvailableAt?: string }>;
  /** Auto-called when 6 digits are in and a requestId exists; also the Verify button. Throw ApiError to show its message ('Invalid OTP' fallback). */
  verifyCode: (input: { requestId: string; otp: string; trustDevice: boolean }) => Promise<void>;
  /** Shows the 'Trust this device for 30 days' checkbox. */
  showTrustDevice?: boolean;
  /** When given, shows a 'Change phone number' link that calls it. */
  onChangePhone?: () => void;
};

/** The message of a failure a person can act on: the server's or the bot check's, else `fallback`. */
const messageOf = (error: unknown, fallback: string): string =>
  isApiError(error) || error instanceof BotCheckError ? error.message || fallback : fallback;

const formatCountdown = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds left until `deadline` (ms), ticking once a second while the dialog is open. */
const useCountdown = (deadline: number | null): number => {
  const remaining = () => (deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `remaining` only reads `deadline`.
  useEffect(() => {
    setSeconds(remaining());
    if (deadline === null) return;
    const timer = setInterval(() => {
      const left = remaining();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return seconds;
};

/**
 * The one-time-code dialog (spec 000 §2, §4): a code is sent when it opens; six digit boxes that submit by
 * themselves once full (with a request id); 'Get a new code' after a 90 s countdown; optional 'Trust this
 * device for 30 days' and 'Change phone number'. Closing resets everything. Bot-check tokens are the
 * caller's business (inside `sendCode` / `verifyCode`).
 */
export function OneTimeCodeDialog({
  opened,
  onClose,
  title,
  description,
  sendCode,
  verifyCode,
  showTrustDevice = false,
  onChangePhone,
}: OneTimeCodeDialogProps) {
  const [requestId, setRequestId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [resendDeadline, setResendDeadline] = useState<number | null>(null);
  const secondsLeft = useCountdown(resendDeadline);
  const errorId = useId();

  // Each opening is a generation: answers from an earlier one are dropped.
  const generation = useRef(0);
  const lastAutoSubmitted = useRef<string | null>(null);
  const sendCodeRef = useRef(sendCode);
  const verifyCodeRef = useRef(verifyCode);
  sendCodeRef.current = sendCode;
  verifyCodeRef.current = verifyCode;

  const send = useCallback(async () => {
    const current = generation.current;
    setIsSending(true);
    setSendError(null);
    try {
      const sent = await sendCodeRef.current();
      if (current !== generation.current) return;
      setRequestId(sent.requestId);
      setCode('');
      setVerifyError(null);
      lastAutoSubmitted.current = null;
      setResendDeadline(Date.now() + OTP_RESEND_SECONDS * 1000);
    } catch (error) {
      if (current === generation.current) setSendError(messageOf(error, MESSAGES.somethingWentWrong));
    } finally {
      if (current === generation.current) setIsSending(false);
    }
  }, []);

  const verify = useCallback(
    async (otp: string) => {
      if (!requestId || otp.length !== OTP_LENGTH) return;
      const current = generation.current;
      setIsVerifying(true);
      setVerifyError(null);
      try {
        await verifyCodeRef.current({ requestId, otp, trustDevice });
      } catch (error) {
        if (current === generation.current) setVerifyError(messageOf(error, MESSAGES.invalidOtp));
      } finally {
        if (current === generation.current) setIsVerifying(false);
      }
    },
    [requestId, trustDevice],
  );

  // Opening sends a code; closing forgets everything.
  useEffect(() => {
    generation.current += 1;
    setRequestId(null);
    setCode('');
    setTrustDevice(false);
    setIsSending(false);
    setSendError(null);
    setIsVerifying(false);
    setVerifyError(null);
    setResendDeadline(null);
    lastAutoSubmitted.current = null;
    if (opened) void send();
  }, [opened, send]);

  // Auto-submit once per full code and request, while open. A verified code usually closes the dialog in
  // the same commit that ends `isVerifying`: the reset above has then cleared `lastAutoSubmitted`, but this
  // render still holds the old code and request, which must not be verified (and acted on) a second time.
  useEffect(() => {
    if (!opened || !requestId || code.length !== OTP_LENGTH || isVerifying) return;
    const key = `${requestId}:${code}`;
    if (lastAutoSubmitted.current === key) return;
    lastAutoSubmitted.current = key;
    void verify(code);
  }, [opened, code, requestId, isVerifying, verify]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isVerifying) void verify(code);
  };

  const canResend = !isSending && !isVerifying && secondsLeft === 0;

  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {description ?? `Enter the ${OTP_LENGTH}-digit code we sent you.`}
          </Text>

          <ErrorAlert>{sendError}</ErrorAlert>

          <Stack gap={6} align="center">
            <CodeInput
              label="Verification code"
              value={code}
              onChange={(next) => {
                setCode(next);
                if (verifyError) setVerifyError(null);
              }}
              error={Boolean(verifyError)}
              disabled={isVerifying}
              autoFocus
            />
            {verifyError ? (
              <Text id={errorId} size="sm" c="red" role="alert">
                {verifyError}
              </Text>
            ) : null}
          </Stack>

          {showTrustDevice ? (
            <Checkbox
              label={`Trust this device for ${TRUSTED_DEVICE_DAYS} days`}
              checked={trustDevice}
              onChange={(event) => setTrustDevice(event.currentTarget.checked)}
            />
          ) : null}

          <Group justify="space-between" align="center" wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => void send()}
                disabled={!canResend}
                c={canResend ? undefined : 'dimmed'}
                underline={canResend ? 'hover' : 'never'}
                style={{ cursor: canResend ? 'pointer' : 'default' }}
              >
                {secondsLeft > 0 ? `Get a new code in ${formatCountdown(secondsLeft)}` : 'Get a new code'}
              </Anchor>
              {isSending ? <Loader size={14} aria-label="Sending code" /> : null}
            </Group>
            {onChangePhone ? (
              <Anchor component="button" type="button" size="sm" onClick={onChangePhone}>
                Change phone number
              </Anchor>
            ) : null}
          </Group>

          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isVerifying}
            disabled={!requestId || code.length !== OTP_LENGTH}
          >
            Verify
          </Button>
        </Stack>
      </form>
    </Dialog>
  );
}
