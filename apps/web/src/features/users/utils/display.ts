import type { BusinessUser, MemberStatus, StatusColour } from '@ferry/domain';

/** The users list's status filter (spec 001 §2: Active, Pending, Expired). */
export const MEMBER_STATUS_DISPLAY: Record<MemberStatus, { label: string; colour: StatusColour }> = {
  ACTIVE: { label: 'Active', colour: 'green' },
  PENDING: { label: 'Pending', colour: 'amber' },
  EXPIRED: { label: 'Expired', colour: 'red' },
};

/** 'Ada Lovelace', or the email when the invitation carries no name. */
export const getUserName = (user: Pick<BusinessUser, 'user'>): string =>
  [user.user.firstName, user.user.lastName].filter(Boolean).join(' ').trim() || user.user.email;

/** A pending or expired invitation to join (not yet a member). */
export const isInvitation = (user: Pick<BusinessUser, 'mappingId'>): boolean => user.mappingId !== null;

/**
 * The add-user name as the API takes it (spec 001 §7: firstName, lastName): whitespace collapsed, split at
 * the first space ('Ada King Lovelace' → 'Ada' and 'King Lovelace'; a single word has no last name).
 */
export const splitName = (name: string): { firstName: string; lastName: string } => {
  const collapsed = name.trim().replace(/\s+/g, ' ');
  const space = collapsed.indexOf(' ');
  return space === -1
    ? { firstName: collapsed, lastName: '' }
    : { firstName: collapsed.slice(0, space), lastName: collapsed.slice(space + 1) };
};
