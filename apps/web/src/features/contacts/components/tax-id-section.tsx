import { formatTaxId, MONEY_MESSAGES, taxIdSchema } from '@ferry/domain';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useUpdateTaxId } from '../api/update-tax-id';
import { maskTaxId } from '../utils/display';

export type TaxIdSectionProps = {
  businessId: string;
  vendorId: string;
  /** The API's tax ID: '12-3456789' for members who manage vendors, '*** 6789' for the others, or null. */
  taxId: string | null;
  canManage: boolean;
};

/**
 * A vendor's tax ID (spec 002 §5): shown masked (members who manage vendors may reveal it, and add or
 * change it). The
 * input keeps at most 9 digits with a dash after the first 2; the shared schema gives 'Tax ID is
 * required.' and 'Invalid Tax ID.', and the normalised 9 digits are sent to `PATCH .../tax-id`.
 */
export const TaxIdSection = ({ businessId, vendorId, taxId, canManage }: TaxIdSectionProps) => {
  const [editing, setEditing] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const hasTaxId = Boolean(taxId);
  const canReveal = canManage && taxId !== null && maskTaxId(taxId) !== taxId;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="tax-id-heading">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="tax-id-heading">
            Tax ID
          </Title>
          {canManage && !editing ? (
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => {
                setRevealed(false);
                setEditing(true);
              }}
              aria-label={hasTaxId ? 'Edit Tax ID' : 'Add Tax ID'}
            >
              {hasTaxId ? 'Edit' : 'Add'}
            </Button>
          ) : null}
        </Group>
        {editing ? (
          <TaxIdForm businessId={businessId} vendorId={vendorId} onDone={() => setEditing(false)} />
        ) : (
          <Group gap="sm">
            <Text
              size="sm"
              c={hasTaxId ? undefined : 'dimmed'}
              data-testid="tax-id-value"
              ff={hasTaxId ? 'monospace' : undefined}
            >
              {taxId ? (revealed ? formatTaxId(taxId) : maskTaxId(taxId)) : 'Not set'}
            </Text>
            {canReveal ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setRevealed((value) => !value)}
              >
                {revealed ? 'Hide' : 'Show'}
              </Anchor>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
};

const TaxIdForm = ({
  businessId,
  vendorId,
  onDone,
}: {
  businessId: string;
  vendorId: string;
  onDone: () => void;
}) => {
  const update = useUpdateTaxId(businessId, vendorId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { taxId: '' },
    validate: {
      taxId: (value) => {
        const result = taxIdSchema.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
    },
  });

  const handleSubmit = async ({ taxId }: { taxId: string }) => {
    const parsed = taxIdSchema.safeParse(taxId);
    if (!parsed.success) return;
    setFailure(null);
    try {
      await update.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: MONEY_MESSAGES.saved });
      onDone();
    } catch (error) {
      const fieldError = isApiError(error) ? error.errors.find((e) => e.field === 'taxId') : undefined;
      if (fieldError) form.setFieldError('taxId', fieldError.message);
      else setFailure(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Tax ID"
          description="9 digits (EIN), e.g. 12-3456789."
          placeholder="12-3456789"
          inputMode="numeric"
          withAsterisk
          maw={280}
          {...form.getInputProps('taxId')}
          onChange={(event) => form.setFieldValue('taxId', formatTaxId(event.currentTarget.value))}
        />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group gap="sm">
          <Button type="submit" size="sm" loading={update.isPending}>
            Save
          </Button>
          <Button variant="default" size="sm" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
