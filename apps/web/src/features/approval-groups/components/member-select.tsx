import { APPROVAL_TEXTS, type ApprovalGroupMember, type BusinessUser } from '@ferry/domain';
import { Alert, Group, MultiSelect, type MultiSelectProps, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { renderRemovablePill } from '@/components/multi-select-pill';
import { getErrorMessage } from '@/lib/api-error';
import { useMemberOptions } from '../api/get-member-options';
import { memberNameOf } from '../utils/members';

export type MemberSelectProps = {
  businessId: string;
  value: string[];
  onChange: (userIds: string[]) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  /** The group's members as saved (edit): shown even when they may no longer approve. */
  currentMembers?: readonly ApprovalGroupMember[];
  id?: string;
};

type MemberOption = { value: string; label: string; email: string; role: string; eligible: boolean };

export const NOT_ELIGIBLE_HINT = 'Can no longer approve bills: remove them from the group.';

const toOption = (member: BusinessUser): MemberOption | null =>
  member.userId === null
    ? null
    : {
        value: member.userId,
        label: memberNameOf(member),
        email: member.user.email,
        role: member.roleDetails.name,
        eligible: true,
      };

/**
 * The group's members (spec 001 §2): only active members whose role may approve bills are listed, each
 * with their email and role; 'No users available' when there are none.
 */
export const MemberSelect = ({
  businessId,
  value,
  onChange,
  onBlur,
  error,
  currentMembers = [],
  id,
}: MemberSelectProps) => {
  const membersQuery = useMemberOptions(businessId);
  const options = (membersQuery.data ?? []).map(toOption).filter((o): o is MemberOption => o !== null);
  const known = new Set(options.map((option) => option.value));
  // Members saved in the group who are no longer eligible still show, marked, so they can be removed.
  for (const member of currentMembers) {
    if (!known.has(member.userId) && value.includes(member.userId)) {
      options.push({
        value: member.userId,
        label: memberNameOf(member),
        email: member.user.email,
        role: member.roleDetails.name,
        eligible: false,
      });
    }
  }
  const byId = new Map(options.map((option) => [option.value, option]));
  const ineligibleChosen = value.filter((userId) => byId.get(userId)?.eligible === false);
  const isEmpty = membersQuery.isSuccess && options.length === 0;

  const renderOption: MultiSelectProps['renderOption'] = ({ option, checked }) => {
    const member = byId.get(option.value);
    return (
      <Group gap="sm" wrap="nowrap" w="100%">
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {option.label}
          </Text>
          {member ? (
            <Text size="xs" c="dimmed" truncate>
              {member.email} · {member.role}
            </Text>
          ) : null}
        </Stack>
        {checked ? <IconCheck size={16} aria-hidden /> : null}
      </Group>
    );
  };

  return (
    <Stack gap={6}>
      <MultiSelect
        id={id}
        label="Members"
        description="Only active members whose role can approve bills are listed."
        placeholder={
          membersQuery.isPending ? 'Loading members…' : value.length === 0 ? 'Choose members' : undefined
        }
        data={options.map((option) => ({ value: option.value, label: option.label }))}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        disabled={membersQuery.isPending}
        searchable
        hidePickedOptions
        nothingFoundMessage={options.length === 0 ? APPROVAL_TEXTS.noUsersAvailable : 'No members found'}
        renderOption={renderOption}
        renderPill={renderRemovablePill}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={320}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
      />
      {isEmpty ? (
        <Text size="sm" c="dimmed" role="status">
          {APPROVAL_TEXTS.noUsersAvailable}
        </Text>
      ) : null}
      {ineligibleChosen.length > 0 ? (
        <Alert color="yellow" variant="light" role="note">
          {`${ineligibleChosen.map((userId) => byId.get(userId)?.label ?? userId).join(', ')}: ${NOT_ELIGIBLE_HINT}`}
        </Alert>
      ) : null}
      {membersQuery.isError ? (
        <Alert color="red" variant="light" role="alert">
          {`Error loading data: ${getErrorMessage(membersQuery.error)}`}
        </Alert>
      ) : null}
    </Stack>
  );
};
