import { EMPLOYEE_COUNT_BANDS, formatTaxId } from '@ferry/domain';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import type { VerificationFormView } from '../api/get-verification-form';
import { verificationKeys } from '../api/keys';
import { useUpdateVerificationForm } from '../api/update-verification-form';
import {
  type DetailsValues,
  employeeBandLabel,
  formatAddress,
  toDetailsRequest,
  toDetailsValues,
  validateDetails,
} from '../utils/details-form';
import { AddressFields } from './address-fields';
import { ReadOnlyField } from './read-only-field';

export const DETAILS_SAVED_MESSAGE = 'Your business details were saved.';

const BAND_OPTIONS = EMPLOYEE_COUNT_BANDS.map((band) => ({ value: band.value, label: band.label }));

export type BusinessDetailsStepProps = {
  businessId: string;
  view: VerificationFormView;
  onBack: () => void;
  onSaved: () => void;
};

/** Step 2: the business verification form (KYB), or what was saved for members who may not edit it. */
export const BusinessDetailsStep = (props: BusinessDetailsStepProps) =>
  props.view.canEdit ? <DetailsForm {...props} /> : <DetailsReadOnly {...props} />;

const DetailsReadOnly = ({ view, onBack }: BusinessDetailsStepProps) => {
  const saved = view.form;
  return (
    <Stack gap="md">
      {saved ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ReadOnlyField label="Legal business name" value={saved.legalBusinessName} />
          <ReadOnlyField label="Tax ID (EIN)" value={saved.taxId} />
          <ReadOnlyField label="Website" value={saved.website} />
          <ReadOnlyField label="Number of employees" value={employeeBandLabel(saved.employeeCount)} />
          <ReadOnlyField label="Business address" value={formatAddress(saved.address)} />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          No business details have been saved yet.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
};

const DetailsForm = ({ businessId, view, onBack, onSaved }: BusinessDetailsStepProps) => {
  const queryClient = useQueryClient();
  const update = useUpdateVerificationForm(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: toDetailsValues(view),
    validate: validateDetails,
    validateInputOnBlur: true,
  });

  const handleSubmit = async (values: DetailsValues) => {
    setFailure(null);
    const body = toDetailsRequest(values);
    if (!body) return;
    try {
      await update.mutateAsync(body);
      notifications.show({ color: 'teal', title: 'Business details saved', message: DETAILS_SAVED_MESSAGE });
      onSaved();
    } catch (error) {
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error)) {
        for (const { field, message } of error.errors) fieldErrors[field] = message;
        // Submitted meanwhile: reload so the page shows where the verification stands.
        if (error.statusCode === 409) {
          void queryClient.invalidateQueries({ queryKey: verificationKeys.all(businessId) });
        }
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    }
  };

  const taxIdProps = form.getInputProps('taxId');
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Legal business name"
            description="Exactly as registered with the IRS."
            withAsterisk
            autoComplete="organization"
            {...form.getInputProps('legalBusinessName')}
          />
          <TextInput
            label="Tax ID (EIN)"
            description="9 digits, as on your IRS letter."
            placeholder="12-3456789"
            inputMode="numeric"
            withAsterisk
            {...taxIdProps}
            onChange={(event) => form.setFieldValue('taxId', formatTaxId(event.currentTarget.value))}
          />
          <TextInput
            label="Website"
            description="Optional."
            placeholder="harborcoffee.com"
            autoComplete="url"
            {...form.getInputProps('website')}
          />
          <Select
            label="Number of employees"
            placeholder="Select the number of employees"
            withAsterisk
            data={BAND_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('employeeCount')}
            onChange={(value) => {
              form.setFieldValue('employeeCount', value);
              form.validateField('employeeCount');
            }}
          />
        </SimpleGrid>
        <AddressFields form={form} />
        <ErrorAlert>{failure}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={update.isPending}>
            Back
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save &amp; continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
