import { findPhoneCountry, PHONE_COUNTRIES } from '@ferry/domain';
import {
  type ComboboxItem,
  Group,
  Input,
  type OptionsFilter,
  Select,
  type SelectProps,
  Text,
} from '@mantine/core';
import { useId } from 'react';

/** A phone as the API carries it (dial code without '+', lower-case ISO alpha-2 code). */
export type PhoneValue = { countryISOCode: string; countryCode: string; phoneNumber: string };

/** Spec 000 §9: the default phone country is the United States, dial code 1. */
export const EMPTY_PHONE: PhoneValue = { countryISOCode: 'us', countryCode: '1', phoneNumber: '' };

export type PhoneFieldProps = {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** Leaving the number input (not the country selector, which is left on the way to the number). */
  onBlur?: () => void;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  description?: string;
};

const PHONE_NUMBER_MAX_DIGITS = 15;

const COUNTRY_OPTIONS: ComboboxItem[] = PHONE_COUNTRIES.map((country) => ({
  value: country.iso,
  label: `${country.iso.toUpperCase()} +${country.dialCode}`,
}));

/** Searching finds a country by name, ISO code or dial code ('ind', 'IN', '+91', '91'). */
const filterCountries: OptionsFilter = ({ options, search }) => {
  const query = search.trim().toLowerCase().replace(/^\+/, '');
  if (query === '') return options;
  return options.filter((option) => {
    if (!('value' in option)) return false;
    const country = findPhoneCountry(option.value);
    if (!country) return false;
    return (
      country.name.toLowerCase().includes(query) ||
      country.iso === query ||
      country.dialCode.startsWith(query)
    );
  });
};

const renderCountryOption: SelectProps['renderOption'] = ({ option }) => {
  const country = findPhoneCountry(option.value);
  return (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
      <Text size="sm" truncate>
        {country?.name ?? option.label}
      </Text>
      <Text size="sm" c="dimmed">
        +{country?.dialCode}
      </Text>
    </Group>
  );
};

/**
 * A mobile number with its country (spec 000 §3 "Phone entry"): a searchable country-code selector
 * (labelled 'Country code') joined to a number input that carries the field's label. Keeps digits only.
 */
export function PhoneField({
  label,
  value,
  onChange,
  onBlur,
  error,
  required,
  disabled,
  description,
}: PhoneFieldProps) {
  const baseId = useId();
  const numberId = `${baseId}-number`;
  const selected = findPhoneCountry(value.countryISOCode);

  return (
    <Input.Wrapper id={numberId} label={label} required={required} error={error} description={description}>
      <Group gap={0} wrap="nowrap" align="flex-start">
        <Select
          aria-label="Country code"
          data={COUNTRY_OPTIONS}
          value={selected?.iso ?? null}
          onChange={(iso) => {
            const country = iso ? findPhoneCountry(iso) : undefined;
            if (country) onChange({ ...value, countryISOCode: country.iso, countryCode: country.dialCode });
          }}
          searchable
          allowDeselect={false}
          filter={filterCountries}
          renderOption={renderCountryOption}
          nothingFoundMessage="No country found"
          maxDropdownHeight={280}
          comboboxProps={{ width: 280, position: 'bottom-start' }}
          disabled={disabled}
          error={Boolean(error)}
          w={118}
          styles={{
            input: { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
          }}
        />
        {/* `Input` takes its id and aria-describedby (error, description) from the wrapper. */}
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={value.phoneNumber}
          onChange={(event) =>
            onChange({
              ...value,
              phoneNumber: event.currentTarget.value.replace(/\D/g, '').slice(0, PHONE_NUMBER_MAX_DIGITS),
            })
          }
          onBlur={onBlur}
          disabled={disabled}
          error={Boolean(error)}
          aria-required={required}
          style={{ flex: 1 }}
          ml={-1}
          styles={{ input: { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 } }}
        />
      </Group>
    </Input.Wrapper>
  );
}
