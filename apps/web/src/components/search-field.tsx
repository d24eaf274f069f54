import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export type SearchFieldProps = {
  /** The visible placeholder and the accessible name ('Search by vendor'). */
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
};

/** A list's search box: the search icon, and a clear button once something is typed. */
export const SearchField = ({ label, value, maxLength, onChange }: SearchFieldProps) => (
  <TextInput
    aria-label={label}
    placeholder={label}
    leftSection={<IconSearch size={16} aria-hidden />}
    value={value}
    maxLength={maxLength}
    onChange={(event) => onChange(event.currentTarget.value)}
    rightSection={
      value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null
    }
    w={{ base: '100%', sm: 280 }}
  />
);
