import {
  ADD_USER_MESSAGES,
  type BusinessUser,
  isId,
  paths,
  SETTINGS_API_MESSAGES,
  SETTINGS_ERROR_CODES,
  type UserApprovalAssignments,
} from '@ferry/domain';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PageLoader } from '@/components/page-loader';
import { StatusBadge } from '@/components/status-badge';
import { isApiError } from '@/lib/api-error';
import { useChangeUserRole } from '../api/change-user-role';
import { approvalAssignmentsQueryOptions } from '../api/get-approval-assignments';
import { useBusinessUser } from '../api/get-business-user';
import { getUserName, isInvitation, MEMBER_STATUS_DISPLAY } from '../utils/display';
import { getChangeRoleErrorMessage, isUserInApprovalError } from '../utils/errors';
import { ACCESS_ON_ACCEPTANCE_TEXT } from '../utils/user-form';
import { CannotChangeRoleDialog } from './cannot-change-role-dialog';
import { RoleSelect } from './role-select';
import { ManageUsersGate } from './user-access-gate';
import { UsersBreadcrumbs } from './users-breadcrumbs';

const hasAssignments = (assignments: UserApprovalAssignments): boolean =>
  assignments.policies.length > 0 || assignments.groups.length > 0;

/**
 * `/b/{id}/settings/users/{userId}/edit`, change role (spec 001 §2, §4, §5, §8): name and email read-only,
 * Update enabled only when the chosen role differs. A user who approves in an active approval policy or
 * group keeps their role: the Cannot-change-role dialog says so (before the call when the assignments
 * show it, or when the server refuses for that reason).
 */
export function ChangeRolePage() {
  const { businessId = '', userId = '' } = useParams();
  return (
    <Stack gap="lg" maw={720}>
      <UsersBreadcrumbs businessId={businessId} current="Change role" />
      <Title order={1} fz={30} lts="-0.02em">
        Change role
      </Title>
      <ManageUsersGate businessId={businessId}>
        <ChangeRoleContent businessId={businessId} userId={userId} />
      </ManageUsersGate>
    </Stack>
  );
}

const UserNotFound = ({ businessId }: { businessId: string }) => (
  <Alert color="gray" variant="light" role="alert" title={SETTINGS_API_MESSAGES.userIdNotFound}>
    <Text size="sm">
      This user is not a member of the business, or their invitation was revoked.{' '}
      <Anchor component={Link} to={paths.settingsUsers(businessId)} size="sm">
        Back to Users
      </Anchor>
    </Text>
  </Alert>
);

const ChangeRoleContent = ({ businessId, userId }: { businessId: string; userId: string }) => {
  const validId = isId(userId);
  const userQuery = useBusinessUser(businessId, userId, validId);
  if (!validId || (isApiError(userQuery.error) && userQuery.error.statusCode === 404)) {
    return <UserNotFound businessId={businessId} />;
  }
  if (userQuery.isError) {
    return <ErrorState error={userQuery.error} onRetry={() => void userQuery.refetch()} />;
  }
  if (!userQuery.data) return <PageLoader label="Loading the user..." />;
  return <ChangeRoleForm key={userQuery.data.id} businessId={businessId} user={userQuery.data} />;
};

const ChangeRoleForm = ({ businessId, user }: { businessId: string; user: BusinessUser }) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangeUserRole(businessId, user.id);
  const [roleId, setRoleId] = useState<string | null>(user.roleId);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [blocked, setBlocked] = useState<{ assignments: UserApprovalAssignments | null } | null>(null);
  const listHref = paths.settingsUsers(businessId);
  const name = getUserName(user);
  const invitation = isInvitation(user);
  const isChanged = roleId !== null && roleId !== user.roleId;
  const isSubmitting = isChecking || change.isPending;

  /** Where the user approves, read afresh; null when it cannot be read (the server still checks). */
  const readAssignments = async (): Promise<UserApprovalAssignments | null> => {
    try {
      return await queryClient.fetchQuery(approvalAssignmentsQueryOptions(businessId, user.id));
    } catch {
      return null;
    }
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (!roleId) {
      setRoleError(ADD_USER_MESSAGES.roleRequired);
      return;
    }
    if (!isChanged) {
      notifications.show({ color: 'gray', message: SETTINGS_API_MESSAGES.noChanges });
      return;
    }
    setRoleError(null);
    if (!invitation) {
      setIsChecking(true);
      const assignments = await readAssignments();
      setIsChecking(false);
      if (assignments && hasAssignments(assignments)) {
        setBlocked({ assignments });
        return;
      }
    }
    try {
      await change.mutateAsync(roleId);
      notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.userRoleUpdated });
      await navigate(listHref);
    } catch (error) {
      if (isUserInApprovalError(error)) {
        setBlocked({ assignments: await readAssignments() });
        return;
      }
      if (isApiError(error) && error.errorCode === SETTINGS_ERROR_CODES.noChanges) {
        notifications.show({ color: 'gray', message: SETTINGS_API_MESSAGES.noChanges });
        return;
      }
      notifications.show({ color: 'red', message: getChangeRoleErrorMessage(error) });
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
      <form noValidate aria-label="Change role" onSubmit={(event) => void handleSubmit(event)}>
        <Stack gap="lg">
          <Group gap="xs">
            <StatusBadge {...MEMBER_STATUS_DISPLAY[user.status]} />
            {invitation ? (
              <Text size="sm" c="dimmed">
                Invitation not accepted yet
              </Text>
            ) : null}
          </Group>
          <TextInput label="Name" value={name} readOnly variant="filled" />
          <TextInput label="Work email" value={user.user.email} readOnly variant="filled" />
          {user.isCurrentUser ? (
            <Alert color="gray" variant="light" role="note">
              {SETTINGS_API_MESSAGES.changeOwnRole}
            </Alert>
          ) : null}
          <RoleSelect
            id="change-role-roleId"
            businessId={businessId}
            value={roleId}
            onChange={(next) => {
              setRoleId(next);
              setRoleError(null);
            }}
            error={roleError}
            disabled={user.isCurrentUser}
          />
          {invitation ? (
            <Text size="sm" c="dimmed">
              {ACCESS_ON_ACCEPTANCE_TEXT}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(listHref)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isChanged || user.isCurrentUser}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
      <CannotChangeRoleDialog
        opened={blocked !== null}
        onClose={() => setBlocked(null)}
        businessId={businessId}
        userName={name}
        assignments={blocked?.assignments ?? null}
      />
    </Paper>
  );
};
