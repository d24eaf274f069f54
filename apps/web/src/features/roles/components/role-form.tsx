import { paths, type Role, SETTINGS_API_MESSAGES } from '@ferry/domain';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCreateRole, useUpdateRole } from '../api/save-role';
import { VIEW_ONLY_HINT } from '../utils/access';
import { classifyRoleError } from '../utils/role-errors';
import {
  EMPTY_ROLE_VALUES,
  focusFirstError,
  hasRoleChanged,
  type RoleEditorMode,
  type RoleFormValues,
  toRoleFormValues,
  toRoleRequest,
  validateRoleForm,
} from '../utils/role-form';
import { ConfirmRoleChangeDialog } from './confirm-role-change-dialog';
import { PermissionGrid } from './permission-grid';
import { RoleCannotBeModifiedDialog } from './role-cannot-be-modified-dialog';

export type RoleFormProps = {
  businessId: string;
  mode: RoleEditorMode;
  /** The role being edited or viewed (none when creating). */
  role: Role | undefined;
  canManage: boolean;
};

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 200;

/** The role's fields and permission grid, with the buttons of its mode (spec 001 §2, §5, §8). */
export const RoleForm = ({ businessId, mode, role, canManage }: RoleFormProps) => {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [initialValues] = useState<RoleFormValues>(() => (role ? toRoleFormValues(role) : EMPTY_ROLE_VALUES));
  const readOnly = mode === 'view' || !canManage;
  const validate = useCallback(
    (values: RoleFormValues) => validateRoleForm(values, mode === 'create' ? 'create' : 'edit'),
    [mode],
  );
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues,
    validate,
    validateInputOnBlur: ['name', 'description'],
  });
  const create = useCreateRole(businessId);
  const update = useUpdateRole(businessId, role?.id ?? '');
  const isSubmitting = create.isPending || update.isPending;
  const [confirming, setConfirming] = useState(false);
  const [cannotModify, setCannotModify] = useState<string | null>(null);

  // A stable setter: the grid (about sixty boxes) skips the renders of typing in the name.
  const { setFieldValue } = form;
  const setPermissions = useCallback((next: string[]) => setFieldValue('permissions', next), [setFieldValue]);

  const listHref = paths.settingsRoles(businessId);
  const isChanged = mode !== 'edit' || hasRoleChanged(initialValues, form.values);

  const save = async (values: RoleFormValues) => {
    const body = toRoleRequest(values);
    try {
      const result = mode === 'create' ? await create.mutateAsync(body) : await update.mutateAsync(body);
      setConfirming(false);
      const fallback =
        mode === 'create' ? SETTINGS_API_MESSAGES.roleCreated : SETTINGS_API_MESSAGES.roleUpdated;
      notifications.show({ color: 'teal', message: result.message.trim() || fallback });
      void navigate(listHref);
    } catch (error) {
      setConfirming(false);
      const failure = classifyRoleError(error);
      if (failure.kind === 'nameExists') {
        form.setFieldError('name', failure.message);
        notifications.show({ color: 'red', message: failure.message });
        focusFirstError(formRef.current);
      } else if (failure.kind === 'cannotModify' && role) {
        setCannotModify(failure.message);
      } else if (failure.kind === 'fields') {
        form.setErrors(failure.errors);
        focusFirstError(formRef.current);
      } else {
        notifications.show({ color: 'red', message: failure.message });
      }
    }
  };

  const handleSubmit = form.onSubmit(
    (values) => {
      if (readOnly || isSubmitting || !isChanged) return;
      // Changing a role that members hold asks first (spec 001 §2 'Confirmation required').
      if (mode === 'edit' && role && role.userCount > 0) setConfirming(true);
      else void save(values);
    },
    () => focusFirstError(formRef.current),
  );

  return (
    <>
      <form ref={formRef} onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          {!canManage ? (
            <Alert color="gray" variant="light" icon={<IconEye size={18} aria-hidden />} role="note">
              {VIEW_ONLY_HINT}
            </Alert>
          ) : role?.isBuiltIn ? (
            <Alert color="gray" variant="light" icon={<IconEye size={18} aria-hidden />} role="note">
              {SETTINGS_API_MESSAGES.builtInRole}
            </Alert>
          ) : null}
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="role-details">
            <Stack gap="md">
              <Title order={2} fz="lg" id="role-details">
                Details
              </Title>
              <TextInput
                label="Role name"
                placeholder="e.g. Accounts Payable Clerk"
                withAsterisk={!readOnly}
                readOnly={readOnly}
                variant={readOnly ? 'filled' : 'default'}
                autoComplete="off"
                description={
                  readOnly ? undefined : `Up to ${ROLE_NAME_MAX} letters, numbers, spaces or hyphens.`
                }
                {...form.getInputProps('name')}
              />
              <Textarea
                label="Description"
                placeholder="What members with this role do"
                withAsterisk={!readOnly}
                readOnly={readOnly}
                variant={readOnly ? 'filled' : 'default'}
                rows={3}
                description={
                  readOnly
                    ? undefined
                    : `${[...form.values.description].length}/${ROLE_DESCRIPTION_MAX} characters`
                }
                {...form.getInputProps('description')}
              />
            </Stack>
          </Paper>
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="role-permissions">
            <Stack gap="md">
              <Stack gap={2}>
                <Title order={2} fz="lg" id="role-permissions">
                  Permissions
                </Title>
                <Text size="sm" c="dimmed">
                  Manage includes view. Full Access covers every item of its section.
                </Text>
              </Stack>
              <PermissionGrid
                value={form.values.permissions}
                onChange={setPermissions}
                readOnly={readOnly}
                error={typeof form.errors.permissions === 'string' ? form.errors.permissions : undefined}
              />
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            {mode === 'view' ? (
              <Button component={Link} to={listHref} variant="default">
                Close
              </Button>
            ) : (
              <>
                <Button component={Link} to={listHref} variant="default" disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting} disabled={readOnly || !isChanged}>
                  {mode === 'create' ? 'Create' : 'Save'}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
      <ConfirmRoleChangeDialog
        opened={confirming}
        userCount={role?.userCount ?? 0}
        isSaving={isSubmitting}
        onConfirm={() => void save(form.getValues())}
        onClose={() => setConfirming(false)}
      />
      <RoleCannotBeModifiedDialog
        businessId={businessId}
        role={cannotModify !== null && role ? role : null}
        message={cannotModify ?? undefined}
        onClose={() => setCannotModify(null)}
      />
    </>
  );
};
