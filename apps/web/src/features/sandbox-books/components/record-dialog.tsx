import type { SandboxRecord } from '@ferry/domain/schemas';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useCreateSandboxRecord, useSandboxContacts, useUpdateSandboxRecord } from '../api/records';
import { contactKindOf, type EditableKind, formShapeOf, KIND_TEXT, textOf } from '../utils/kinds';
import {
  buildRecordData,
  formFieldOf,
  initialFormValues,
  type RecordFormErrors,
  type RecordFormField,
  type RecordFormValues,
} from '../utils/record-form';
import { RecordFields } from './record-fields';

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

type RecordFormProps = {
  companyId: string;
  kind: EditableKind;
  /** The record being edited, or null to add one. */
  record: SandboxRecord | null;
  onDone: () => void;
};

const RecordForm = ({ companyId, kind, record, onDone }: RecordFormProps) => {
  const shape = formShapeOf(kind);
  const [values, setValues] = useState<RecordFormValues>(() => initialFormValues(record));
  const [errors, setErrors] = useState<RecordFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateSandboxRecord(companyId);
  const update = useUpdateSandboxRecord(companyId);
  const contactKind = contactKindOf(kind);
  const contacts = useSandboxContacts(companyId, contactKind, shape === 'document');
  const singular = KIND_TEXT[kind].singular;

  const onChange = <F extends RecordFormField>(field: F, value: RecordFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const onError = (error: unknown) => {
    if (isApiError(error) && error.errors.length > 0) {
      const found: RecordFormErrors = {};
      for (const { field, message } of error.errors) {
        const key = formFieldOf(field);
        if (key && !(key in found)) found[key] = message;
      }
      if (Object.keys(found).length > 0) {
        setErrors(found);
        return;
      }
    }
    setFormError(getErrorMessage(error));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const built = buildRecordData(shape, values, record);
    if (built.errors) {
      setErrors(built.errors);
      return;
    }
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        message: `${capitalise(singular)} ${record ? 'saved' : 'added'}.`,
      });
      onDone();
    };
    if (record) update.mutate({ recordId: record.id, data: built.data }, { onSuccess, onError });
    else create.mutate({ kind, data: built.data }, { onSuccess, onError });
  };

  const options = (contacts.data?.items ?? []).map((contact) => ({
    value: contact.id,
    label: textOf(contact.data, 'name') || contact.id,
  }));
  // A document's contact that is not among the first 100 still shows by its id.
  if (values.contactRemoteId && !options.some((option) => option.value === values.contactRemoteId)) {
    options.push({ value: values.contactRemoteId, label: values.contactRemoteId });
  }
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RecordFields
          shape={shape}
          values={values}
          errors={errors}
          onChange={onChange}
          contact={{
            label: capitalise(KIND_TEXT[contactKind].singular),
            options,
            loading: contacts.isPending,
          }}
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color="dark" loading={pending}>
            {record ? 'Save' : `Add ${singular}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** 'Add vendor' / 'Edit bill': the kind's form in a dialog; saves with POST or PATCH `{data}`. */
export const RecordDialog = ({
  opened,
  onClose,
  companyId,
  kind,
  record,
}: {
  opened: boolean;
  onClose: () => void;
  companyId: string;
  kind: EditableKind;
  record: SandboxRecord | null;
}) => (
  <Dialog opened={opened} onClose={onClose} title={`${record ? 'Edit' : 'Add'} ${KIND_TEXT[kind].singular}`}>
    {opened ? (
      <RecordForm
        key={record?.id ?? 'new'}
        companyId={companyId}
        kind={kind}
        record={record}
        onDone={onClose}
      />
    ) : null}
  </Dialog>
);
