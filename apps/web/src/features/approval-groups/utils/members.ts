import type { ApprovalGroupMember, BusinessUser } from '@ferry/domain';

/** 'Ada Lovelace', or the email when the account carries no name. */
export const memberNameOf = (member: Pick<ApprovalGroupMember | BusinessUser, 'user'>): string =>
  [member.user.firstName, member.user.lastName].filter(Boolean).join(' ').trim() || member.user.email;
