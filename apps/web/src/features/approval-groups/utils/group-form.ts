import { type ApprovalGroup, type ApprovalGroupView, approvalGroupSchema } from '@ferry/domain';
import type { FormErrors } from '@mantine/form';

export type GroupFormValues = { name: string; description: string; userIds: string[] };

export const EMPTY_GROUP_VALUES: GroupFormValues = { name: '', description: '', userIds: [] };

export const GROUP_NAME_MAX = 60;
export const GROUP_DESCRIPTION_MAX = 200;

/** The fields in the order they are shown: the first one in error takes the focus. */
export const GROUP_FIELD_ORDER = ['name', 'description', 'userIds'] as const;
export type GroupField = (typeof GROUP_FIELD_ORDER)[number];

export const toGroupFormValues = (group: ApprovalGroupView): GroupFormValues => ({
  name: group.name,
  description: group.description,
  userIds: [...group.userIds],
});

/** The body of `POST .../approval-group` and `PATCH .../approval-group/{id}`. */
export const toGroupRequest = (values: GroupFormValues): ApprovalGroup => ({
  name: values.name,
  description: values.description,
  userIds: [...new Set(values.userIds)],
});

/**
 * The form's errors by the shared schema (the server checks the same, spec 001 §5): the first message of
 * each field.
 */
export const validateGroupForm = (values: GroupFormValues): FormErrors => {
  const result = approvalGroupSchema.safeParse(toGroupRequest(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

/** Who joins and who leaves the group, by id, in the order chosen. */
export const diffMembers = (before: readonly string[], after: readonly string[]) => {
  const was = new Set(before);
  const is = new Set(after);
  return {
    added: [...is].filter((id) => !was.has(id)),
    removed: [...was].filter((id) => !is.has(id)),
  };
};

/** Whether the form differs from the group as saved. */
export const hasGroupChanged = (saved: GroupFormValues, values: GroupFormValues): boolean => {
  const { added, removed } = diffMembers(saved.userIds, values.userIds);
  return (
    values.name !== saved.name ||
    values.description !== saved.description ||
    added.length + removed.length > 0
  );
};

/** 'Ada', 'Ada and Grace', 'Ada, Grace and Alan'. */
export const joinNames = (names: readonly string[]): string => {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};
