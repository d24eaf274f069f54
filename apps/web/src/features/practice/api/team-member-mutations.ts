import type { TeamMemberInvite } from '@ferry/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { practiceKeys } from './keys';

const enc = encodeURIComponent;
const loadMemberSchema = () => import('./practice-schemas').then((m) => m.teamMemberSchema);

/** `POST /practice-members/send-invite {name, email}`: invites a person to the practice team. */
export const inviteTeamMember = (body: TeamMemberInvite) =>
  api.post('/practice-members/send-invite', body, { schema: loadMemberSchema });

/** `POST /practice-members/{invitationId}/resend-invite`: a fresh link; the old one stops working. */
export const resendTeamInvite = (invitationId: string) =>
  api.post(`/practice-members/${enc(invitationId)}/resend-invite`, undefined, { schema: loadMemberSchema });

/** `PATCH /practice-members/invitation/{invitationId} {name, email}`: corrects a pending invitation. */
export const updateTeamInvite = (invitationId: string, body: TeamMemberInvite) =>
  api.patch(`/practice-members/invitation/${enc(invitationId)}`, body, { schema: loadMemberSchema });

/** `DELETE /practice-members/{teamMemberId}`: revokes an invitation, or removes a member from the team. */
export const removeTeamMember = (teamMemberId: string) =>
  api.delete(`/practice-members/${enc(teamMemberId)}`);

/** The team lists (and the add-user pickers of every business) change after any of these. */
const useTeamMutation = <A, R>(mutationFn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: practiceKeys.members, refetchType: 'all' }),
        queryClient.invalidateQueries({ queryKey: ['business-users'], refetchType: 'all' }),
      ]),
  });
};

export const useInviteTeamMember = () => useTeamMutation(inviteTeamMember);
export const useResendTeamInvite = () => useTeamMutation(resendTeamInvite);
export const useUpdateTeamInvite = () =>
  useTeamMutation(({ invitationId, body }: { invitationId: string; body: TeamMemberInvite }) =>
    updateTeamInvite(invitationId, body),
  );
export const useRemoveTeamMember = () => useTeamMutation(removeTeamMember);
