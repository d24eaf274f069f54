import { APPROVAL_MESSAGES, type ApprovalGroupView, paths } from '@ferry/domain';
import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMemberOptions } from '../api/get-member-options';
import { useCreateApprovalGroup, useUpdateApprovalGroup } from '../api/save-approval-group';
import { classifyGroupError } from '../utils/group-errors';
import {
  diffMembers,
  EMPTY_GROUP_VALUES,
  GROUP_DESCRIPTION_MAX,
  GROUP_FIELD_ORDER,
  GROUP_NAME_MAX,
  type GroupFormValues,
  hasGroupChanged,
  toGroupFormValues,
  toGroupRequest,
  validateGroupForm,
} from '../utils/group-form';
import { memberNameOf } from '../utils/members';
import { ConfirmGroupChangeDialog } from './confirm-group-change-dialog';
import { MemberSelect } from './member-select';

export type ApprovalGroupFormProps = {
  businessId: string;
  /** The group being modified; none when creating. */
  group: ApprovalGroupView | undefined;
};

const fieldId = (field: string) => `approval-group-${field}`;

const focusFirstError = (errors: Record<string, unknown>) => {
  setTimeout(() => {
    const first = GROUP_FIELD_ORDER.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, 0);
};

/**
 * Create a New Approval Group / Modify Approval Group (spec 001 §2, §5, §8): name, description and
 * members, checked as typed by the shared schema; a modify asks first, naming who is added and removed.
 */
export const ApprovalGroupForm = ({ businessId, group }: ApprovalGroupFormProps) => {
  const navigate = useNavigate();
  const memberOptions = useMemberOptions(businessId);
  const mode = group ? 'edit' : 'create';
  const [initialValues] = useState<GroupFormValues>(() =>
    group ? toGroupFormValues(group) : EMPTY_GROUP_VALUES,
  );
  const form = useForm<GroupFormValues>({
    mode: 'controlled',
    initialValues,
    validate: validateGroupForm,
    validateInputOnChange: ['name', 'description'],
    validateInputOnBlur: true,
  });
  const create = useCreateApprovalGroup(businessId);
  const update = useUpdateApprovalGroup(businessId, group?.id ?? '');
  const isSubmitting = create.isPending || update.isPending;
  const [confirming, setConfirming] = useState(false);
  const listHref = paths.settingsApprovalGroups(businessId);
  const isChanged = mode === 'create' || hasGroupChanged(initialValues, form.values);

  /** Names of members by id: the picker's list, then the group's saved members. */
  const nameOf = (userId: string): string => {
    const fromOptions = memberOptions.data?.find((member) => member.userId === userId);
    const fromGroup = group?.members.find((member) => member.userId === userId);
    const found = fromOptions ?? fromGroup;
    return found ? memberNameOf(found) : userId;
  };
  const { added, removed } = diffMembers(initialValues.userIds, form.values.userIds);

  const save = async (values: GroupFormValues) => {
    const body = toGroupRequest(values);
    try {
      const result = mode === 'create' ? await create.mutateAsync(body) : await update.mutateAsync(body);
      setConfirming(false);
      const fallback = mode === 'create' ? APPROVAL_MESSAGES.groupCreated : APPROVAL_MESSAGES.groupModified;
      notifications.show({ color: 'teal', message: result.message.trim() || fallback });
      void navigate(listHref);
    } catch (error) {
      setConfirming(false);
      const failure = classifyGroupError(error);
      if (failure.kind === 'fields') {
        form.setErrors(failure.errors);
        focusFirstError(failure.errors);
      } else {
        notifications.show({ color: 'red', message: failure.message });
      }
    }
  };

  const handleSubmit = form.onSubmit(
    (values) => {
      if (isSubmitting || !isChanged) return;
      if (mode === 'edit') setConfirming(true);
      else void save(values);
    },
    (errors) => focusFirstError(errors),
  );

  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="approval-group-details">
            <Stack gap="md">
              <Title order={2} fz="lg" id="approval-group-details">
                Details
              </Title>
              <TextInput
                id={fieldId('name')}
                label="Group name"
                placeholder="e.g. Finance approvers"
                withAsterisk
                autoComplete="off"
                description={`Up to ${GROUP_NAME_MAX} characters: letters, numbers, spaces and - . ' / _ & ,`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('name')}
              />
              <Textarea
                id={fieldId('description')}
                label="Description"
                placeholder="Who is in the group and what they approve"
                withAsterisk
                rows={3}
                description={`${[...form.values.description].length}/${GROUP_DESCRIPTION_MAX} characters`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                {...form.getInputProps('description')}
              />
            </Stack>
          </Paper>
          <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="approval-group-members">
            <Stack gap="md">
              <Title order={2} fz="lg" id="approval-group-members">
                Members
              </Title>
              <MemberSelect
                id={fieldId('userIds')}
                businessId={businessId}
                currentMembers={group?.members ?? []}
                value={form.values.userIds}
                onChange={(userIds) => form.setFieldValue('userIds', userIds)}
                onBlur={() => form.validateField('userIds')}
                error={form.errors.userIds}
              />
            </Stack>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={listHref} variant="default" disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isChanged}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmGroupChangeDialog
        opened={confirming}
        added={added.map(nameOf)}
        removed={removed.map(nameOf)}
        isSaving={isSubmitting}
        onConfirm={() => void save(form.getValues())}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
