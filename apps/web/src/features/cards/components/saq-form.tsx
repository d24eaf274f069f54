import { MONEY_MESSAGES, SAQ_ATTESTATIONS, SAQ_TYPES, saqDetailsSchema } from '@ferry/domain';
import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { useSubmitSaq } from '../api/merchant';

type SaqValues = {
  saqType: string;
  signerName: string;
  signerTitle: string;
  attestations: Record<string, boolean>;
};

const EMPTY_ATTESTATIONS = Object.fromEntries(SAQ_ATTESTATIONS.map((a) => [a.key, false]));

/**
 * The PCI DSS Self-Assessment Questionnaire (SAQ A with the card vault's hosted fields): every
 * statement attested, and the signer's name and title (spec 002 §3 "SAQ details").
 */
export const SaqForm = ({ businessId, canManage }: { businessId: string; canManage: boolean }) => {
  const submitSaq = useSubmitSaq(businessId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SaqValues>({
    initialValues: { saqType: 'A', signerName: '', signerTitle: '', attestations: EMPTY_ATTESTATIONS },
    validateInputOnBlur: true,
    validate: (values) => {
      const result = saqDetailsSchema.safeParse(values);
      const errors: Record<string, string> = {};
      if (result.success) return errors;
      for (const issue of result.error.issues) {
        const [field] = issue.path;
        // One message for the statements, under the group.
        errors[field === 'attestations' ? 'attestations' : String(field)] ??= issue.message;
      }
      return errors;
    },
  });
  const values = form.getValues();
  const disabled = !canManage || submitSaq.isPending;

  const submit = form.onSubmit(async (submitted) => {
    setError(null);
    const parsed = saqDetailsSchema.parse(submitted);
    try {
      await submitSaq.mutateAsync(parsed);
      notifications.show({ color: 'teal', title: 'SAQ submitted', message: MONEY_MESSAGES.saqSubmitted });
    } catch (cause) {
      if (isApiError(cause) && cause.statusCode === 401) return;
      const message = getErrorMessage(cause);
      setError(message);
      notifications.show({ color: 'red', title: 'SAQ not submitted', message });
    }
  });

  const attestationError = form.errors.attestations;

  return (
    <form onSubmit={submit} noValidate aria-label="PCI Self-Assessment Questionnaire">
      <Stack gap="md">
        <Select
          label="SAQ type"
          withAsterisk
          data={SAQ_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          description="Card details are entered in hosted card fields and never touch your systems, so SAQ A applies."
          allowDeselect={false}
          disabled={disabled}
          {...form.getInputProps('saqType')}
        />
        <Checkbox.Group
          label="Attestation"
          description="Confirm each statement for your business."
          withAsterisk
          error={typeof attestationError === 'string' ? attestationError : undefined}
          value={SAQ_ATTESTATIONS.filter((a) => values.attestations[a.key]).map((a) => a.key)}
          onChange={(checked) => {
            form.setFieldValue(
              'attestations',
              Object.fromEntries(SAQ_ATTESTATIONS.map((a) => [a.key, checked.includes(a.key)])),
            );
            if (form.errors.attestations) form.validateField('attestations');
          }}
        >
          <Stack gap="xs" mt="xs">
            {SAQ_ATTESTATIONS.map((attestation) => (
              <Checkbox
                key={attestation.key}
                value={attestation.key}
                label={attestation.label}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Signer name"
            withAsterisk
            autoComplete="name"
            maxLength={50}
            disabled={disabled}
            {...form.getInputProps('signerName')}
          />
          <TextInput
            label="Signer title"
            withAsterisk
            placeholder="e.g. Owner, CFO"
            autoComplete="organization-title"
            maxLength={50}
            disabled={disabled}
            {...form.getInputProps('signerTitle')}
          />
        </SimpleGrid>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={!canManage} loading={submitSaq.isPending}>
            Submit SAQ
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
