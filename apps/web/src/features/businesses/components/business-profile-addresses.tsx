import {
  type BusinessPreferencesUpdate,
  businessPreferencesUpdateSchema,
  COUNTRIES,
  findCountry,
} from '@ferry/domain';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import {
  type AddressValues,
  COUNTRY_OPTIONS,
  isUsCountry,
  normaliseState,
  US_STATE_OPTIONS,
} from '@/lib/address';
import { getErrorMessage, isApiError } from '@/lib/api-error';
import { type BusinessPreferences, type PreferencesAddress, useUpdatePreferences } from '../api/preferences';
import { ProfileSection } from './profile-section';

export const PROFILE_SAVED_MESSAGE = 'Your business profile was saved.';

type AddressKind = 'billing' | 'shipping';
export type ProfileValues = { website: string; billing: AddressValues; shipping: AddressValues };

const EMPTY_ADDRESS: AddressValues = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
};

/** A stored country ('US', 'USA', 'United States') as the code the country list uses. */
const normaliseCountry = (value: string): string => {
  if (!value) return '';
  const byName = COUNTRIES.find((c) => c.name.toLowerCase() === value.trim().toLowerCase());
  return findCountry(value)?.code ?? byName?.code ?? value;
};

const toAddressValues = (address: PreferencesAddress | null | undefined): AddressValues => {
  if (!address) return { ...EMPTY_ADDRESS };
  const country = normaliseCountry(address.country);
  const state = normaliseState(country, address.state);
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    state,
    zipCode: address.zipCode,
    country,
  };
};

export const toProfileValues = (preferences: BusinessPreferences): ProfileValues => ({
  website: preferences.website ?? '',
  billing: toAddressValues(preferences.addresses.billing),
  shipping: toAddressValues(preferences.addresses.shipping),
});

/** The PATCH body: the website and both addresses as typed (the shared schema trims them). */
const toBody = (values: ProfileValues) => ({
  website: values.website,
  addresses: { billing: values.billing, shipping: values.shipping },
});

/** A schema or server field path (`addresses.billing.city`) as the form's path (`billing.city`). */
const toFormPath = (path: string): string => path.replace(/^addresses\./, '');

/** Spec 000 §5 address and website rules, through the shared schema the server applies. */
export const validateProfile = (values: ProfileValues): Record<string, string> => {
  const result = businessPreferencesUpdateSchema.safeParse(toBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = toFormPath(issue.path.join('.'));
    errors[path] ??= issue.message;
  }
  return errors;
};

export type BusinessProfileAddressesFormProps = {
  businessId: string;
  preferences: BusinessPreferences;
  editable: boolean;
};

/** Website, billing and shipping address: validated in the browser, saved with `PATCH /preferences/{id}`. */
export const BusinessProfileAddressesForm = ({
  businessId,
  preferences,
  editable,
}: BusinessProfileAddressesFormProps) => {
  const update = useUpdatePreferences(businessId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useProfileForm(preferences);

  const handleSubmit = async (values: ProfileValues) => {
    setFailure(null);
    const parsed = businessPreferencesUpdateSchema.safeParse(toBody(values));
    if (!parsed.success) return;
    const body: BusinessPreferencesUpdate = parsed.data;
    try {
      await update.mutateAsync(body);
      notifications.show({ color: 'teal', title: 'Business profile saved', message: PROFILE_SAVED_MESSAGE });
    } catch (error) {
      const fieldErrors: Record<string, string> = {};
      if (isApiError(error)) {
        for (const { field, message } of error.errors) fieldErrors[toFormPath(field)] = message;
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <ProfileSection
        title="Website and addresses"
        description="Shown on your invoices and used for billing and deliveries."
      >
        <TextInput
          label="Website"
          placeholder="harborcoffee.com"
          readOnly={!editable}
          {...form.getInputProps('website')}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <AddressFields form={form} kind="billing" title="Billing address" editable={editable} />
          <AddressFields form={form} kind="shipping" title="Shipping address" editable={editable} />
        </SimpleGrid>
        <ErrorAlert>{failure}</ErrorAlert>
        {editable ? (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={update.isPending || !form.isDirty()}
              onClick={() => {
                form.reset();
                setFailure(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        ) : null}
      </ProfileSection>
    </form>
  );
};

const useProfileForm = (preferences: BusinessPreferences) =>
  useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: toProfileValues(preferences),
    validate: validateProfile,
    validateInputOnBlur: true,
  });
type ProfileForm = ReturnType<typeof useProfileForm>;

const AddressFields = ({
  form,
  kind,
  title,
  editable,
}: {
  form: ProfileForm;
  kind: AddressKind;
  title: string;
  editable: boolean;
}) => {
  const address = form.getValues()[kind];
  const label = (field: string) => `${title}: ${field}`;
  const common = { readOnly: !editable };
  const countryProps = form.getInputProps(`${kind}.country`);
  return (
    <Stack gap="sm" role="group" aria-label={title}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      <TextInput
        label="Address Line 1"
        aria-label={label('Address Line 1')}
        {...common}
        {...form.getInputProps(`${kind}.addressLine1`)}
      />
      <TextInput
        label="Address Line 2"
        aria-label={label('Address Line 2')}
        {...common}
        {...form.getInputProps(`${kind}.addressLine2`)}
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="City"
          aria-label={label('City')}
          {...common}
          {...form.getInputProps(`${kind}.city`)}
        />
        {isUsCountry(address.country) ? (
          <Select
            label="State"
            aria-label={label('State')}
            placeholder="Select a state"
            data={US_STATE_OPTIONS}
            searchable
            {...common}
            {...form.getInputProps(`${kind}.state`)}
            onChange={(value) => form.setFieldValue(`${kind}.state`, value ?? '')}
          />
        ) : (
          <TextInput
            label="State"
            aria-label={label('State')}
            placeholder="State Code (2 characters)"
            maxLength={2}
            {...common}
            {...form.getInputProps(`${kind}.state`)}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <TextInput
          label="Zip Code"
          aria-label={label('Zip Code')}
          {...common}
          {...form.getInputProps(`${kind}.zipCode`)}
        />
        <Select
          label="Country"
          aria-label={label('Country')}
          placeholder="Select a country"
          data={COUNTRY_OPTIONS}
          searchable
          {...common}
          {...countryProps}
          onChange={(value) => {
            const next = value ?? '';
            // US states and 2-character codes do not mix: start the state again when that changes.
            if (isUsCountry(next) !== isUsCountry(address.country)) form.setFieldValue(`${kind}.state`, '');
            form.setFieldValue(`${kind}.country`, next);
          }}
        />
      </SimpleGrid>
    </Stack>
  );
};
