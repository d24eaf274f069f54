import { apiPhoneSchema, MESSAGES } from '@ferry/domain';
import { Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { BotCheckError } from '@/lib/bot-check';
import type { ChangeMobileNumberDialogProps } from './change-mobile-number-dialog';
import { Dialog } from './dialog';
import { ErrorAlert } from './error-alert';
import { FormActions } from './form-actions';
import { EMPTY_PHONE, PhoneField, type PhoneValue } from './phone-field';

/** A failure the server or the bot check explained; anything else is the generic message. */
const messageOf = (error: unknown): string =>
  (isApiError(error) || error instanceof BotCheckError) && error.message
    ? error.message
    : MESSAGES.somethingWentWrong;

/** Errors the server tied to the phone (the 'already linked' 409, an invalid number). */
const phoneErrorOf = (error: unknown): string | null => {
  if (!isApiError(error)) return null;
  const field = error.errors.find((e) => /phone/i.test(e.field));
  if (field) return field.message;
  return error.statusCode === 409 ? error.message : null;
};

/**
 * 'Enter New Mobile Number' (spec 000 §2): a new primary mobile number to send the one-time code to.
 * Validates with the API's phone schema ('Please enter valid phone number.'); the server's answer that the
 * number belongs to another account shows on the field. Closing forgets what was typed. Loaded by
 * `ChangeMobileNumberDialog` when first opened.
 */
export function ChangeMobileNumberForm({
  opened,
  onClose,
  submit,
  onSubmitted,
}: ChangeMobileNumberDialogProps) {
  const [phone, setPhone] = useState<PhoneValue>(EMPTY_PHONE);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setPhone(EMPTY_PHONE);
    setPhoneError(null);
    setFormError(null);
    setIsSubmitting(false);
  }, [opened]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setFormError(null);
    const parsed = apiPhoneSchema.safeParse(phone);
    if (!parsed.success) {
      setPhoneError(parsed.error.issues[0]?.message ?? MESSAGES.somethingWentWrong);
      return;
    }
    setPhoneError(null);
    setIsSubmitting(true);
    try {
      const { requestId } = await submit(parsed.data);
      onSubmitted({ requestId, phone: parsed.data });
    } catch (error) {
      const onField = phoneErrorOf(error);
      if (onField) setPhoneError(onField);
      else setFormError(messageOf(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="Enter New Mobile Number">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            We will text a one-time code to the new number. Once you enter it, it becomes your primary mobile
            number.
          </Text>
          <PhoneField
            label="Mobile number"
            value={phone}
            onChange={(next) => {
              setPhone(next);
              if (phoneError) setPhoneError(null);
            }}
            error={phoneError}
            required
            disabled={isSubmitting}
          />
          <ErrorAlert>{formError}</ErrorAlert>
          <FormActions submitLabel="Send code" onCancel={onClose} isSubmitting={isSubmitting} />
        </Stack>
      </form>
    </Dialog>
  );
}
