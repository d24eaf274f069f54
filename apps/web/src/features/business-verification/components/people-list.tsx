import { Group, Paper, Stack, Text } from '@mantine/core';
import type { BeneficialView, PersonView } from '../api/get-beneficial-owners';
import { fullName } from '../utils/status';
import { PersonStatus } from './person-status';

export type ListedPerson = {
  person: PersonView;
  kind: 'owner' | 'control-person';
  /** What they are in the business ('Control person · CEO', 'Owner · 40%'). */
  roles: string[];
};

/** Everyone listed, once each (the control person may also own a stake), control person first. */
export const listPeople = (view: BeneficialView): ListedPerson[] => {
  const people: ListedPerson[] = [];
  if (view.controlPerson) {
    const { title } = view.controlPerson;
    people.push({
      person: view.controlPerson,
      kind: 'control-person',
      roles: [title ? `Control person · ${title}` : 'Control person'],
    });
  }
  for (const owner of view.owners) {
    const role = `Owner · ${owner.ownershipPercent}%`;
    const same = people.find((entry) => entry.person.id === owner.id);
    if (same) same.roles.push(role);
    else people.push({ person: owner, kind: 'owner', roles: [role] });
  }
  return people;
};

export type PeopleListProps = {
  businessId: string;
  people: ListedPerson[];
  canResend: boolean;
  /** The list's accessible name. */
  label: string;
};

/** Listed people with their identity status and, for invited people, 'Resend invite'. */
export const PeopleList = ({ businessId, people, canResend, label }: PeopleListProps) => (
  <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
    {people.map(({ person, kind, roles }) => (
      <Paper component="li" key={person.id} withBorder radius="md" p="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {person.isSelf ? `${fullName(person) || 'You'} (you)` : fullName(person) || person.email}
            </Text>
            <Text size="xs" c="dimmed">
              {[person.email, ...roles].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <PersonStatus businessId={businessId} person={person} kind={kind} canResend={canResend} />
        </Group>
      </Paper>
    ))}
  </Stack>
);
