import { ActionIcon, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import type { OwnerView } from '../api/get-beneficial-owners';
import type { OwnersValues } from '../utils/owners-form';
import { PersonStatus } from './person-status';

export type OwnerRowProps = {
  form: UseFormReturnType<OwnersValues>;
  index: number;
  businessId: string;
  saved: OwnerView | undefined;
  canResend: boolean;
};

/** One other owner of 25% or more: name, email and stake, their identity status once saved, and Remove. */
export const OwnerRow = ({ form, index, businessId, saved, canResend }: OwnerRowProps) => {
  const title = `Owner ${index + 1}`;
  const label = (field: string) => `${title}: ${field}`;
  const path = (field: string) => `owners.${index}.${field}`;
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600} size="sm">
              {title}
            </Text>
            {saved ? (
              <PersonStatus businessId={businessId} person={saved} kind="owner" canResend={canResend} />
            ) : null}
          </Group>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${title.toLowerCase()}`}
            onClick={() => form.removeListItem('owners', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            aria-label={label('First name')}
            withAsterisk
            {...form.getInputProps(path('firstName'))}
          />
          <TextInput
            label="Last name"
            aria-label={label('Last name')}
            withAsterisk
            {...form.getInputProps(path('lastName'))}
          />
          <TextInput
            label="Email"
            aria-label={label('Email')}
            type="email"
            withAsterisk
            {...form.getInputProps(path('email'))}
          />
          <NumberInput
            label="Ownership %"
            aria-label={label('Ownership %')}
            min={25}
            max={100}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            withAsterisk
            {...form.getInputProps(path('ownershipPercent'))}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
};
