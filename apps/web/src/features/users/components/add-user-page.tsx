import { paths, SETTINGS_API_MESSAGES } from '@ferry/domain';
import { Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '@/lib/session';
import { type AddBusinessUserBody, useAddBusinessUser } from '../api/add-business-user';
import { usePracticeTeam } from '../api/get-practice-team';
import { splitName } from '../utils/display';
import { routeAddUserError } from '../utils/errors';
import {
  ACCESS_ON_ACCEPTANCE_TEXT,
  ADD_USER_FIELD_ORDER,
  type AddUserFormValues,
  EMPTY_ADD_USER_VALUES,
  INVITATION_TEXT,
  TEAM_MEMBER_QUESTION,
  validateAddUser,
} from '../utils/user-form';
import { RoleSelect } from './role-select';
import { TeamMemberSelect } from './team-member-select';
import { ManageUsersGate } from './user-access-gate';
import { UsersBreadcrumbs } from './users-breadcrumbs';

const fieldId = (field: string) => `add-user-${field}`;

/**
 * `/b/{id}/settings/users/add` (spec 001 §2, §5, §8): invite someone by name and work email with a role;
 * an accountant may instead add an active member of their practice team ('Add to Business').
 */
export function AddUserPage() {
  const { businessId = '' } = useParams();
  return (
    <Stack gap="lg" maw={720}>
      <UsersBreadcrumbs businessId={businessId} current="Add User" />
      <Title order={1} fz={30} lts="-0.02em">
        Add User
      </Title>
      <ManageUsersGate businessId={businessId}>
        <AddUserForm businessId={businessId} />
      </ManageUsersGate>
    </Stack>
  );
}

const AddUserForm = ({ businessId }: { businessId: string }) => {
  const navigate = useNavigate();
  const { data: currentUser } = useCurrentUser();
  const isAccountant = currentUser?.userType === 'ACCOUNTANT';
  const add = useAddBusinessUser(businessId);
  const form = useForm<AddUserFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_ADD_USER_VALUES,
    validate: validateAddUser,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const isTeamPath = isAccountant && values.isTeamMember === 'yes';
  const listHref = paths.settingsUsers(businessId);
  // The same query as the selector's: with no one to choose, 'Add to Business' waits.
  const teamQuery = usePracticeTeam(businessId, isTeamPath);
  const canAddTeamMember =
    teamQuery.data?.items.some((member) => member.status === 'ACTIVE' && !member.isInBusiness) === true;

  const focusFirstError = (errors: Record<string, unknown>) => {
    const first = ADD_USER_FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const handleSubmit = async (submitted: AddUserFormValues) => {
    const roleId = submitted.roleId ?? '';
    let body: AddBusinessUserBody;
    if (isTeamPath) {
      body = { userId: submitted.userId ?? '', roleId };
    } else {
      const { firstName, lastName } = splitName(submitted.name);
      body = { firstName, lastName, email: submitted.email.trim(), roleId };
    }
    try {
      await add.mutateAsync(body);
      notifications.show({ color: 'teal', message: SETTINGS_API_MESSAGES.userAdded });
      await navigate(listHref);
    } catch (error) {
      const failure = routeAddUserError(error, isTeamPath ? ['userId', 'roleId'] : ['email', 'roleId']);
      if (failure.kind === 'field') {
        form.setFieldError(failure.field, failure.message);
        focusFirstError({ [failure.field]: true });
      } else {
        notifications.show({ color: 'red', message: failure.message });
      }
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
      <form
        noValidate
        aria-label="Add user"
        onSubmit={form.onSubmit((submitted) => void handleSubmit(submitted), focusFirstError)}
      >
        <Stack gap="lg">
          {isAccountant ? (
            <Radio.Group
              label={TEAM_MEMBER_QUESTION}
              value={values.isTeamMember}
              onChange={(value) => {
                form.setFieldValue('isTeamMember', value === 'yes' ? 'yes' : 'no');
                form.clearErrors();
              }}
            >
              <Group gap="xl" mt="xs">
                <Radio value="yes" label="Yes" />
                <Radio value="no" label="No" />
              </Group>
            </Radio.Group>
          ) : null}

          {isTeamPath ? (
            <TeamMemberSelect
              id={fieldId('userId')}
              businessId={businessId}
              value={values.userId}
              onChange={(userId) => form.setFieldValue('userId', userId)}
              onBlur={() => form.validateField('userId')}
              error={form.errors.userId}
            />
          ) : (
            <>
              <TextInput
                id={fieldId('name')}
                label="Name"
                placeholder="First and last name"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('name')}
              />
              <TextInput
                id={fieldId('email')}
                label="Work email"
                type="email"
                placeholder="name@company.com"
                withAsterisk
                autoComplete="off"
                description={INVITATION_TEXT}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('email')}
              />
            </>
          )}

          <RoleSelect
            id={fieldId('roleId')}
            businessId={businessId}
            value={values.roleId}
            onChange={(roleId) => form.setFieldValue('roleId', roleId)}
            onBlur={() => form.validateField('roleId')}
            error={form.errors.roleId}
          />

          <Text size="sm" c="dimmed">
            {isTeamPath
              ? 'They get access to this business at once, according to the assigned role.'
              : ACCESS_ON_ACCEPTANCE_TEXT}
          </Text>

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void navigate(listHref)} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={isTeamPath && !canAddTeamMember}>
              {isTeamPath ? 'Add to Business' : 'Invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
