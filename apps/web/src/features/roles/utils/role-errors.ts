import { SETTINGS_API_MESSAGES, SETTINGS_ERROR_CODES } from '@ferry/domain';
import { isApiError } from '@/lib/api-error';

/** The fields of the role form a server error may name. */
export type RoleField = 'name' | 'description' | 'permissions';

const ROLE_FIELDS: readonly string[] = ['name', 'description', 'permissions'];

/**
 * How the role screens answer a failed role write (spec 001 §8):
 * - `nameExists` (ROLE_ALREADY_EXISTS): the name field is in error and the message is toasted;
 * - `cannotModify` (ROLE_CANNOT_BE_MODIFIED): the 'Role cannot be modified' dialog;
 * - `fields`: the server's field errors, shown on their fields;
 * - `other`: the message, or 'Something went wrong'.
 */
export type RoleFailure =
  | { kind: 'nameExists'; message: string }
  | { kind: 'cannotModify'; message: string }
  | { kind: 'fields'; errors: Partial<Record<RoleField, string>> }
  | { kind: 'other'; message: string };

export const classifyRoleError = (error: unknown): RoleFailure => {
  if (!isApiError(error)) return { kind: 'other', message: SETTINGS_API_MESSAGES.somethingWentWrong };
  const message = error.message.trim() || SETTINGS_API_MESSAGES.somethingWentWrong;
  if (error.errorCode === SETTINGS_ERROR_CODES.roleExists) {
    const onName = error.errors.find((e) => e.field === 'name')?.message;
    return { kind: 'nameExists', message: onName?.trim() || message };
  }
  if (error.errorCode === SETTINGS_ERROR_CODES.roleCannotBeModified) return { kind: 'cannotModify', message };
  const fieldErrors: Partial<Record<RoleField, string>> = {};
  for (const fieldError of error.errors) {
    if (ROLE_FIELDS.includes(fieldError.field) && fieldErrors[fieldError.field as RoleField] === undefined) {
      fieldErrors[fieldError.field as RoleField] = fieldError.message;
    }
  }
  if (error.statusCode === 400 && Object.keys(fieldErrors).length > 0) {
    return { kind: 'fields', errors: fieldErrors };
  }
  return { kind: 'other', message };
};
