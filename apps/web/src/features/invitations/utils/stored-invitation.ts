import { z } from 'zod';
import { getStored, removeStored, type StoredInvitation, setStored } from '@/lib/storage';
import { type InvitationData, invitationDataSchema, type OpenedInvitation } from '../api/open-invitation';

/**
 * The invitation kept in storage 'invitedUser' (spec 000 §3: "invitation (persisted locally)") while
 * its flow runs: `{ invitationType, code, invitationData }`, where `invitationData` also carries the
 * `invitationId` and `action` the accept step needs.
 */
export const toStoredInvitation = (opened: OpenedInvitation, code?: string): StoredInvitation => {
  const storedCode = opened.code ?? code;
  return {
    invitationType: opened.invitationType,
    ...(storedCode ? { code: storedCode } : {}),
    invitationData: {
      ...opened.invitationData,
      invitationId: opened.invitationId,
      action: opened.action ?? null,
    },
  };
};

export const storeInvitation = (opened: OpenedInvitation, code?: string): void =>
  setStored('invitedUser', toStoredInvitation(opened, code));

/** Forgets the invitation once it is accepted or declined. */
export const clearStoredInvitation = (): void => {
  removeStored('invitedUser');
  removeStored('redirectPage');
};

const storedInvitationDataSchema = invitationDataSchema.extend({
  invitationId: z.string().nullish(),
  action: z.string().nullish(),
});

export type PendingInvitation = {
  invitationId: string | null;
  invitationType: string;
  data: InvitationData;
};

/** The stored invitation, read defensively (storage is user-controlled input). */
export const readStoredInvitation = (stored: StoredInvitation | null = getStored('invitedUser')) => {
  if (!stored || typeof stored.invitationType !== 'string') return null;
  const parsed = storedInvitationDataSchema.safeParse(stored.invitationData ?? {});
  const data: z.infer<typeof storedInvitationDataSchema> = parsed.success ? parsed.data : {};
  const invitationId = data.invitationId ?? data.id ?? null;
  return { invitationId, invitationType: stored.invitationType, data } satisfies PendingInvitation;
};

/** Whether the signed-in user is the one the invitation was sent to (by id, else by email). */
export const isInvitationFor = (
  invitation: PendingInvitation,
  user: { id: string; email: string } | null | undefined,
): boolean => {
  if (!user) return false;
  const { sentToUserId, email } = invitation.data;
  if (sentToUserId) return sentToUserId === user.id;
  if (email) return email.trim().toLowerCase() === user.email.trim().toLowerCase();
  return true;
};
