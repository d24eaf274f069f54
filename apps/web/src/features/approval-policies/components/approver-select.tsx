import { Alert, Group, MultiSelect, type MultiSelectProps, Stack, Text } from '@mantine/core';
import { IconCheck, IconUsersGroup } from '@tabler/icons-react';
import { renderRemovablePill } from '@/components/multi-select-pill';
import { getErrorMessage } from '@/lib/api-error';
import { useApproverGroups, useApproverUsers } from '../api/get-approver-options';
import { groupApprover, userApprover } from '../utils/policy-form';

export type ApproverSelectProps = {
  businessId: string;
  /** The stage's approvers: `user:{id}` and `group:{id}`. */
  value: string[];
  onChange: (approvers: string[]) => void;
  /** Names of approvers saved in the policy, for those the lists no longer offer. */
  savedLabels: ReadonlyMap<string, string>;
  error?: string | undefined;
  label: string;
  id?: string;
};

/**
 * A stage's approvers: active members who may approve bills and the business's approval groups, in two
 * groups of options; each option says who it is (email and role, or the group's members).
 */
export const ApproverSelect = ({
  businessId,
  value,
  onChange,
  savedLabels,
  error,
  label,
  id,
}: ApproverSelectProps) => {
  const usersQuery = useApproverUsers(businessId);
  const groupsQuery = useApproverGroups(businessId);
  const details = new Map<string, string>();
  const people = (usersQuery.data ?? []).map((user) => {
    details.set(userApprover(user.id), `${user.email} · ${user.role}`);
    return { value: userApprover(user.id), label: user.name };
  });
  const groups = (groupsQuery.data ?? []).map((group) => {
    details.set(
      groupApprover(group.id),
      group.memberNames.length > 0 ? group.memberNames.join(', ') : 'No members',
    );
    return { value: groupApprover(group.id), label: group.name };
  });
  const offered = new Set<string>([...people, ...groups].map((option) => option.value));
  // Saved approvers the lists no longer offer still show, to be removed.
  const others = value
    .filter((approver) => !offered.has(approver))
    .map((approver) => ({ value: approver, label: savedLabels.get(approver) ?? 'Unknown approver' }));
  const data = [
    { group: 'People', items: [...people, ...others.filter((o) => o.value.startsWith('user:'))] },
    { group: 'Groups', items: [...groups, ...others.filter((o) => o.value.startsWith('group:'))] },
  ].filter((section) => section.items.length > 0);
  const isLoading = usersQuery.isPending || groupsQuery.isPending;

  const renderOption: MultiSelectProps['renderOption'] = ({ option, checked }) => (
    <Group gap="sm" wrap="nowrap" w="100%">
      {option.value.startsWith('group:') ? <IconUsersGroup size={16} aria-hidden /> : null}
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {option.label}
        </Text>
        {details.has(option.value) ? (
          <Text size="xs" c="dimmed" truncate>
            {details.get(option.value)}
          </Text>
        ) : (
          <Text size="xs" c="orange.8">
            Can no longer approve: remove it
          </Text>
        )}
      </Stack>
      {checked ? <IconCheck size={16} aria-hidden /> : null}
    </Group>
  );

  const failed = usersQuery.isError ? usersQuery : groupsQuery.isError ? groupsQuery : null;
  return (
    <Stack gap={6}>
      <MultiSelect
        id={id}
        label={label}
        withAsterisk
        placeholder={
          isLoading ? 'Loading approvers…' : value.length === 0 ? 'Choose people or groups' : undefined
        }
        data={data}
        value={value}
        onChange={onChange}
        error={error}
        searchable
        hidePickedOptions
        nothingFoundMessage={offered.size === 0 && !isLoading ? 'No users available' : 'Nothing found'}
        renderOption={renderOption}
        renderPill={renderRemovablePill}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={300}
      />
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {`Error loading data: ${getErrorMessage(failed.error)}`}
        </Alert>
      ) : null}
    </Stack>
  );
};
