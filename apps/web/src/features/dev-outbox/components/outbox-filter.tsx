import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export type OutboxFilterProps = { value: string; onChange: (value: string) => void };

export const OutboxFilter = ({ value, onChange }: OutboxFilterProps) => (
  <TextInput
    label="Filter by address"
    description="Email address or phone number the message was sent to"
    placeholder="name@example.com or +15551234567"
    type="search"
    value={value}
    onChange={(event) => onChange(event.currentTarget.value)}
    leftSection={<IconSearch size={16} aria-hidden />}
    rightSection={
      value ? <CloseButton aria-label="Clear filter" size="sm" onClick={() => onChange('')} /> : null
    }
    w={{ base: '100%', sm: 380 }}
    autoComplete="off"
    spellCheck={false}
  />
);
