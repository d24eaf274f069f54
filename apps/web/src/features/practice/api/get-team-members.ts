import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { practiceKeys, type TeamMembersParams } from './keys';

const loadPageSchema = () => import('./practice-schemas').then((m) => m.teamMembersPageSchema);

/** `GET /practice-members?status&pageNumber&pageSize`: the practice's team and its invitations, newest first. */
export const getTeamMembers = (params: TeamMembersParams, signal?: AbortSignal) =>
  api.get('/practice-members', {
    query: { pageNumber: params.pageNumber, pageSize: params.pageSize, status: params.status ?? undefined },
    schema: loadPageSchema,
    ...(signal ? { signal } : {}),
  });

export const teamMembersQueryOptions = (params: TeamMembersParams) =>
  queryOptions({
    queryKey: practiceKeys.memberList(params),
    queryFn: ({ signal }) => getTeamMembers(params, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: true,
  });

export const useTeamMembers = (params: TeamMembersParams, enabled = true) =>
  useQuery({ ...teamMembersQueryOptions(params), enabled });
