import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { splitName } from './display';
import { getChangeRoleErrorMessage, isUserInApprovalError, routeAddUserError } from './errors';

const emailForm = ['email', 'roleId'] as const;
const teamForm = ['userId', 'roleId'] as const;

describe('routeAddUserError (spec 001 §8)', () => {
  it('sends a message about the email to the email field, one about the role to the role field', () => {
    expect(
      routeAddUserError(
        new ApiError({ statusCode: 409, message: 'An invitation is already pending for this email.' }),
        emailForm,
      ),
    ).toEqual({
      kind: 'field',
      field: 'email',
      message: 'An invitation is already pending for this email.',
    });
    expect(
      routeAddUserError(new ApiError({ statusCode: 404, message: 'Role not found.' }), emailForm),
    ).toEqual({
      kind: 'field',
      field: 'roleId',
      message: 'Role not found.',
    });
  });

  it('prefers the field the server names, when the form shows it', () => {
    const error = new ApiError({
      statusCode: 404,
      message: 'Selected team member not found',
      errors: [{ field: 'userId', message: 'Selected team member not found' }],
    });
    expect(routeAddUserError(error, teamForm)).toEqual({
      kind: 'field',
      field: 'userId',
      message: 'Selected team member not found',
    });
    // The email form has no team-member field: a toast.
    expect(routeAddUserError(error, emailForm)).toEqual({
      kind: 'toast',
      message: 'Selected team member not found',
    });
  });

  it("toasts other messages; 'User not added' for a failure that says nothing", () => {
    expect(
      routeAddUserError(
        new ApiError({ statusCode: 429, message: 'Too many requests. Please try again later.' }),
        emailForm,
      ),
    ).toEqual({
      kind: 'toast',
      message: 'Too many requests. Please try again later.',
    });
    // An email message on the team-member path (no email field) is a toast.
    expect(routeAddUserError(new ApiError({ statusCode: 409, message: 'Bad email' }), teamForm).kind).toBe(
      'toast',
    );
    expect(routeAddUserError(new ApiError({ statusCode: 500 }), emailForm)).toEqual({
      kind: 'toast',
      message: 'User not added',
    });
    expect(routeAddUserError(new ApiError({ statusCode: 0 }), emailForm)).toEqual({
      kind: 'toast',
      message: 'User not added',
    });
    expect(routeAddUserError(new Error('x'), emailForm)).toEqual({
      kind: 'toast',
      message: 'User not added',
    });
  });
});

describe('change-role errors (spec 001 §8)', () => {
  it('recognises the approval refusal by its code or its words', () => {
    expect(
      isUserInApprovalError(new ApiError({ statusCode: 409, errorCode: 'USER_IN_APPROVAL', message: 'x' })),
    ).toBe(true);
    expect(
      isUserInApprovalError(new ApiError({ statusCode: 409, message: 'User is in an approval policy' })),
    ).toBe(true);
    expect(
      isUserInApprovalError(new ApiError({ statusCode: 409, message: 'Member of an approvers group' })),
    ).toBe(true);
    expect(
      isUserInApprovalError(
        new ApiError({ statusCode: 409, message: 'A business must keep at least one Admin.' }),
      ),
    ).toBe(false);
  });

  it("falls back to 'Failed to update user role'", () => {
    expect(getChangeRoleErrorMessage(new ApiError({ statusCode: 500, message: 'x' }))).toBe(
      'Failed to update user role',
    );
    expect(
      getChangeRoleErrorMessage(
        new ApiError({ statusCode: 403, message: 'You cannot change your own role.' }),
      ),
    ).toBe('You cannot change your own role.');
  });
});

describe('splitName', () => {
  it('collapses whitespace and splits at the first space', () => {
    expect(splitName('  Ada   King  Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
