import {
  BUSINESS_COUNTRY_MESSAGE,
  BUSINESS_TYPES,
  type BusinessType,
  businessDetailsSchema,
  findCountry,
  US_AND_CA_COUNTRIES,
} from '@ferry/domain';
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
  /** The business's country (ISO alpha-2): chosen when creating, shown read-only afterwards. */
  country: string | null;
};

/** The supported business countries (spec 002 §9: US and CA form a shorter list). */
export const BUSINESS_COUNTRY_OPTIONS = US_AND_CA_COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

export const isBusinessCountry = (code: string | null | undefined): code is string =>
  BUSINESS_COUNTRY_OPTIONS.some((option) => option.value === code);

/** The country a new business starts with: the user's own when it is a supported business country. */
export const getDefaultBusinessCountry = (userCountry: string | null | undefined): string | null => {
  const code = userCountry ? findCountry(userCountry)?.code : undefined;
  return isBusinessCountry(code) ? code : null;
};

/**
 * The first message of each field the shared schema rejects (the server checks with the same schema);
 * with `withCountry` (a new business) the country must be one of the supported business countries.
 */
export const validateBusinessDetails = (
  values: BusinessDetailsValues,
  withCountry = false,
): Record<string, string> => {
  const result = businessDetailsSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
    }
  }
  if (withCountry && !isBusinessCountry(values.country)) errors.country = BUSINESS_COUNTRY_MESSAGE;
  return errors;
};

const countryName = (code: string | null): string =>
  (code ? findCountry(code)?.name : undefined) ?? code ?? 'Not set';

export type BusinessDetailsFormProps = {
  initialValues: BusinessDetailsValues;
  /** Verification has started: name and type can no longer change (spec 000 §4). */
  locked: boolean;
  /** A new business: its country is chosen here (US or CA). Otherwise the country is shown read-only. */
  chooseCountry?: boolean;
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
  chooseCountry = false,
  isSubmitting,
  onSubmit,
  failureText,
}: BusinessDetailsFormProps) => {
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const form = useForm<BusinessDetailsValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateBusinessDetails(values, chooseCountry),
    validateInputOnBlur: true,
  });
  const isValid =
    businessDetailsSchema.safeParse(form.values).success &&
    (!chooseCountry || isBusinessCountry(form.values.country));

  const handleSubmit = form.onSubmit(async (values) => {
    if (!values.businessType) return;
    const fieldErrors = await onSubmit({
      businessName: values.businessName,
      businessType: values.businessType,
      ...(chooseCountry && values.country ? { country: values.country } : {}),
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

        {chooseCountry ? (
          <Select
            label="Country"
            description="Where the business is registered."
            placeholder="Select the business country"
            required
            data={BUSINESS_COUNTRY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('country')}
            onChange={(value) => {
              form.setFieldValue('country', value);
              form.validateField('country');
            }}
          />
        ) : initialValues.country ? (
          <TextInput label="Country" value={countryName(initialValues.country)} readOnly variant="filled" />
        ) : null}

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
