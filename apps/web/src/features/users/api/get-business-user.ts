import { businessUserSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys, userPath } from './keys';

/** `GET /business/{id}/users/{userId}`: a member (by user id) or a pending invitation (by its id). */
export const getBusinessUser = (businessId: string, userId: string, signal?: AbortSignal) =>
  api.get(userPath(businessId, userId), { schema: businessUserSchema, ...(signal ? { signal } : {}) });

export const businessUserQueryOptions = (businessId: string, userId: string) =>
  queryOptions({
    queryKey: userKeys.detail(businessId, userId),
    queryFn: ({ signal }) => getBusinessUser(businessId, userId, signal),
    refetchOnMount: true,
  });

export const useBusinessUser = (businessId: string, userId: string, enabled = true) =>
  useQuery({ ...businessUserQueryOptions(businessId, userId), enabled: enabled && userId !== '' });
