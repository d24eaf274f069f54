import { type InlineContact, inlineContactSchema } from '@ferry/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import type { Contact } from '../api/contact-schemas';
import { useCreateInlineContact } from '../api/create-inline-contact';
import { CONTACT_KINDS, type ContactKind } from '../utils/contact-kind';

export type InlineAddContactProps = {
  businessId: string;
  kind: ContactKind;
  /** Name typed in the picker's search, to start with. */
  initialName?: string;
  onAdded: (contact: Contact) => void;
  onCancel: () => void;
};

const validateInline = (values: InlineContact): Record<string, string> => {
  const result = inlineContactSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

/**
 * Inline add of a vendor or customer from a picker (spec 002 §5): name (letters, numbers, spaces and
 * hyphens, max 50) and email (max 50), with the domain's inline messages. `POST .../inline` adds it (it
 * needs finalizing later) and the new contact goes to the picker.
 */
export const InlineAddContact = ({
  businessId,
  kind,
  initialName = '',
  onAdded,
  onCancel,
}: InlineAddContactProps) => {
  const config = CONTACT_KINDS[kind];
  const create = useCreateInlineContact(businessId, config);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InlineContact>({
    mode: 'controlled',
    initialValues: { name: initialName.slice(0, 50), email: '' },
    validate: validateInline,
    validateInputOnBlur: true,
  });

  const handleSubmit = async (values: InlineContact) => {
    const parsed = inlineContactSchema.safeParse(values);
    if (!parsed.success) return;
    setFailure(null);
    try {
      const contact = await create.mutateAsync(parsed.data);
      onAdded(contact);
    } catch (error) {
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error)) {
        for (const { field, message } of error.errors) {
          if (field === 'name' || field === 'email') fieldErrors[field] ??= message;
        }
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        // Inside a picker that may itself sit in a form: the submit stays here.
        event.stopPropagation();
        form.onSubmit(handleSubmit)(event);
      }}
      noValidate
      aria-label={`Add a new ${config.label.toLowerCase()}`}
    >
      <Stack gap="sm">
        <TextInput label={`${config.label} Name`} withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Email Address" withAsterisk type="email" {...form.getInputProps('email')} />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="sm" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="sm" loading={create.isPending}>
            Add {config.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
