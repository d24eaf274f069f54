import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { classifyRoleError } from './role-errors';
import { hasRoleChanged, type RoleFormValues, toRoleRequest, validateRoleForm } from './role-form';

const SAVED: RoleFormValues = {
  name: 'Bookkeeper',
  description: 'Keeps the books',
  permissions: ['PAY_DUE_BILLS.manage', 'PAY_DUE_BILLS.view'],
};

describe('role form rules', () => {
  it('asks for permissions to create or to modify by the mode', () => {
    const values = { ...SAVED, permissions: [] };
    expect(validateRoleForm(values, 'create')).toEqual({
      permissions: 'Assign permissions to create this role.',
    });
    expect(validateRoleForm(values, 'edit')).toEqual({
      permissions: 'Assign permissions to modify this role.',
    });
    expect(validateRoleForm({ name: '   ', description: '', permissions: [] }, 'create')).toEqual({
      name: 'Role name is required.',
      description: 'Role description is required.',
      permissions: 'Assign permissions to create this role.',
    });
  });

  it('sends trimmed texts and only known permission keys', () => {
    expect(
      toRoleRequest({ name: ' Ops ', description: ' Runs ops ', permissions: ['PAY_INBOX.view', 'OLD.key'] }),
    ).toEqual({ name: 'Ops', description: 'Runs ops', permissions: ['PAY_INBOX.view'] });
  });

  it('sees no change in edge spaces or in the order of the permissions', () => {
    expect(hasRoleChanged(SAVED, { ...SAVED, name: 'Bookkeeper ' })).toBe(false);
    expect(hasRoleChanged(SAVED, { ...SAVED, permissions: [...SAVED.permissions].reverse() })).toBe(false);
    expect(hasRoleChanged(SAVED, { ...SAVED, description: 'Keeps the books.' })).toBe(true);
    expect(hasRoleChanged(SAVED, { ...SAVED, permissions: ['PAY_DUE_BILLS.view'] })).toBe(true);
  });
});

describe('role write failures (spec 001 §8)', () => {
  it('routes the error codes to the name field, the dialog, the fields or a message', () => {
    expect(
      classifyRoleError(
        new ApiError({
          message: 'A role with this name already exists.',
          statusCode: 409,
          errorCode: 'ROLE_ALREADY_EXISTS',
          errors: [{ field: 'name', message: 'A role with this name already exists.' }],
        }),
      ),
    ).toEqual({ kind: 'nameExists', message: 'A role with this name already exists.' });
    expect(
      classifyRoleError(
        new ApiError({ message: 'Nope', statusCode: 409, errorCode: 'ROLE_CANNOT_BE_MODIFIED' }),
      ),
    ).toEqual({ kind: 'cannotModify', message: 'Nope' });
    expect(
      classifyRoleError(
        new ApiError({
          message: 'Validation failed',
          statusCode: 400,
          errors: [{ field: 'description', message: 'Role description cannot exceed 200 characters.' }],
        }),
      ),
    ).toEqual({ kind: 'fields', errors: { description: 'Role description cannot exceed 200 characters.' } });
    expect(
      classifyRoleError(
        new ApiError({ message: 'No changes made to update', statusCode: 400, errorCode: 'NO_CHANGES' }),
      ),
    ).toEqual({ kind: 'other', message: 'No changes made to update' });
    expect(classifyRoleError(new Error('boom'))).toEqual({ kind: 'other', message: 'Something went wrong' });
  });
});
