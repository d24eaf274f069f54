import { Button, Group, Stack, Text } from '@mantine/core';
import type { BeneficialView } from '../api/get-beneficial-owners';
import { listPeople, PeopleList } from './people-list';

export type OwnersReadOnlyProps = {
  businessId: string;
  view: BeneficialView;
  canResend: boolean;
  onBack: () => void;
};

/** The control person and the owners without inputs: for members who may not edit, and once submitted. */
export const OwnersReadOnly = ({ businessId, view, canResend, onBack }: OwnersReadOnlyProps) => {
  const people = listPeople(view);
  return (
    <Stack gap="md">
      {people.length > 0 ? (
        <PeopleList businessId={businessId} people={people} canResend={canResend} label="People listed" />
      ) : (
        <Text size="sm" c="dimmed">
          No control person or owners have been saved yet.
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
