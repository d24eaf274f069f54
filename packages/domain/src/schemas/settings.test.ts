import { describe, expect, it } from 'vitest';
import {
  addTeamMemberSchema,
  addUserSchema,
  approvalGroupSchema,
  createRoleSchema,
  teamMemberInviteSchema,
  updateRoleSchema,
} from './settings.js';
import { firstMessage } from './test-helpers.js';

const role = { name: 'Accounts Payable-2', description: 'Pays bills', permissions: ['PAY_INBOX.view'] };

describe('role schemas', () => {
  it('accepts a valid role', () => {
    expect(createRoleSchema.safeParse(role).success).toBe(true);
  });

  it.each([
    [{ name: '' }, 'Role name is required.'],
    [{ name: 'r'.repeat(61) }, 'Role name cannot exceed 60 characters.'],
    [{ name: 'AP & AR' }, 'Invalid characters detected. Use only letters, numbers, spaces, or hyphens.'],
    [{ description: '' }, 'Role description is required.'],
    [{ description: 'd'.repeat(201) }, 'Role description cannot exceed 200 characters.'],
    [{ permissions: [] }, 'Assign permissions to create this role.'],
  ])('%j → %s', (patch, message) => {
    expect(firstMessage(createRoleSchema, { ...role, ...patch })).toBe(message);
  });

  it('uses the modify wording on update and rejects unknown keys', () => {
    expect(firstMessage(updateRoleSchema, { ...role, permissions: [] })).toBe(
      'Assign permissions to modify this role.',
    );
    expect(createRoleSchema.safeParse({ ...role, permissions: ['EVERYTHING'] }).success).toBe(false);
  });
});

describe('approvalGroupSchema', () => {
  const group = { name: 'AP Team - East/West', description: "Approvers for O'Hare & co.", userIds: [] };
  const chars =
    "You can use letters, numbers, and - . ' / _ & , Please avoid spaces at the beginning or end.";

  it.each([
    [{ name: '' }, 'Group name is required.'],
    [{ name: 'g'.repeat(61) }, 'Group name cannot exceed 60 characters.'],
    [{ name: ' Team' }, chars],
    [{ name: 'Team!' }, chars],
    [{ description: '' }, 'Group description is required.'],
    [{ description: 'd'.repeat(201) }, 'Group description cannot exceed 200 characters.'],
    [{ userIds: [] }, 'Add at least one member to the group.'],
  ])('%j → %s', (patch, message) => {
    expect(firstMessage(approvalGroupSchema, { ...group, ...patch })).toBe(message);
  });

  it('accepts a valid group with member ids', () => {
    expect(approvalGroupSchema.safeParse({ ...group, userIds: ['0123456789abcdef01234567'] }).success).toBe(
      true,
    );
    expect(approvalGroupSchema.safeParse({ ...group, userIds: ['nope'] }).success).toBe(false);
  });
});

describe('addUserSchema', () => {
  const user = { name: 'Jane Doe', email: 'jane@acme.com', roleId: 'r1' };

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'J' }, 'Name must be at least 2 characters'],
    [{ name: 'J'.repeat(51) }, 'Name cannot exceed 50 characters'],
    [{ name: 'Jane 2' }, 'Name can only contain letters and spaces'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'jane' }, 'Please enter a valid email address'],
    [
      { email: 'jane@mailinator.com' },
      'Please use a valid email address. Disposable email addresses are not allowed.',
    ],
    [
      { email: 'jane.doe@gmail.com' },
      'Invalid email address. Please ensure you use a valid work email address. For example: name@yourcompany.com',
    ],
    [{ roleId: '' }, 'Role is required'],
  ])('%j → %s', (patch, message) => {
    expect(firstMessage(addUserSchema, { ...user, ...patch })).toBe(message);
  });

  it('measures the name after collapsing whitespace', () => {
    expect(
      firstMessage(addUserSchema, { ...user, name: `${'J'.repeat(25)}      ${'D'.repeat(24)}` }),
    ).toBeUndefined();
  });

  it('requires a team member and checks invitations', () => {
    expect(firstMessage(addTeamMemberSchema, { userId: '', roleId: 'r' })).toBe('Team member is required');
    expect(firstMessage(teamMemberInviteSchema, { name: 'Jo', email: 'jo@acme.com' })).toBe(
      'Name must be at least 3 characters',
    );
    expect(firstMessage(teamMemberInviteSchema, { name: ' Jo  ', email: 'jo@acme.com' })).toBe(
      'Name must be at least 3 characters',
    );
    expect(
      firstMessage(teamMemberInviteSchema, { name: 'Jo Lee', email: `${'j'.repeat(250)}@acme.com` }),
    ).toBe('Please enter a valid email address');
    expect(firstMessage(teamMemberInviteSchema, { name: 'J'.repeat(51), email: 'jo@acme.com' })).toBe(
      'Name cannot exceed 50 characters',
    );
    expect(
      firstMessage(teamMemberInviteSchema, {
        name: `${'J'.repeat(25)}   ${'D'.repeat(24)}`,
        email: 'jo@acme.com',
      }),
    ).toBeUndefined();
  });
});
