import { apiPhoneSchema, GUEST_MESSAGES, type GuestPaymentInfo, type GuestPaymentType } from '@ferry/domain';
import { Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AuthLayout } from '@/components/auth-layout';
import { ErrorAlert } from '@/components/error-alert';
import { OneTimeCodeDialog } from '@/components/one-time-code-dialog';
import { EMPTY_PHONE, PhoneField, type PhoneValue } from '@/components/phone-field';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { sendGuestPhoneCode, useGuestLink, verifyGuestPhone } from '../api/guest-api';
import { getStoredGuest } from '../utils/guest-storage';
import { greeting, sentYouShortText } from '../utils/texts';
import { useFirstCode } from '../utils/use-first-code';

export const LAST_FOUR_LABEL = 'Confirm the last 4 digits of your phone number';
export const OTP_TITLE = 'Enter One-Time Password';
export const VERIFY_MOBILE_TITLE = 'Verify Your Mobile Number';

export type GuestPhoneStepProps = {
  token: string;
  /** The phone is verified: the payment info the server answered. */
  onVerified: (info: GuestPaymentInfo) => void;
};

/** The server's message for the phone: a field error about it, or the 400 / 409 answer itself. */
const phoneMessageOf = (error: unknown): string | null => {
  if (!isApiError(error)) return null;
  const onField = error.errors.find((item) => /phone|lastFour/i.test(item.field));
  if (onField) return onField.message;
  return error.statusCode === 400 || error.statusCode === 409 ? error.message : null;
};

const SentLine = ({ token }: { token: string }) => {
  const link = useGuestLink(token);
  if (link.isPending) return <Skeleton height={14} width="70%" aria-hidden />;
  if (!link.data) return null;
  return (
    <Text inherit>
      {sentYouShortText(link.data.senderBusinessName, link.data.paymentType as GuestPaymentType)}
    </Text>
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
  const [lastFour, setLastFour] = useState('');
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [fieldMessage, setFieldMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);

  const request = () =>
    sendGuestPhoneCode(
      maskedPhone
        ? { lastFour }
        : {
            phones: [
              {
                phoneNumber: phone.phoneNumber.trim(),
                countryCode: phone.countryCode,
                countryISOCode: phone.countryISOCode,
              },
            ],
          },
    );
  const firstCode = useFirstCode(request);

  const check = (): string | null => {
    if (maskedPhone) return /^\d{4}$/.test(lastFour) ? null : GUEST_MESSAGES.lastFourInvalid;
    if (phone.phoneNumber.trim() === '') return GUEST_MESSAGES.phoneRequired;
    const parsed = apiPhoneSchema.safeParse(phone);
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? GUEST_MESSAGES.phoneRequired);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    const problem = check();
    setFieldMessage(problem);
    if (problem) return;
    setIsSending(true);
    try {
      const sent = await request();
      firstCode.keep(sent.requestId);
      setCodeOpen(true);
    } catch (error) {
      const onPhone = phoneMessageOf(error);
      if (onPhone) setFieldMessage(onPhone);
      else setFormError(getErrorMessage(error));
    } finally {
      setIsSending(false);
    }
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
      <form onSubmit={handleSubmit} noValidate aria-label="Confirm your phone">
        <Stack gap="md">
          <ErrorAlert>{formError}</ErrorAlert>
          {maskedPhone ? (
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
          ) : (
            <Stack gap={6}>
              <Text fw={600} size="sm" component="h2">
                {VERIFY_MOBILE_TITLE}
              </Text>
              <PhoneField
                label="Mobile number"
                required
                value={phone}
                onChange={(next) => {
                  setPhone(next);
                  if (fieldMessage) setFieldMessage(null);
                }}
                error={fieldMessage}
              />
            </Stack>
          )}
          <Button type="submit" size="md" fullWidth loading={isSending}>
            Send code
          </Button>
        </Stack>
      </form>
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
