import { MESSAGES, signUpRequestSchema } from '@ferry/domain';
import { Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { FormActions } from '@/components/form-actions';
import type { UserProfile } from '@/lib/session';
import { correctEmail } from '../api/verification';
import { getActionErrorMessage, getFieldErrors } from '../utils/error-message';
import { schemaFieldErrors, useFieldForm } from '../utils/use-field-form';

const changeEmailSchema = z.object({ email: signUpRequestSchema.shape.email });
type ChangeEmailValues = { email: string };

export type ChangeEmailFormProps = {
  currentEmail: string;
  onChanged: (profile: UserProfile) => void;
  onCancel: () => void;
};

/** Corrects a mistyped sign-up email (`POST /user/email`) before it is verified. */
export function ChangeEmailForm({ currentEmail, onChanged, onCancel }: ChangeEmailFormProps) {
  const form = useFieldForm<ChangeEmailValues>({
    initialValues: { email: currentEmail },
    validate: (values) => schemaFieldErrors<ChangeEmailValues>(changeEmailSchema, values),
  });
  const [isSaving, setIsSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setFormError(null);
    if (!form.validateAll()) return;
    setIsSaving(true);
    try {
      onChanged(await correctEmail(form.values.email.trim()));
    } catch (error) {
      const fieldError = getFieldErrors(error).email;
      if (fieldError) form.setFieldErrors({ email: fieldError });
      else setFormError(getActionErrorMessage(error, MESSAGES.somethingWentWrongTryLater));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Change email">
      <Stack gap="sm">
        <ErrorAlert>{formError}</ErrorAlert>
        <TextInput
          label="Work email"
          type="email"
          autoComplete="email"
          data-autofocus
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.currentTarget.value)}
          onBlur={() => form.touch('email')}
          error={form.errors.email}
        />
        <FormActions submitLabel="Save email" onCancel={onCancel} isSubmitting={isSaving} />
      </Stack>
    </form>
  );
}
