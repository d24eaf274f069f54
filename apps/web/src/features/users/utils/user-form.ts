import { addTeamMemberSchema, addUserSchema } from '@ferry/domain';
import type { z } from 'zod';

/** Texts of the add-user form (spec 001 §2), verbatim. */
export const INVITATION_TEXT = 'Invitation will be sent to this email.';
export const ACCESS_ON_ACCEPTANCE_TEXT =
  'On acceptance the user gains access according to the assigned role.';
export const TEAM_MEMBER_QUESTION = 'Is this user a team member at the practice?';

/** The add-user form (spec 001 §2): the accountant's question, the email path's fields, the role. */
export type AddUserFormValues = {
  /** The accountant's answer to 'Is this user a team member at the practice?'. */
  isTeamMember: 'yes' | 'no';
  name: string;
  email: string;
  userId: string | null;
  roleId: string | null;
};

export const EMPTY_ADD_USER_VALUES: AddUserFormValues = {
  isTeamMember: 'no',
  name: '',
  email: '',
  userId: null,
  roleId: null,
};

/** The first message of each field a schema refuses. */
const fieldErrors = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
};

/** The shared rules (spec 001 §5): the team-member path needs a member and a role; the email path a name, a work email and a role. */
export const validateAddUser = (values: AddUserFormValues): Record<string, string> =>
  values.isTeamMember === 'yes'
    ? fieldErrors(addTeamMemberSchema, { userId: values.userId ?? '', roleId: values.roleId ?? '' })
    : fieldErrors(addUserSchema, { name: values.name, email: values.email, roleId: values.roleId ?? '' });

/** The order the fields appear in, to focus the first one in error. */
export const ADD_USER_FIELD_ORDER = ['userId', 'name', 'email', 'roleId'] as const;
