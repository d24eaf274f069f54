import { MAX_PAGE_SIZE, pagedSchema, teamMemberSchema } from '@ferry/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

const teamPageSchema = pagedSchema(teamMemberSchema);

/**
 * `GET /practice-members?businessId={id}`: the accountant's active team members, each with `isInBusiness`
 * for this business (the add-user form's team-member selector, spec 001 §2).
 */
export const getPracticeTeam = (businessId: string, signal?: AbortSignal) =>
  api.get('/practice-members', {
    query: { businessId, pageNumber: 1, pageSize: MAX_PAGE_SIZE },
    schema: teamPageSchema,
    ...(signal ? { signal } : {}),
  });

export const practiceTeamQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: userKeys.practiceTeam(businessId),
    queryFn: ({ signal }) => getPracticeTeam(businessId, signal),
    refetchOnMount: true,
  });

export const usePracticeTeam = (businessId: string, enabled: boolean) =>
  useQuery({ ...practiceTeamQueryOptions(businessId), enabled: enabled && businessId !== '' });
