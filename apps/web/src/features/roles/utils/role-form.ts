import {
  createRoleSchema,
  isPermissionKey,
  type PermissionKey,
  type Role,
  updateRoleSchema,
} from '@ferry/domain';
import type { FormErrors } from '@mantine/form';

/** The role editor's three modes (spec 001 §2): create (Create), edit (Save), view (Close, read-only). */
export type RoleEditorMode = 'create' | 'edit' | 'view';

export type RoleFormValues = { name: string; description: string; permissions: string[] };

export const EMPTY_ROLE_VALUES: RoleFormValues = { name: '', description: '', permissions: [] };

export const toRoleFormValues = (role: Role): RoleFormValues => ({
  name: role.name,
  description: role.description,
  permissions: [...role.permissions],
});

/** The body of `POST .../role` and `PATCH .../role/{id}`: trimmed texts and the known permission keys. */
export const toRoleRequest = (
  values: RoleFormValues,
): { name: string; description: string; permissions: PermissionKey[] } => ({
  name: values.name.trim(),
  description: values.description.trim(),
  permissions: values.permissions.filter(isPermissionKey),
});

/**
 * The role form's errors by the shared schemas (the server checks the same): the first message of each
 * field; the permission message says 'create' or 'modify' by the mode.
 */
export const validateRoleForm = (values: RoleFormValues, mode: 'create' | 'edit'): FormErrors => {
  const schema = mode === 'create' ? createRoleSchema : updateRoleSchema;
  const result = schema.safeParse({
    name: values.name,
    description: values.description,
    permissions: values.permissions.filter(isPermissionKey),
  });
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
};

/** Whether the form differs from the role as saved (what would be sent, compared with what is stored). */
export const hasRoleChanged = (role: RoleFormValues, values: RoleFormValues): boolean => {
  const next = toRoleRequest(values);
  return (
    next.name !== role.name.trim() ||
    next.description !== role.description.trim() ||
    !sameSet(next.permissions, role.permissions.filter(isPermissionKey))
  );
};

/** Moves focus to the first field in error once the errors are rendered (a permission box for the grid). */
export const focusFirstError = (form: HTMLFormElement | null): void => {
  setTimeout(() => {
    if (!form) return;
    const field =
      form.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('[data-invalid="true"] input[type="checkbox"]:not(:disabled)');
    field?.focus();
  }, 0);
};
