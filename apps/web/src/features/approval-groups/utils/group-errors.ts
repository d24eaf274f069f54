import { APPROVAL_ERROR_CODES, MESSAGES } from '@ferry/domain';
import { isApiError } from '@/lib/api-error';
import { GROUP_FIELD_ORDER, type GroupField } from './group-form';

/**
 * How the group screens answer a failed write (spec 001 §8):
 * - `fields`: APPROVAL_GROUP_NAME_ALREADY_EXISTS marks the name field with the server's message; a
 *   validation failure (400, or 422 on the members) shows each message on its field;
 * - `other`: the message, or 'Something went wrong'.
 */
export type GroupFailure =
  | { kind: 'fields'; errors: Partial<Record<GroupField, string>> }
  | { kind: 'other'; message: string };

const isGroupField = (field: string): field is GroupField =>
  (GROUP_FIELD_ORDER as readonly string[]).includes(field);

export const classifyGroupError = (error: unknown): GroupFailure => {
  if (!isApiError(error)) return { kind: 'other', message: MESSAGES.somethingWentWrong };
  const message = error.message.trim() || MESSAGES.somethingWentWrong;
  if (error.errorCode === APPROVAL_ERROR_CODES.groupNameExists) {
    const onName = error.errors.find((e) => e.field === 'name')?.message.trim();
    return { kind: 'fields', errors: { name: onName || message } };
  }
  const errors: Partial<Record<GroupField, string>> = {};
  for (const fieldError of error.errors) {
    // `userIds.2` names one member: the message belongs to the members field.
    const field = fieldError.field.split('.')[0] ?? '';
    if (isGroupField(field) && errors[field] === undefined) errors[field] = fieldError.message;
  }
  if ((error.statusCode === 400 || error.statusCode === 422) && Object.keys(errors).length > 0) {
    return { kind: 'fields', errors };
  }
  return { kind: 'other', message };
};
