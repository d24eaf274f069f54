import { BUSINESS_TYPES, type BusinessType, businessDetailsSchema } from '@ferry/domain';
import { ActionIcon, Anchor, Button, Checkbox, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { BusinessDetailsInput } from '../api/save-business';
import { RestrictedCategoriesDialog } from './restricted-categories-dialog';

export const BUSINESS_NAME_TOOLTIP = 'Enter the full legal name of your business exactly as registered.';

export type BusinessDetailsValues = {
  businessName: string;
  businessType: BusinessType | null;
  agreeNoRestrictedCategory: boolean;
};

/** The first message of each field the shared schema rejects (the server checks with the same schema). */
export const validateBusinessDetails = (values: BusinessDetailsValues): Record<string, string> => {
  const result = businessDetailsSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

export type BusinessDetailsFormProps = {
  initialValues: BusinessDetailsValues;
  /** Verification has started: name and type can no longer change (spec 000 §4). */
  locked: boolean;
  isSubmitting: boolean;
  /**
   * Saves and moves on. Resolves with field messages from the server to show under the fields (or
   * nothing); a failure that is not about a field is the caller's to show.
   */
  onSubmit: (input: BusinessDetailsInput) => Promise<Record<string, string> | undefined>;
  /** A short line under the button when saving failed. */
  failureText?: string | null;
};

/**
 * The business details form (spec 000 §2, §5): Business Name with its tooltip, Business Type, and the
 * 'none of these categories apply' agreement with its help. Fields are checked when left; Next stays
 * disabled until the form is valid and shows a spinner while saving.
 */
export const BusinessDetailsForm = ({
  initialValues,
  locked,
  isSubmitting,
  onSubmit,
  failureText,
}: BusinessDetailsFormProps) => {
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const form = useForm<BusinessDetailsValues>({
    mode: 'controlled',
    initialValues,
    validate: validateBusinessDetails,
    validateInputOnBlur: true,
  });
  const isValid = businessDetailsSchema.safeParse(form.values).success;

  const handleSubmit = form.onSubmit(async (values) => {
    if (!values.businessType) return;
    const fieldErrors = await onSubmit({
      businessName: values.businessName,
      businessType: values.businessType,
    });
    if (fieldErrors) form.setErrors(fieldErrors);
  });

  const typeInput = form.getInputProps('businessType');

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {locked ? (
          <Text size="sm" c="dimmed" role="note">
            <IconLock size={14} style={{ verticalAlign: '-2px', marginRight: 6 }} aria-hidden />
            Verification of this business has started, so its name and type can no longer be changed here.
          </Text>
        ) : null}

        <TextInput
          label="Business Name"
          placeholder="e.g. Harbor Coffee Roasters LLC"
          required
          autoComplete="organization"
          disabled={locked}
          rightSection={
            <Tooltip
              label={BUSINESS_NAME_TOOLTIP}
              multiline
              w={260}
              withArrow
              events={{ hover: true, focus: true, touch: true }}
            >
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={BUSINESS_NAME_TOOLTIP}>
                <IconInfoCircle size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
          {...form.getInputProps('businessName')}
        />

        <Select
          label="Business Type"
          placeholder="Select the type of business"
          required
          data={BUSINESS_TYPES.map((type) => ({ value: type.value, label: type.label }))}
          allowDeselect={false}
          disabled={locked}
          comboboxProps={{ withinPortal: true }}
          {...typeInput}
          onChange={(value) => {
            form.setFieldValue('businessType', value as BusinessType | null);
            // A choice from the list is final: check it now rather than on blur.
            form.validateField('businessType');
          }}
        />

        <Stack gap={6}>
          <Checkbox
            label="I agree that none of these categories apply to my business"
            {...form.getInputProps('agreeNoRestrictedCategory', { type: 'checkbox' })}
            onChange={(event) => {
              form.setFieldValue('agreeNoRestrictedCategory', event.currentTarget.checked);
              form.validateField('agreeNoRestrictedCategory');
            }}
          />
          <Anchor
            component="button"
            type="button"
            size="sm"
            ml={32}
            w="fit-content"
            onClick={() => setIsHelpOpen(true)}
          >
            Which businesses can't use Ferry?
          </Anchor>
        </Stack>

        <Stack gap={6}>
          <Button type="submit" size="md" fullWidth disabled={!isValid} loading={isSubmitting}>
            Next
          </Button>
          {failureText ? (
            <Text size="xs" c="red.8" ta="center" role="status">
              {failureText}
            </Text>
          ) : null}
        </Stack>
      </Stack>
      <RestrictedCategoriesDialog opened={isHelpOpen} onClose={() => setIsHelpOpen(false)} />
    </form>
  );
};
