import { policyViewSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { approvalPolicyKeys, policyPath } from './keys';

/** `GET /business/{id}/approvals/policies/{policyId}`: one policy with its approvers' names. */
export const getPolicy = (businessId: string, policyId: string, signal?: AbortSignal) =>
  api.get(policyPath(businessId, policyId), { schema: policyViewSchema, ...(signal ? { signal } : {}) });

export const policyQueryOptions = (businessId: string, policyId: string) =>
  queryOptions({
    queryKey: approvalPolicyKeys.detail(businessId, policyId),
    queryFn: ({ signal }) => getPolicy(businessId, policyId, signal),
    // The editor starts from the policy as it is now.
    refetchOnMount: 'always',
  });

export const usePolicy = (businessId: string, policyId: string, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...policyQueryOptions(businessId, policyId),
    enabled: (options.enabled ?? true) && policyId !== '',
  });
