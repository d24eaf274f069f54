import { z } from 'zod';
import { idSchema } from '../ids/id.js';
import { permissionKeySchema } from '../permissions/key-schema.js';
import { EMAIL_MESSAGES } from './email.js';
import { textField } from './text-field.js';
import { strictWorkEmailSchema, workEmailSchema } from './work-email.js';

/** The longest email address there can be (RFC 5321 path limit). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required.',
  nameTooLong: 'Role name cannot exceed 60 characters.',
  nameInvalid: 'Invalid characters detected. Use only letters, numbers, spaces, or hyphens.',
  descriptionRequired: 'Role description is required.',
  descriptionTooLong: 'Role description cannot exceed 200 characters.',
  permissionsCreate: 'Assign permissions to create this role.',
  permissionsModify: 'Assign permissions to modify this role.',
} as const;

export const roleNameSchema = textField({
  required: ROLE_MESSAGES.nameRequired,
  onlySpaces: ROLE_MESSAGES.nameRequired,
  max: { length: 60, message: ROLE_MESSAGES.nameTooLong },
  pattern: { regex: /^[A-Za-z0-9 -]+$/, message: ROLE_MESSAGES.nameInvalid },
});

export const roleDescriptionSchema = textField({
  required: ROLE_MESSAGES.descriptionRequired,
  onlySpaces: ROLE_MESSAGES.descriptionRequired,
  max: { length: 200, message: ROLE_MESSAGES.descriptionTooLong },
});

const permissionsField = (message: string) => z.array(permissionKeySchema).min(1, { error: message });

/** Create-role body: name, description and at least one permission key. */
export const createRoleSchema = z.object({
  name: roleNameSchema,
  description: roleDescriptionSchema,
  permissions: permissionsField(ROLE_MESSAGES.permissionsCreate),
});
export type CreateRole = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = createRoleSchema.extend({
  permissions: permissionsField(ROLE_MESSAGES.permissionsModify),
});
export type UpdateRole = z.infer<typeof updateRoleSchema>;

export const APPROVAL_GROUP_MESSAGES = {
  nameRequired: 'Group name is required.',
  nameTooLong: 'Group name cannot exceed 60 characters.',
  descriptionRequired: 'Group description is required.',
  descriptionTooLong: 'Group description cannot exceed 200 characters.',
  characters: "You can use letters, numbers, and - . ' / _ & , Please avoid spaces at the beginning or end.",
  /** Ferry's rule: a group without members could never approve anything. */
  membersRequired: 'Add at least one member to the group.',
} as const;

const GROUP_PATTERN = /^[\p{L}\p{N}\-.'/_&,]+(?: +[\p{L}\p{N}\-.'/_&,]+)*$/u;

export const approvalGroupNameSchema = textField({
  required: APPROVAL_GROUP_MESSAGES.nameRequired,
  onlySpaces: APPROVAL_GROUP_MESSAGES.nameRequired,
  max: { length: 60, message: APPROVAL_GROUP_MESSAGES.nameTooLong },
  pattern: { regex: GROUP_PATTERN, message: APPROVAL_GROUP_MESSAGES.characters },
});

export const approvalGroupDescriptionSchema = textField({
  required: APPROVAL_GROUP_MESSAGES.descriptionRequired,
  onlySpaces: APPROVAL_GROUP_MESSAGES.descriptionRequired,
  max: { length: 200, message: APPROVAL_GROUP_MESSAGES.descriptionTooLong },
  pattern: { regex: GROUP_PATTERN, message: APPROVAL_GROUP_MESSAGES.characters },
});

export const approvalGroupSchema = z.object({
  name: approvalGroupNameSchema,
  description: approvalGroupDescriptionSchema,
  userIds: z.array(idSchema).min(1, { error: APPROVAL_GROUP_MESSAGES.membersRequired }),
});
export type ApprovalGroup = z.infer<typeof approvalGroupSchema>;

export const ADD_USER_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name cannot exceed 50 characters',
  nameLetters: 'Name can only contain letters and spaces',
  roleRequired: 'Role is required',
  teamMemberRequired: 'Team member is required',
} as const;

/** Add-user name: 2–50 characters after collapsing whitespace, letters and spaces only. */
export const addUserNameSchema = textField({
  required: ADD_USER_MESSAGES.nameRequired,
  onlySpaces: ADD_USER_MESSAGES.nameRequired,
  collapseWhitespace: true,
  min: { length: 2, message: ADD_USER_MESSAGES.nameTooShort },
  max: { length: 50, message: ADD_USER_MESSAGES.nameTooLong },
  pattern: { regex: /^[\p{L}\s]+$/u, message: ADD_USER_MESSAGES.nameLetters },
});

export const roleIdSchema = z
  .string({ error: ADD_USER_MESSAGES.roleRequired })
  .min(1, { error: ADD_USER_MESSAGES.roleRequired });

/**
 * Add user by invitation: name, work email (spec 001 §5: the work-email check — no free-mail provider — and
 * the disposable-domain one) and role.
 */
export const addUserSchema = z.object({
  name: addUserNameSchema,
  email: strictWorkEmailSchema,
  roleId: roleIdSchema,
});
export type AddUser = z.infer<typeof addUserSchema>;

/** Add an existing practice team member: the member and a role. */
export const addTeamMemberSchema = z.object({
  userId: z
    .string({ error: ADD_USER_MESSAGES.teamMemberRequired })
    .min(1, { error: ADD_USER_MESSAGES.teamMemberRequired }),
  roleId: roleIdSchema,
});
export type AddTeamMember = z.infer<typeof addTeamMemberSchema>;

export const changeRoleSchema = z.object({ roleId: roleIdSchema });
export type ChangeRole = z.infer<typeof changeRoleSchema>;

/**
 * Practice team invitation: name of at least 3 characters (at most 50, as the add-user name: it becomes
 * the invitee's first and last name) and a valid email.
 */
export const teamMemberInviteSchema = z.object({
  name: textField({
    required: ADD_USER_MESSAGES.nameRequired,
    onlySpaces: ADD_USER_MESSAGES.nameRequired,
    collapseWhitespace: true,
    min: { length: 3, message: 'Name must be at least 3 characters' },
    max: { length: 50, message: ADD_USER_MESSAGES.nameTooLong },
  }),
  // No address is longer than 254 characters (RFC 5321): a longer one is not a valid address.
  email: workEmailSchema.refine((email) => email.length <= EMAIL_ADDRESS_MAX_LENGTH, {
    error: EMAIL_MESSAGES.invalid,
  }),
});
export type TeamMemberInvite = z.infer<typeof teamMemberInviteSchema>;
