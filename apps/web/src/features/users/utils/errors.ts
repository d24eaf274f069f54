import { SETTINGS_API_MESSAGES, SETTINGS_ERROR_CODES } from '@ferry/domain';
import { isApiError } from '@/lib/api-error';

/** Where a failed add-user call is shown (spec 001 §8). */
export type AddUserFailure =
  | { kind: 'field'; field: 'email' | 'roleId' | 'userId'; message: string }
  | { kind: 'toast'; message: string };

const API_FIELDS: Record<string, 'email' | 'roleId' | 'userId'> = {
  email: 'email',
  roleId: 'roleId',
  role: 'roleId',
  userId: 'userId',
};

/**
 * Spec 001 §8, add user: an error containing 'email' goes under the email field, one containing 'role'
 * under the role field, any other is a toast; 'User not added' when the failure says nothing. A field the
 * server names itself (`errors[].field`) wins, when the form shows that field.
 */
export const routeAddUserError = (
  error: unknown,
  shownFields: readonly ('email' | 'roleId' | 'userId')[],
): AddUserFailure => {
  if (!isApiError(error)) return { kind: 'toast', message: SETTINGS_API_MESSAGES.userNotAdded };
  for (const fieldError of error.errors) {
    const field = API_FIELDS[fieldError.field];
    if (field && shownFields.includes(field) && fieldError.message) {
      return { kind: 'field', field, message: fieldError.message };
    }
  }
  // A 5xx or a network failure carries the client's generic message: the spec's fallback says more.
  const message = error.statusCode >= 500 || error.statusCode === 0 ? '' : error.message.trim();
  if (!message) return { kind: 'toast', message: SETTINGS_API_MESSAGES.userNotAdded };
  const lower = message.toLowerCase();
  if (lower.includes('email') && shownFields.includes('email'))
    return { kind: 'field', field: 'email', message };
  if (lower.includes('role') && shownFields.includes('roleId'))
    return { kind: 'field', field: 'roleId', message };
  return { kind: 'toast', message };
};

/** Spec 001 §8, change role: an error mentioning an approval policy or group opens the Cannot-change-role dialog. */
export const isUserInApprovalError = (error: unknown): boolean => {
  if (!isApiError(error)) return false;
  if (error.errorCode === SETTINGS_ERROR_CODES.userInApproval) return true;
  return /approval\s+(policy|policies|group)|approvers?\s+group/i.test(error.message);
};

/** Spec 001 §8, change role: the server's message, else 'Failed to update user role'. */
export const getChangeRoleErrorMessage = (error: unknown): string => {
  if (!isApiError(error) || error.statusCode >= 500 || error.statusCode === 0) {
    return SETTINGS_API_MESSAGES.userRoleUpdateFailed;
  }
  return error.message.trim() || SETTINGS_API_MESSAGES.userRoleUpdateFailed;
};
