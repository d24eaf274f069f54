import type { GuestPaymentInfo } from '@ferry/domain';
import { GUEST_MESSAGES } from '@ferry/domain';
import { Button, Center, Loader, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { OneTimeCodeDialog } from '@/components/one-time-code-dialog';
import { getErrorMessage } from '@/lib/api-error';
import { sendGuestPhoneCode, useGuestLink, verifyGuestPhone } from '../api/guest-api';
import { getStoredGuest } from '../utils/guest-storage';
import { type PhoneCodeRequest, type PhoneFormProps, phoneMessageOf } from '../utils/phone-send';
import { greeting, requestedAutoPayText, sentYouShortText } from '../utils/texts';
import { useFirstCode } from '../utils/use-first-code';

export const LAST_FOUR_LABEL = 'Confirm the last 4 digits of your phone number';
export const OTP_TITLE = 'Enter One-Time Password';
export const VERIFY_MOBILE_TITLE = 'Verify Your Mobile Number';

const NewPhoneForm = lazy(() => import('./new-phone-form').then((m) => ({ default: m.NewPhoneForm })));

export type GuestPhoneStepProps = {
  token: string;
  /** The phone is verified: the payment info the server answered. */
  onVerified: (info: GuestPaymentInfo) => void;
};

const SentLine = ({ token }: { token: string }) => {
  const link = useGuestLink(token);
  if (link.isPending) return <Skeleton height={14} width="70%" aria-hidden />;
  if (!link.data) return null;
  return (
    <Text inherit>
      {link.data.invitationType === 'AUTO_PAYMENT'
        ? requestedAutoPayText(link.data.senderBusinessName)
        : sentYouShortText(link.data.senderBusinessName, link.data.paymentType)}
    </Text>
  );
};

/** The phone on file: its last four digits ('Please enter the last 4 digits…', or the mismatch). */
const LastFourForm = ({ onSent }: PhoneFormProps) => {
  const [lastFour, setLastFour] = useState('');
  const [fieldMessage, setFieldMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    if (!/^\d{4}$/.test(lastFour)) {
      setFieldMessage(GUEST_MESSAGES.lastFourInvalid);
      return;
    }
    setFieldMessage(null);
    const confirmed = lastFour;
    const request = () => sendGuestPhoneCode({ lastFour: confirmed });
    setIsSending(true);
    try {
      const sent = await request();
      onSent(sent.requestId, request);
    } catch (error) {
      const onPhone = phoneMessageOf(error);
      if (onPhone) setFieldMessage(onPhone);
      else setFormError(getErrorMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Confirm your phone">
      <Stack gap="md">
        <ErrorAlert>{formError}</ErrorAlert>
        <TextInput
          label={LAST_FOUR_LABEL}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          withAsterisk
          autoFocus
          value={lastFour}
          onChange={(event) => {
            setLastFour(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));
            if (fieldMessage) setFieldMessage(null);
          }}
          error={fieldMessage}
          errorProps={{ role: 'alert' }}
        />
        <Button type="submit" size="md" fullWidth loading={isSending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
};

/**
 * The 'Guest payment sign-in' step (spec 000 §2): the last four digits of the phone on file, or a mobile
 * number for a person without one; then the SMS code ('Enter One-Time Password' / 'Verify Your Mobile
 * Number', with 'Trust this device for 30 days').
 */
export const GuestPhoneStep = ({ token, onVerified }: GuestPhoneStepProps) => {
  const stored = getStoredGuest();
  const maskedPhone = stored?.maskedPhone ?? null;
  const [codeOpen, setCodeOpen] = useState(false);
  const resend = useRef<PhoneCodeRequest | null>(null);
  const firstCode = useFirstCode(() => {
    if (!resend.current) return Promise.reject(new Error('No phone yet'));
    return resend.current();
  });

  const onSent = (requestId: string, request: PhoneCodeRequest) => {
    resend.current = request;
    firstCode.keep(requestId);
    setCodeOpen(true);
  };

  const verifyCode = async (input: { requestId: string; otp: string; trustDevice: boolean }) => {
    const info = await verifyGuestPhone({
      requestId: input.requestId,
      otp: input.otp,
      isRegisterTrustedDevice: input.trustDevice,
    });
    // The step is replaced by the method screen (closing the dialog here would let it submit again).
    onVerified(info);
  };

  return (
    <AuthLayout
      title={greeting(stored?.firstName)}
      description={
        <Stack gap={4}>
          <SentLine token={token} />
          <Text inherit>
            {maskedPhone
              ? `To keep your payment safe, we will text a code to your phone on file (${maskedPhone}).`
              : 'Add your mobile number: we will text you a code to confirm it.'}
          </Text>
        </Stack>
      }
    >
      {maskedPhone ? (
        <LastFourForm onSent={onSent} />
      ) : (
        <Stack gap="sm">
          <Title order={2} fz="md">
            {VERIFY_MOBILE_TITLE}
          </Title>
          <Suspense
            fallback={
              <Center py="md">
                <Loader size="sm" aria-label="Loading the phone field" />
              </Center>
            }
          >
            <NewPhoneForm onSent={onSent} />
          </Suspense>
        </Stack>
      )}
      <OneTimeCodeDialog
        opened={codeOpen}
        onClose={() => setCodeOpen(false)}
        title={maskedPhone ? OTP_TITLE : VERIFY_MOBILE_TITLE}
        description={
          maskedPhone
            ? `Enter the 6-digit code we sent to ${maskedPhone}.`
            : 'Enter the 6-digit code we sent to your mobile number.'
        }
        sendCode={firstCode.sendCode}
        verifyCode={verifyCode}
        showTrustDevice
        {...(maskedPhone ? {} : { onChangePhone: () => setCodeOpen(false) })}
      />
    </AuthLayout>
  );
};
