import type { TeamMemberStatus } from '@ferry/domain';
import { practiceQueryKey } from '@/lib/practice';

export type TeamMembersParams = { pageNumber: number; pageSize: number; status: TeamMemberStatus | null };

/** Query keys of the practice area: the signed-in user's practice and its team lists. */
export const practiceKeys = {
  practice: practiceQueryKey,
  members: ['practice-members'] as const,
  memberList: (params: TeamMembersParams) => [...practiceKeys.members, 'list', params] as const,
};
