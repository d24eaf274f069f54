import { paths, SETTINGS_API_MESSAGES, type TeamMember } from '@ferry/domain';
import { Alert, Anchor, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { getErrorMessage } from '@/lib/api-error';
import { usePracticeTeam } from '../api/get-practice-team';

export type TeamMemberSelectProps = {
  businessId: string;
  value: string | null;
  onChange: (userId: string | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  id?: string;
};

const memberName = (member: TeamMember): string =>
  [member.user.firstName, member.user.lastName].filter(Boolean).join(' ').trim() || member.user.email;

/**
 * The accountant's team-member selector (spec 001 §2): the active members of their practice, from
 * `GET /practice-members?businessId=`; those already in this business are shown but cannot be chosen.
 */
export const TeamMemberSelect = ({
  businessId,
  value,
  onChange,
  onBlur,
  error,
  id,
}: TeamMemberSelectProps) => {
  const teamQuery = usePracticeTeam(businessId, true);
  const members = (teamQuery.data?.items ?? []).filter(
    (member) => member.status === 'ACTIVE' && member.user.id,
  );
  const byUserId = new Map(members.map((member) => [member.user.id as string, member]));

  const renderOption: SelectProps['renderOption'] = ({ option }) => {
    const member = byUserId.get(option.value);
    return (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {option.label}
        </Text>
        <Text size="xs" c="dimmed">
          {member?.isInBusiness ? `${member.user.email} · Already in this business` : member?.user.email}
        </Text>
      </Stack>
    );
  };

  if (teamQuery.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="Team member">
        {`Error loading data: ${getErrorMessage(teamQuery.error)}`}
      </Alert>
    );
  }
  if (teamQuery.isSuccess && members.length === 0) {
    return (
      <Alert color="gray" variant="light" role="note" title="Team member">
        Your practice has no active team members yet.{' '}
        <Anchor component={Link} to={paths.teamMembers()} size="sm">
          Invite your team
        </Anchor>{' '}
        first, or answer No to invite this person by email.
      </Alert>
    );
  }
  return (
    <Select
      id={id}
      label="Team member"
      placeholder={teamQuery.isPending ? 'Loading your team...' : SETTINGS_API_MESSAGES.selectTeamMember}
      withAsterisk
      data={members.map((member) => ({
        value: member.user.id as string,
        label: memberName(member),
        disabled: member.isInBusiness === true,
      }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      disabled={teamQuery.isPending}
      searchable
      nothingFoundMessage="No team member found"
      renderOption={renderOption}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
