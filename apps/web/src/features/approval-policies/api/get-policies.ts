import { type PolicyView, pagedSchema, policyViewSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { approvalPolicyKeys, policiesPath } from './keys';

/** The list as an array (the server's answer), or a page of it: the policies either way. */
const policyListSchema = z
  .union([z.array(policyViewSchema), pagedSchema(policyViewSchema)])
  .transform((answer): PolicyView[] => (Array.isArray(answer) ? answer : answer.items));

/** The policies by priority (1 first), the Default Policy last whatever the answer's order. */
export const sortPolicies = (policies: readonly PolicyView[]): PolicyView[] =>
  [...policies].sort((a, b) => Number(a.isDefault) - Number(b.isDefault) || a.order - b.order);

/** `GET /business/{id}/approvals/policies`: the active policies, highest priority first, the Default Policy last. */
export const getPolicies = async (businessId: string, signal?: AbortSignal): Promise<PolicyView[]> =>
  sortPolicies(
    await api.get(policiesPath(businessId), { schema: policyListSchema, ...(signal ? { signal } : {}) }),
  );

export const policiesQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: approvalPolicyKeys.list(businessId),
    queryFn: ({ signal }) => getPolicies(businessId, signal),
    // Back on the list after a save (the mutation invalidated it): ask again.
    refetchOnMount: true,
  });

export const usePolicies = (businessId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...policiesQueryOptions(businessId), enabled: (options.enabled ?? true) && businessId !== '' });
