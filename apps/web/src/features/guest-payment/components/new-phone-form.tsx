import { apiPhoneSchema, GUEST_MESSAGES } from '@ferry/domain';
import { Button, Stack, VisuallyHidden } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { EMPTY_PHONE, PhoneField, type PhoneValue } from '@/components/phone-field';
import { getErrorMessage } from '@/lib/api-error';
import { sendGuestPhoneCode } from '../api/guest-api';
import { type PhoneFormProps, phoneMessageOf } from '../utils/phone-send';

/**
 * 'Verify Your Mobile Number' for a guest without a phone (spec 000 §5: 'Mobile number is required.',
 * 'Please enter valid phone number.', and the server's 'already linked to a different account'). Loaded
 * only for such a guest: the phone metadata is large.
 */
export function NewPhoneForm({ onSent }: PhoneFormProps) {
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setFormError(null);
    if (phone.phoneNumber.trim() === '') {
      setPhoneError(GUEST_MESSAGES.phoneRequired);
      return;
    }
    const parsed = apiPhoneSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? GUEST_MESSAGES.phoneRequired);
      return;
    }
    setPhoneError(null);
    const request = () => sendGuestPhoneCode({ phones: [parsed.data] });
    setIsSending(true);
    try {
      const sent = await request();
      onSent(sent.requestId, request);
    } catch (error) {
      const onPhone = phoneMessageOf(error);
      if (onPhone) setPhoneError(onPhone);
      else setFormError(getErrorMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Verify your mobile number">
      <Stack gap="md">
        <ErrorAlert>{formError}</ErrorAlert>
        <PhoneField
          label="Mobile number"
          required
          value={phone}
          onChange={(next) => {
            setPhone(next);
            if (phoneError) setPhoneError(null);
          }}
          error={phoneError}
        />
        {/* The field shows the message; this announces it. */}
        <VisuallyHidden role="alert">{phoneError}</VisuallyHidden>
        <Button type="submit" size="md" fullWidth loading={isSending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
