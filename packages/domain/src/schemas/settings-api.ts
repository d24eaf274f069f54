import { z } from 'zod';
import { EMPLOYEE_COUNT_BANDS, USER_ACTIVE_STATUSES } from '../catalogues/access.js';
import { idSchema } from '../ids/id.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';

/**
 * Requests and answers of the settings area's users, roles and practice calls (spec 001 §2–§9, 000 §3),
 * shared by the server and the browser. The field rules and their messages are in settings.ts and
 * business.ts; this file is the shape of the calls.
 */

/** The statuses a business member (or a pending invitation) shows in the users list. */
export const MEMBER_STATUSES = ['PENDING', 'ACTIVE', 'EXPIRED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Invitation kinds of this area (spec 000 §3 "Invitation types": other user, practice). */
export const OTHER_USER_INVITATION = 'OTHER_USER';
export const PRACTICE_INVITATION = 'PRACTICE';

/** Toasts, answers and error messages of users, roles and practice (spec 001 §5, §8; the rest are Ferry's). */
export const SETTINGS_API_MESSAGES = {
  userAdded: 'User added successfully',
  userNotAdded: 'User not added',
  userRoleUpdated: 'User role updated successfully',
  userRoleUpdateFailed: 'Failed to update user role',
  noChanges: 'No changes made to update',
  userIdNotFound: 'User ID not found',
  teamMemberNotFound: 'Selected team member not found',
  selectTeamMember: 'Please select a team member',
  userNotFound: 'User not found.',
  userRemoved: 'User removed from the business.',
  alreadyMember: 'This email already belongs to a member of this business.',
  alreadyInvited: 'An invitation is already pending for this email.',
  invitationResent: 'Invitation sent again.',
  invitationRevoked: 'Invitation revoked.',
  invitationNotFound: 'Invitation not found.',
  /** Mentions "approval policy" and "group": the browser opens the Cannot-change-role dialog on it (§8). */
  userInApproval:
    'This user is an approver in an active approval policy or approval group. Remove them from it before changing their role.',
  lastAdmin: 'A business must keep at least one Admin.',
  removeYourself: 'You cannot remove yourself from the business.',
  changeOwnRole: 'You cannot change your own role.',
  roleCreated: 'Role Successfully Created',
  roleUpdated: 'Role Successfully Updated',
  roleDeleted: 'Role deleted.',
  roleNotFound: 'Role not found.',
  roleExists: 'A role with this name already exists.',
  roleCannotBeModified: 'This role cannot be modified. Unassign the role from its users first.',
  builtInRole: 'Built-in roles cannot be changed or deleted.',
  practiceCreated: 'Practice created.',
  practiceExists: 'Your practice is already set up.',
  practiceNotFound: 'Practice not found.',
  notAccountant: 'Only accountants can run a practice.',
  teamInviteSent: 'Invitation sent.',
  teamInviteUpdated: 'Invitation updated.',
  teamMemberRemoved: 'Team member removed.',
  teamMemberExists: 'This person is already on your team.',
  /** Inviting one's own email to one's own practice team (on field `email`). */
  teamInviteYourself: 'You cannot invite your own email address to your team.',
  /** A resend within a minute of the last invitation email (429). */
  teamInviteTooSoon: 'An invitation was just sent. Please wait a minute before sending it again.',
  somethingWentWrong: 'Something went wrong',
} as const;

/** Error codes of this area (spec 001 §8), beside the platform's (NOT_FOUND, ACCESS_DENIED…). */
export const SETTINGS_ERROR_CODES = {
  roleExists: 'ROLE_ALREADY_EXISTS',
  roleCannotBeModified: 'ROLE_CANNOT_BE_MODIFIED',
  builtInRole: 'BUILT_IN_ROLE',
  userInApproval: 'USER_IN_APPROVAL',
  lastAdmin: 'LAST_ADMIN',
  removeYourself: 'CANNOT_REMOVE_YOURSELF',
  changeOwnRole: 'CANNOT_CHANGE_OWN_ROLE',
  alreadyMember: 'ALREADY_MEMBER',
  alreadyInvited: 'ALREADY_INVITED',
  noChanges: 'NO_CHANGES',
} as const;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** Search over names and emails: at most 50 characters. */
export const SETTINGS_SEARCH_MAX = 50;
const searchSchema = z.string().trim().max(SETTINGS_SEARCH_MAX).optional();

const pageFields = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
};

