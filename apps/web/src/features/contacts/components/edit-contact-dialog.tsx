import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { isApiError } from '@/lib/api-error';
import type { Contact } from '../api/contact-schemas';
import { useUpdateContact } from '../api/update-contact';
import { useContactForm } from '../hooks/use-contact-form';
import {
  type ContactFormValues,
  getContactFieldErrors,
  toContactRequest,
  toContactValues,
} from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';
import { ContactFormFields } from './contact-form-fields';

export type EditContactFormProps = {
  businessId: string;
  config: ContactKindConfig;
  contact: Contact;
  onClose: () => void;
  /** Save only once something changed (spec 002 §4): the edit dialog; finalizing may save as is. */
  requireChange: boolean;
};

/**
 * The contact form filled with what the contact holds, saved with `PATCH` (which also finalizes a contact
 * that needed it). The shared schema checks it on submit; the server's field errors land on their fields.
 */
export const EditContactForm = ({
  businessId,
  config,
  contact,
  onClose,
  requireChange,
}: EditContactFormProps) => {
  const update = useUpdateContact(businessId, config, contact.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContactForm(config, toContactValues(contact));

  const handleSubmit = async (values: ContactFormValues) => {
    const body = toContactRequest(values, config, 'update');
    if (!body) return;
    setFailure(null);
    try {
      await update.mutateAsync(body);
      notifications.show({ color: 'teal', message: config.updatedMessage });
      onClose();
    } catch (error) {
      const fieldErrors = getContactFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      // Spec 002 §8: the server's message first, else the area's fallback.
      else
        setFailure(isApiError(error) && error.statusCode < 500 ? error.message : config.updateFailedMessage);
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="lg">
        <ContactFormFields form={form} config={config} />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={requireChange && !form.isDirty()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export type EditContactDialogProps = {
  opened: boolean;
  onClose: () => void;
  businessId: string;
  config: ContactKindConfig;
  contact: Contact;
};

/** 'Edit Vendor Details' / 'Edit Customer Details' (spec 002 §2). */
export const EditContactDialog = ({
  opened,
  onClose,
  businessId,
  config,
  contact,
}: EditContactDialogProps) => (
  <Dialog opened={opened} onClose={onClose} size="lg" title={config.editTitle}>
    {/* Mounted only while open, so every opening starts from the contact's current details. */}
    {opened ? (
      <EditContactForm
        businessId={businessId}
        config={config}
        contact={contact}
        onClose={onClose}
        requireChange
      />
    ) : null}
  </Dialog>
);
