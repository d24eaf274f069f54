import { Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ControlPersonView } from '../api/get-beneficial-owners';
import type { OwnersValues } from '../utils/owners-form';
import { PersonStatus } from './person-status';

export type ControlPersonFieldsProps = {
  form: UseFormReturnType<OwnersValues>;
  businessId: string;
  /** The saved control person, for their identity status while the choice still matches it. */
  saved: ControlPersonView | null;
  canResend: boolean;
};

const label = (field: string) => `Control person: ${field}`;

/** The control person: the signed-in user (with their title), or someone else who is invited to verify. */
export const ControlPersonFields = ({ form, businessId, saved, canResend }: ControlPersonFieldsProps) => {
  const { isSelf } = form.getValues().controlPerson;
  const showSaved = saved !== null && saved.isSelf === isSelf;
  return (
    <Stack gap="sm" component="section" aria-labelledby="control-person-title">
      <Title order={3} fz="md" id="control-person-title">
        Control person
      </Title>
      <Text size="sm" c="dimmed">
        The person with significant responsibility to control or manage the business, such as the CEO,
        president or managing member.
      </Text>
      <Radio.Group
        label="Who is the control person?"
        value={isSelf ? 'self' : 'other'}
        onChange={(value) => form.setFieldValue('controlPerson.isSelf', value === 'self')}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="self" label="I am the control person" />
          <Radio value="other" label="Someone else is the control person" />
        </Stack>
      </Radio.Group>
      {isSelf ? null : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            aria-label={label('First name')}
            withAsterisk
            {...form.getInputProps('controlPerson.firstName')}
          />
          <TextInput
            label="Last name"
            aria-label={label('Last name')}
            withAsterisk
            {...form.getInputProps('controlPerson.lastName')}
          />
          <TextInput
            label="Email"
            aria-label={label('Email')}
            type="email"
            withAsterisk
            {...form.getInputProps('controlPerson.email')}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={isSelf ? 'Your job title' : 'Job title'}
          aria-label={label('Job title')}
          placeholder="e.g. Chief Executive Officer"
          withAsterisk
          {...form.getInputProps('controlPerson.title')}
        />
      </SimpleGrid>
      {showSaved && saved ? (
        <PersonStatus businessId={businessId} person={saved} kind="control-person" canResend={canResend} />
      ) : null}
    </Stack>
  );
};