/** `GET /business/{id}/users` (spec 001 §7). `invitations=true` lists pending invitations too. */
export const businessUsersQuerySchema = z.object({
  ...pageFields,
  sortBy: z.enum(['name', 'email', 'role', 'status', 'createdAt']).default('name'),
  invitations: booleanQuery,
  status: z.enum(MEMBER_STATUSES).optional(),
  roleId: idSchema.optional(),
  searchBy: searchSchema,
  /** Only members whose role holds the approve-and-pay right (approval group pickers). */
  billApprovalPermissions: booleanQuery,
});
export type BusinessUsersQuery = z.input<typeof businessUsersQuerySchema>;

export const roleSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  isBuiltIn: z.boolean(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

/**
 * A row of the users list: a member (`userId` set, `mappingId` null) or a pending invitation to join
 * (`mappingId` set: resend with `POST .../user/mapping/{mappingId}/resend-invite`, revoke with
 * `DELETE .../users/{id}`). `id` is what `GET`/`DELETE .../users/{id}` and `change-role` take.
 */
export const businessUserSchema = z.object({
  id: idSchema,
  userId: idSchema.nullable(),
  mappingId: idSchema.nullable(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  roleId: idSchema,
  roleDetails: roleSummarySchema,
  userType: z.string().nullable(),
  /** The member's account status (spec 001 §4); PENDING for an invitation. */
  activeStatus: z.enum(USER_ACTIVE_STATUSES),
  status: z.enum(MEMBER_STATUSES),
  /** Whether the row is the signed-in user. */
  isCurrentUser: z.boolean(),
  /** Whether the member came from the accountant's practice team. */
  isPracticeMember: z.boolean(),
  invitedAt: z.string().nullable(),
  invitationExpiresAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
});
export type BusinessUser = z.infer<typeof businessUserSchema>;

/**
 * `POST /business/{id}/users`: an invitation by email (firstName, lastName, email, roleId) or, for an
 * accountant, an existing practice team member (userId, roleId). The browser's form schemas are
 * `addUserSchema` / `addTeamMemberSchema` (settings.ts); the name splits at its first space.
 */
export const addBusinessUserRequestSchema = z.union([
  z.object({
    userId: idSchema,
    roleId: idSchema,
  }),
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    roleId: idSchema,
  }),
]);

/** `GET .../users/{userId}/user-approval-assignments`: where the user approves (empty until approvals). */
export const userApprovalAssignmentsSchema = z.object({
  policies: z.array(z.object({ id: idSchema, name: z.string() })),
  groups: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type UserApprovalAssignments = z.infer<typeof userApprovalAssignmentsSchema>;

/** `GET /business/{id}/roles` (first page of the user screen's role list: size 10, ascending). */
export const rolesQuerySchema = z.object({
  ...pageFields,
  sortBy: z.enum(['name', 'createdAt', 'updatedAt']).default('name'),
});
export type RolesQuery = z.input<typeof rolesQuerySchema>;

export const roleSchema = roleSummarySchema.extend({
  /** Permission keys such as `PAY_INBOX.view` (permissions/keys.ts). */
  permissions: z.array(z.string()),
  /** Members and pending invitations holding the role. */
  userCount: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** `POST /business/{id}/role` and `PATCH .../role/{roleId}` answer `{ message, role }`. */
export const roleWriteResultSchema = z.object({ message: z.string(), role: roleSchema });

export const CLIENT_RANGES = EMPLOYEE_COUNT_BANDS.map((band) => band.value);

/** `GET /practice` (null when the accountant has not set it up) and `POST /practice`. */
export const practiceSchema = z.object({
  id: idSchema,
  practiceFirmName: z.string(),
  clientRange: z.string(),
  /** The accountant who runs the practice. */
  ownerUserId: idSchema,
  /** Whether the signed-in user runs it (false for a team member). */
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type Practice = z.infer<typeof practiceSchema>;

export const TEAM_MEMBER_STATUSES = ['PENDING', 'ACTIVE', 'EXPIRED'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** `GET /practice-members?status&pageNumber&pageSize`, or `?businessId=` for the add-user picker. */
export const practiceMembersQuerySchema = z.object({
  pageNumber: pageFields.pageNumber,
  pageSize: pageFields.pageSize,
  status: z.enum(TEAM_MEMBER_STATUSES).optional(),
  /** Lists the active members with `isInBusiness` for that business (members of the accountant only). */
  businessId: idSchema.optional(),
});
export type PracticeMembersQuery = z.input<typeof practiceMembersQuerySchema>;

/** A practice team member or a pending invitation to the team (spec 001 §3 "Team member"). */
export const teamMemberSchema = z.object({
  /** The team-member id: what `DELETE /practice-members/{teamMemberId}` takes. */
  id: idSchema,
  invitationId: idSchema.nullable(),
  user: z.object({ id: idSchema.nullable(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  status: z.enum(TEAM_MEMBER_STATUSES),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
  /** With `?businessId=`: whether the member already belongs to that business. */
  isInBusiness: z.boolean().optional(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
