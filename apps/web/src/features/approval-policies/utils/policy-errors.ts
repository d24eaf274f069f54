import { APPROVAL_ERROR_CODES, APPROVAL_MESSAGES } from '@ferry/domain';
import { isApiError } from '@/lib/api-error';
import { collectServerErrors, type PolicyFormErrors } from './policy-form';

/**
 * How the editor answers a refused save (spec 001 §5, §8):
 * - `form`: the name is taken ('Policy name exists' on the name), or the server's field errors (the
 *   conditions, the stages' approvers, a quorum) shown in the form;
 * - `toast`: anything else, as 'Failed to create policy' / 'Error updating policy' — or the server's
 *   message for the Default Policy's fixed parts.
 */
export type PolicyFailure = { kind: 'form'; errors: PolicyFormErrors } | { kind: 'toast'; message: string };

export const classifyPolicyError = (error: unknown, mode: 'create' | 'edit'): PolicyFailure => {
  const fallback =
    mode === 'create' ? APPROVAL_MESSAGES.policyCreateFailed : APPROVAL_MESSAGES.policyUpdateFailed;
  if (!isApiError(error)) return { kind: 'toast', message: fallback };
  if (error.errorCode === APPROVAL_ERROR_CODES.policyNameExists) {
    return { kind: 'form', errors: { fields: { name: APPROVAL_MESSAGES.policyNameExists }, messages: [] } };
  }
  if (error.errorCode === APPROVAL_ERROR_CODES.defaultPolicyFixed) {
    return { kind: 'toast', message: error.message || fallback };
  }
  if ((error.statusCode === 400 || error.statusCode === 422) && error.errors.length > 0) {
    return { kind: 'form', errors: collectServerErrors(error.errors) };
  }
  return { kind: 'toast', message: fallback };
};
