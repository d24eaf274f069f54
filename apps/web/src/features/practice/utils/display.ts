import type { StatusColour, TeamMember, TeamMemberStatus } from '@ferry/domain';

export const TEAM_MEMBER_STATUS_DISPLAY: Record<TeamMemberStatus, { label: string; colour: StatusColour }> = {
  ACTIVE: { label: 'Active', colour: 'green' },
  PENDING: { label: 'Pending', colour: 'amber' },
  EXPIRED: { label: 'Expired', colour: 'red' },
};

export const getTeamMemberName = (member: Pick<TeamMember, 'user'>): string =>
  [member.user.firstName, member.user.lastName].filter(Boolean).join(' ').trim() || member.user.email;
