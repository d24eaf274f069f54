import { type SandboxCompany, sandboxCompanyRequestSchema } from '@ferry/domain/schemas';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useCreateSandboxCompany } from '../api/companies';
import { DEFAULT_COMPANY_NAME } from './connect-consent';

/** 'New company': a name and whether to fill it with sample data (vendors, customers, bills, a chart…). */
export const NewCompanyDialog = ({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (company: SandboxCompany) => void;
}) => {
  const [name, setName] = useState(DEFAULT_COMPANY_NAME);
  const [sample, setSample] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateSandboxCompany();
  const serverNameError = isApiError(create.error)
    ? (create.error.errors.find((e) => e.field === 'name')?.message ?? null)
    : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sandboxCompanyRequestSchema.safeParse({ name, sample });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Please enter a name.');
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (company) => {
        notifications.show({ color: 'teal', message: `${company.name} created.` });
        onCreated(company);
        onClose();
      },
    });
  };

  return (
    <Dialog opened={opened} onClose={onClose} title="New company">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Company name"
            required
            data-autofocus
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError ?? serverNameError}
          />
          <Checkbox
            label="Fill it with sample data"
            description="50 vendors, 20 customers, 20 open bills, 10 invoices, a chart of accounts and items."
            checked={sample}
            onChange={(event) => setSample(event.currentTarget.checked)}
          />
          <ErrorAlert>{create.isError && !serverNameError ? getErrorMessage(create.error) : null}</ErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="dark" loading={create.isPending}>
              Create company
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
};
